import Foundation
import MachOReader
import Testing

@Suite struct ByteReaderTests {
    let reader = ByteReader(Data([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x41, 0x42, 0x00, 0x43]))

    @Test func readsBothByteOrders() throws {
        #expect(try reader.uint16(at: 0, .little) == 0x0201)
        #expect(try reader.uint16(at: 0, .big) == 0x0102)
        #expect(try reader.uint32(at: 0, .little) == 0x0403_0201)
        #expect(try reader.uint32(at: 0, .big) == 0x0102_0304)
        #expect(try reader.uint64(at: 0, .little) == 0x0807_0605_0403_0201)
        #expect(try reader.uint64(at: 0, .big) == 0x0102_0304_0506_0708)
    }

    @Test func outOfBoundsReadReportsAbsoluteOffsetAndWhat() throws {
        let sub = try reader.subReader(at: 4, count: 4)
        #expect(sub.baseOffset == 4)
        #expect(try sub.uint32(at: 0, .big) == 0x0506_0708)
        #expect(throws: ByteReaderError(offset: 5, reading: "ncmds", problem: .outOfBounds(needed: 4, available: 3))) {
            try sub.uint32(at: 1, .little, reading: "ncmds")
        }
        #expect(throws: ByteReaderError(offset: 3, reading: "UInt8", problem: .negative)) {
            try sub.uint8(at: -1)
        }
    }

    @Test func hugeOffsetsDoNotOverflow() {
        #expect(throws: ByteReaderError.self) { try reader.uint32(at: Int.max - 1, .little) }
        #expect(throws: ByteReaderError.self) { try reader.subReader(at: 2, count: Int.max) }
        #expect(throws: ByteReaderError(offset: 7, reading: "end", problem: .arithmeticOverflow)) {
            try ByteReader.sum(Int.max, 1, at: 7, reading: "end")
        }
        #expect(throws: ByteReaderError.self) { try ByteReader.product(Int.max / 2, 3) }
        #expect(throws: ByteReaderError.self) { try ByteReader.difference(1, 2) }
        #expect(reader.absoluteOffset(Int.max) == Int.max)
    }

    @Test func cStringStopsAtNULAndHonoursMaxLength() throws {
        #expect(try reader.cString(at: 8, maxLength: 16) == "AB")
        #expect(throws: ByteReaderError(offset: 8, reading: "name", problem: .stringTooLong(maxLength: 1))) {
            try reader.cString(at: 8, maxLength: 1, reading: "name")
        }
        #expect(throws: ByteReaderError(offset: 11, reading: "C string", problem: .unterminatedString)) {
            try reader.cString(at: 11, maxLength: 16)
        }
        #expect(try reader.fixedString(at: 8, length: 4) == "AB")
    }

    @Test func splitsWholeCStringsWithOffsets() {
        let strings = ByteReader(Data("a:b:\0\0openURL:\0x".utf8)).cStrings(maxLength: 100, maxCount: 10)
        #expect(strings.map(\.string) == ["a:b:", "openURL:", "x"])
        #expect(strings.map(\.offset) == [0, 6, 15])
        let capped = ByteReader(Data("aaaa\0b\0".utf8)).cStrings(maxLength: 3, maxCount: 10)
        #expect(capped.map(\.string) == ["b"])
    }

    @Test func int64ValueRejectsValuesBeyondInt() {
        let big = ByteReader(Data(repeating: 0xFF, count: 8))
        #expect(throws: ByteReaderError(offset: 0, reading: "size", problem: .valueTooLarge(UInt64.max))) {
            try big.int64Value(at: 0, .big, reading: "size")
        }
    }

    @Test func cursorAdvancesAndStopsAtTheEnd() throws {
        var cursor = ByteCursor(reader)
        #expect(try cursor.uint16(.big) == 0x0102)
        #expect(try cursor.uint32(.little) == 0x0605_0403)
        try cursor.skip(2)
        #expect(try cursor.bytes(count: 2) == Data("AB".utf8))
        #expect(cursor.remaining == 2)
        #expect(throws: ByteReaderError.self) { try cursor.uint32(.big) }
        #expect(cursor.position == 10)
    }

    @Test func slicedDataWithNonZeroStartIndexIsReadFromItsStart() throws {
        let base = Data([9, 9, 9, 0xAA, 0xBB])
        let slice = base[3...]
        let r = ByteReader(slice)
        #expect(try r.uint8(at: 0) == 0xAA)
        #expect(r.count == 2)
        #expect(try r.bytes(at: 0, count: 2).startIndex == 0)
    }

    @Test func errorMessageNamesOffsetAndField() {
        let error = ByteReaderError(offset: 16, reading: "ncmds", problem: .outOfBounds(needed: 4, available: 2))
        #expect(
            error.description == "ncmds at offset 16 (0x10): needs 4 bytes, only 2 available (truncated or bad offset)")
    }
}
