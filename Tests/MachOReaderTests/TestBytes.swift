import Foundation
import MachOReader
import TestSupport

/// Builds byte sequences for hostile and synthetic inputs.
final class ByteBuilder {
    private(set) var data = Data()

    var count: Int { data.count }

    @discardableResult
    func u8(_ value: UInt8) -> ByteBuilder {
        data.append(value)
        return self
    }

    @discardableResult
    func u16(_ value: UInt16, _ order: ByteOrder = .little) -> ByteBuilder {
        let v = order == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: v) { data.append(contentsOf: $0) }
        return self
    }

    @discardableResult
    func u32(_ value: UInt32, _ order: ByteOrder = .little) -> ByteBuilder {
        let v = order == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: v) { data.append(contentsOf: $0) }
        return self
    }

    @discardableResult
    func u64(_ value: UInt64, _ order: ByteOrder = .little) -> ByteBuilder {
        let v = order == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: v) { data.append(contentsOf: $0) }
        return self
    }

    @discardableResult
    func bytes(_ value: [UInt8]) -> ByteBuilder {
        data.append(contentsOf: value)
        return self
    }

    @discardableResult
    func bytes(_ value: Data) -> ByteBuilder {
        data.append(value)
        return self
    }

    /// A fixed-size, NUL-padded name field.
    @discardableResult
    func name(_ value: String, length: Int = 16) -> ByteBuilder {
        var raw = Array(value.utf8.prefix(length))
        raw += Array(repeating: 0, count: length - raw.count)
        return bytes(raw)
    }

    @discardableResult
    func zeros(_ count: Int) -> ByteBuilder { bytes(Array(repeating: 0, count: count)) }

    /// Pads with zeros up to `size` bytes in total.
    @discardableResult
    func pad(to size: Int) -> ByteBuilder { zeros(max(0, size - data.count)) }

    /// Overwrites a 32-bit value at `offset`.
    func patch32(_ value: UInt32, at offset: Int, _ order: ByteOrder = .little) {
        let v = order == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: v) { raw in
            for (index, byte) in raw.enumerated() { data[offset + index] = byte }
        }
    }
}

/// Small synthetic Mach-O and code-signature images.
enum Synthetic {
    /// A 64-bit little-endian header followed by `commands` (each already sized).
    static func thin64(
        cpuType: UInt32 = 0x0100_000C, cpuSubtype: UInt32 = 0, fileType: UInt32 = 2,
        ncmds: UInt32? = nil, sizeofcmds: UInt32? = nil, commands: [Data],
        trailer: Data = Data()
    ) -> Data {
        let b = ByteBuilder()
        let size = commands.reduce(0) { $0 + $1.count }
        b.u32(0xFEED_FACF).u32(cpuType).u32(cpuSubtype).u32(fileType)
            .u32(ncmds ?? UInt32(commands.count)).u32(sizeofcmds ?? UInt32(size)).u32(0).u32(0)
        for command in commands { b.bytes(command) }
        b.bytes(trailer)
        return b.data
    }

    /// A load command with `cmd`, the payload after `cmd`/`cmdsize`, padded to 8 bytes.
    static func command(_ cmd: UInt32, _ payload: Data, cmdsize: UInt32? = nil) -> Data {
        let b = ByteBuilder()
        let size = (8 + payload.count + 7) / 8 * 8
        b.u32(cmd).u32(cmdsize ?? UInt32(size)).bytes(payload).pad(to: size)
        return b.data
    }

    /// `LC_CODE_SIGNATURE` pointing at `dataoff`/`datasize`.
    static func codeSignatureCommand(dataoff: UInt32, datasize: UInt32) -> Data {
        let payload = ByteBuilder()
        payload.u32(dataoff).u32(datasize)
        return command(0x1D, payload.data)
    }

    /// A big-endian blob: magic, length, payload.
    static func blob(_ magic: UInt32, _ payload: Data) -> Data {
        let b = ByteBuilder()
        b.u32(magic, .big).u32(UInt32(8 + payload.count), .big).bytes(payload)
        return b.data
    }

