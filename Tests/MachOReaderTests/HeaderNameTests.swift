import Foundation
import MachOReader
import Testing

@Suite struct HeaderNameTests {
    @Test(
        arguments: [
            (UInt32(0x0100_000C), UInt32(0), "arm64"),
            (0x0100_000C, 0x8000_0002, "arm64e"),  // arm64e with the pointer-auth ABI capability bit
            (0x0200_000C, 1, "arm64_32"),
            (12, 9, "armv7"),
            (12, 11, "armv7s"),
            (12, 12, "armv7k"),
            (0x0100_0007, 3, "x86_64"),
            (7, 3, "i386"),
        ] as [(UInt32, UInt32, String)])
    func cpuTypesHaveConventionalNames(cpuType: UInt32, cpuSubtype: UInt32, name: String) throws {
        let slice =
            try #require(
                try MachOFile(
                    data: Synthetic.thin64(
                        cpuType: cpuType, cpuSubtype: cpuSubtype,
                        commands: [])
                ).slices.first)
        #expect(slice.arch == name)
    }

    @Test(
        arguments: [
            (UInt32(2), "execute"), (6, "dylib"), (8, "bundle"), (1, "object"), (0xA, "dsym"),
            (0x99, "unknown(0x99)"),
        ] as [(UInt32, String)])
    func fileTypesHaveNames(value: UInt32, name: String) throws {
        #expect(try MachOFile(data: Synthetic.thin64(fileType: value, commands: [])).slices.first?.fileType == name)
    }
}
