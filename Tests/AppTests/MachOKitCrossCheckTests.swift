// Only where MachOKit is linked (the Xcode project's AppTests on macOS): the Linux type-check of
// the app's targets (scripts/typecheck-app) has no MachOKit and sees an empty file.
#if canImport(MachOKit)
    import Foundation
    import MachOKit
    import MachOReader
    import Testing

    /// MachOKit (https://github.com/p-x9/MachOKit) as an independent second reader: every Mach-O
    /// fixture in the repository and every executable in the sample IPAs is read by both readers
    /// and the summaries compared field by field (slices, CPU and file type, LC_BUILD_VERSION,
    /// linked dylibs, entitlements XML and DER bytes, CodeDirectory identifier, team and hash type,
    /// encryption info). Our side is `MachOSummary(data:)` (tested on Linux); this file only maps
    /// MachOKit's values into the same shape. See docs/machokit.md.
    @Suite struct MachOKitCrossCheckTests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// Mach-O magics (thin 32/64 either byte order, fat 32/64).
        static let magics: Set<[UInt8]> = [
            [0xFE, 0xED, 0xFA, 0xCE], [0xCE, 0xFA, 0xED, 0xFE], [0xFE, 0xED, 0xFA, 0xCF], [0xCF, 0xFA, 0xED, 0xFE],
            [0xCA, 0xFE, 0xBA, 0xBE], [0xCA, 0xFE, 0xBA, 0xBF],
        ]

        static func isMachO(_ url: URL) -> Bool {
            guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            return ((try? handle.read(upToCount: 4)).flatMap { $0 }).map { magics.contains(Array($0)) } ?? false
        }

        static func files(under folder: URL) -> [URL] {
            guard
                let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            else { return [] }
            return walker.compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .filter(isMachO).sorted { $0.path < $1.path }
        }

        /// Every Mach-O under Tests/Fixtures and Samples, plus every one inside the sample IPAs
        /// (unzipped with the system's unzip into a temporary folder).
        static func candidates(unzippingInto temporary: URL) throws -> [URL] {
            var found =
                files(under: root.appendingPathComponent("Tests/Fixtures"))
                + files(under: root.appendingPathComponent("Samples"))
            for ipa in ["Samples/LinkLabSample.ipa", "Tests/Fixtures/app/LinkLab.ipa"] {
                let folder = temporary.appendingPathComponent(URL(fileURLWithPath: ipa).lastPathComponent)
                let unzip = Process()
                unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
                unzip.arguments = ["-q", "-o", root.appendingPathComponent(ipa).path, "-d", folder.path]
                try unzip.run()
                unzip.waitUntilExit()
                #expect(unzip.terminationStatus == 0, "unzip \(ipa)")
                found += files(under: folder)
            }
            return found
        }

        @Test func bothReadersAgreeOnEveryMachOInTheRepository() throws {
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                "machokit-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: temporary) }
            var compared = 0
            var skipped: [String] = []
            for url in try Self.candidates(unzippingInto: temporary) {
                let name = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                    .replacingOccurrences(of: temporary.path + "/", with: "")
                // MachOKit is not written for hostile input: the malformed fixtures are kept from it.
                guard let ours = MachOSummary.wellFormed(try Data(contentsOf: url)) else {
                    skipped.append(name)
                    continue
                }
                let theirs = try Self.summary(MachOKit.loadFromFile(url: url))
                let differences = MachOSummary.differences(ours, theirs)
                #expect(differences.isEmpty, "\(name): ours vs MachOKit\n" + differences.joined(separator: "\n"))
                compared += 1
            }
            // 12 well-formed fixtures under macho/ and app/, 6 executables in each IPA.
            #expect(compared >= 20, "compared \(compared), skipped as malformed: \(skipped)")
            #expect(skipped.count <= 6, "skipped as malformed: \(skipped)")
        }

        // MARK: MachOKit's values in our shape

        static func summary(_ file: File) throws -> MachOSummary {
            switch file {
            case .machO(let machO): MachOSummary(slices: [slice(machO)])
            case .fat(let fat): MachOSummary(slices: try fat.machOFiles().map(slice))
            }
        }

        static func slice(_ machO: MachOKit.MachOFile) -> MachOSummary.Slice {
            let header = machO.header.layout
            var slice = MachOSummary.Slice(
                cpuType: header.cputype, cpuSubtype: header.cpusubtype & 0x00FF_FFFF,
                fileType: header.filetype)
            for command in machO.loadCommands {
                switch command {
                case .buildVersion(let build):
                    slice.platform = build.layout.platform
                    slice.minimumOS = MachOSummary.versionString(
                        major: build.minos.major, minor: build.minos.minor,
                        patch: build.minos.patch)
                case .encryptionInfo(let info):
                    slice.encryption = .init(
                        offset: info.layout.cryptoff, size: info.layout.cryptsize,
                        id: info.layout.cryptid)
                case .encryptionInfo64(let info):
                    slice.encryption = .init(
                        offset: info.layout.cryptoff, size: info.layout.cryptsize,
                        id: info.layout.cryptid)
                default:
                    break
                }
            }
            slice.dylibs = machO.dependencies.map { "\(kind($0.type)) \($0.dylib.name)" }
            if let codeSign = machO.codeSign {
                slice.entitlementsXML = codeSign.embeddedEntitlementsData
                slice.entitlementsDER = codeSign.embeddedDEREntitlementsData
                slice.codeDirectories = codeSign.codeDirectories.map { directory in
                    MachOSummary.CodeDirectorySummary(
                        identifier: directory.identifier(in: codeSign),
                        teamID: directory.teamId(in: codeSign),
                        hashType: UInt32(directory.layout.hashType))
                }
            }
            return slice
        }

        static func kind(_ type: DependedDylib.DependType) -> String {
            switch type {
            case .load: "load"
            case .weakLoad: "weak"
            case .reexport: "reexport"
            case .upwardLoad: "upward"
            case .lazyLoad: "lazy"
            }
        }
    }
#endif