    /// A SuperBlob holding `blobs` (slot, bytes) in order.
    static func superBlob(
        _ blobs: [(UInt32, Data)], countOverride: UInt32? = nil,
        lengthOverride: UInt32? = nil
    ) -> Data {
        let b = ByteBuilder()
        let headerSize = 12 + 8 * blobs.count
        let total = headerSize + blobs.reduce(0) { $0 + $1.1.count }
        b.u32(0xFADE_0CC0, .big).u32(lengthOverride ?? UInt32(total), .big).u32(
            countOverride ?? UInt32(blobs.count),
            .big)
        var offset = headerSize
        for (slot, bytes) in blobs {
            b.u32(slot, .big).u32(UInt32(offset), .big)
            offset += bytes.count
        }
        for (_, bytes) in blobs { b.bytes(bytes) }
        return b.data
    }

    /// A CodeDirectory (version 0x20400) with `specialHashes[n]` at slot -n.
    static func codeDirectory(
        identifier: String, teamID: String? = nil, hashType: UInt8 = 2, hashSize: UInt8 = 32,
        flags: UInt32 = 0x2, specialHashes: [Int: Data], hashOffsetOverride: UInt32? = nil,
        nSpecialOverride: UInt32? = nil
    ) -> Data {
        let special = specialHashes.keys.max() ?? 0
        let headerSize = 88
        let identOffset = headerSize
        let ident = Array(identifier.utf8) + [0]
        let team: [UInt8] = teamID.map { Array($0.utf8) + [0] } ?? []
        let teamOffset = teamID == nil ? 0 : identOffset + ident.count
        let hashOffset = identOffset + ident.count + team.count + special * Int(hashSize)
        let body = ByteBuilder()
        body.u32(0x20400, .big).u32(flags, .big).u32(hashOffsetOverride ?? UInt32(hashOffset), .big)
            .u32(UInt32(identOffset), .big).u32(nSpecialOverride ?? UInt32(special), .big).u32(0, .big).u32(0, .big)
            .u8(hashSize).u8(hashType).u8(0).u8(12).u32(0, .big)
            .u32(0, .big).u32(UInt32(teamOffset), .big).u32(0, .big).u64(0, .big).u64(0, .big).u64(0, .big).u64(0, .big)
        // body now holds 80 bytes after magic/length
        body.bytes(ident).bytes(team)
        for slot in stride(from: special, through: 1, by: -1) {
            body.bytes(specialHashes[slot] ?? Data(count: Int(hashSize)))
        }
        return blob(0xFADE_0C02, body.data)
    }
}

/// Fixture bytes shared by several suites.
enum TestFiles {
    static let fastlaneBinaryPath = "fixtures/fastlane/very-capable-app.app/very-capable-app"
    static var fastlaneBinary: Data? {
        Fixtures.sharedURL(fastlaneBinaryPath).flatMap { try? Data(contentsOf: $0) }
    }
    static var hasFastlaneBinary: Bool { Fixtures.sharedURL(fastlaneBinaryPath) != nil }

    static func macho(_ name: String) throws -> Data { try Fixtures.data("macho/\(name)") }
    static func hasMachO(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: Fixtures.url("macho/\(name)").path)
    }
}

/// A complete small signed thin arm64 image built in code, with knobs for hostile variants.
struct SyntheticImage {
    var methodNames = ["application:openURL:options:", "openURL:", "xapplication:openURL:options:"]
    var cStrings = ["see application:openURL:options: here"]
    var symbols =
        [
            "_objc_msgSend$canOpenURL:", "_UIApplicationOpenURLOptionUniversalLinksOnly",
            "_OBJC_CLASS_$_SFSafariViewController",
            "_$s7SwiftUI4ViewPAAE9onOpenURL7performQrySo5NSURLCc_tF", "_main",
        ]
    /// More `__TEXT` sections (name, bytes) placed after `__cstring`.
    var extraSections: [(String, Data)] = []
    var cryptID: UInt32 = 0
    var entitlementsXML: Data? = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>get-task-allow</key><true/></dict></plist>
        """.utf8)
    var entitlementsDER: Data?
    var signed = true
    /// Lets a test damage the signature bytes before they are placed.
    var editSignature: ((inout Data) -> Void)?
    /// Hashes to put in the CodeDirectory instead of the real ones (slot → hash).
    var hashOverrides: [Int: Data] = [:]
    /// CodeDirectory hash algorithm.
    var hashType: CodeSignatureHashType = .sha256
    var codeDirectoryOptions: (hashOffset: UInt32?, nSpecial: UInt32?) = (nil, nil)

    init() {
        entitlementsDER = Data(DER.wrapped(DER.tlv(0xB0, DER.pair("get-task-allow", DER.tlv(0x01, [0xFF])))))
    }

    func signatureBlob() -> Data {
        var blobs: [(UInt32, Data)] = []
        var hashes: [Int: Data] = [:]
        let xmlBlob = entitlementsXML.map { Synthetic.blob(0xFADE_7171, $0) }
        let derBlob = entitlementsDER.map { Synthetic.blob(0xFADE_7172, $0) }
        if let xmlBlob { hashes[5] = hashType.digest(xmlBlob) }
        if let derBlob { hashes[7] = hashType.digest(derBlob) }
        for (slot, hash) in hashOverrides { hashes[slot] = hash }
        blobs.append(
            (
                0,
                Synthetic.codeDirectory(
                    identifier: "com.example.synthetic", hashType: hashType.rawValue,
                    hashSize: UInt8(hashType.digestSize), specialHashes: hashes,
                    hashOffsetOverride: codeDirectoryOptions.hashOffset,
                    nSpecialOverride: codeDirectoryOptions.nSpecial)
            ))
        blobs.append((2, Synthetic.blob(0xFADE_0C01, Data(count: 4))))
        if let xmlBlob { blobs.append((5, xmlBlob)) }
        if let derBlob { blobs.append((7, derBlob)) }
        blobs.append((0x1_0000, Synthetic.blob(0xFADE_0B01, Data())))
        var signature = Synthetic.superBlob(blobs)
        editSignature?(&signature)
        return signature
    }

    func build() -> Data {
        let methname = Data(methodNames.flatMap { Array($0.utf8) + [0] })
        let cstring = Data(cStrings.flatMap { Array($0.utf8) + [0] })
        var stringTable = Data([0x20, 0])
        var nameOffsets: [UInt32] = []
        for name in symbols {
            nameOffsets.append(UInt32(stringTable.count))
            stringTable.append(contentsOf: Array(name.utf8) + [0])
        }
        while stringTable.count % 8 != 0 { stringTable.append(0) }
        let signature = signed ? signatureBlob() : Data()

        let sectionData: [(String, Data)] = [("__objc_methname", methname), ("__cstring", cstring)] + extraSections
        let commandsSize = (72 + sectionData.count * 80) + 24 + 24 + (signed ? 16 : 0)
        var sectionOffsets: [Int] = []
        var position = 32 + commandsSize
        for (_, bytes) in sectionData {
            sectionOffsets.append(position)
            position += bytes.count
        }
        let methOffset = sectionOffsets[0]
        let symOffset = (position + 7) / 8 * 8
        let strOffset = symOffset + 16 * symbols.count
        let sigOffset = strOffset + stringTable.count

        let segment = ByteBuilder()
        segment.name("__TEXT").u64(0x1_0000_0000).u64(0x4000).u64(0).u64(UInt64(sigOffset)).u32(5).u32(5)
            .u32(UInt32(sectionData.count)).u32(0)
        for (index, (name, bytes)) in sectionData.enumerated() {
            segment.name(name).name("__TEXT").u64(0x1_0000_0000 + UInt64(sectionOffsets[index])).u64(
                UInt64(bytes.count)
            )
            .u32(UInt32(sectionOffsets[index])).u32(0).u32(0).u32(0).u32(index < 2 ? 2 : 0).u32(0).u32(0).u32(0)
        }
        let symtab = ByteBuilder()
        symtab.u32(UInt32(symOffset)).u32(UInt32(symbols.count)).u32(UInt32(strOffset)).u32(UInt32(stringTable.count))
        let encryption = ByteBuilder()
        encryption.u32(UInt32(methOffset)).u32(UInt32(methname.count)).u32(cryptID).u32(0)
        var commands = [
            Synthetic.command(0x19, segment.data),
            Synthetic.command(0x2, symtab.data),
            Synthetic.command(0x2C, encryption.data),
        ]
        if signed {
            commands.append(
                Synthetic.codeSignatureCommand(
                    dataoff: UInt32(sigOffset),
                    datasize: UInt32(signature.count)))
        }
        let image = ByteBuilder()
        image.bytes(Synthetic.thin64(commands: commands))
        for (_, bytes) in sectionData { image.bytes(bytes) }
        image.pad(to: symOffset)
        for (index, offset) in nameOffsets.enumerated() {
            let undefined = symbols[index] != "_main"
            image.u32(offset).u8(undefined ? 0x01 : 0x0F).u8(undefined ? 0 : 1).u16(0).u64(
                undefined ? 0 : 0x1_0000_0000)
        }
        image.bytes(stringTable).bytes(signature)
        return image.data
    }
}
