import Foundation
import Testing

/// The resolved file Xcode reads for the project's packages
/// (`project.xcworkspace/xcshareddata/swiftpm/Package.resolved`): every pinned version satisfies
/// every requirement on it (the root Package.swift, MachOKit's manifest, the project's remote
/// package references), and it agrees with the graph this repository builds.
@Suite struct XcodePackagesTests {
    static let resolvedFile = ProjectFiles.project
        .appendingPathComponent("project.xcworkspace/xcshareddata/swiftpm/Package.resolved")

    /// A semantic version's numbers (`"0.52.1"` → [0, 52, 1]).
    struct Version: Comparable, CustomStringConvertible {
        let parts: [Int]
        init(_ text: String) throws {
            let parts = text.split(separator: ".").map { Int($0) }
            guard parts.count == 3, parts.allSatisfy({ $0 != nil }) else { throw CheckError("not a version: \(text)") }
            self.parts = parts.compactMap { $0 }
        }
        init(_ parts: [Int]) { self.parts = parts }
        static func < (a: Version, b: Version) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
        var nextMajor: Version { Version([parts[0] + 1, 0, 0]) }
        var nextMinor: Version { Version([parts[0], parts[1] + 1, 0]) }
        var description: String { parts.map(String.init).joined(separator: ".") }
    }

    /// A requirement: lower bound included, upper bound excluded, and who states it.
    struct Requirement: CustomStringConvertible {
        let package: String
        let range: Range<Version>
        let source: String
        var description: String { "\(package) \(range.lowerBound)..<\(range.upperBound) (\(source))" }
    }

    static func identity(_ url: String) -> String {
        var name = String(url.split(separator: "/").last ?? "")
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.lowercased()
    }

    /// Pins of a resolved file: identity → (version, revision, location).
    static func pins(_ url: URL) throws -> [String: (version: String, revision: String, location: String)] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var result: [String: (String, String, String)] = [:]
        for pin in root["pins"] as? [[String: Any]] ?? [] {
            let state = pin["state"] as? [String: Any] ?? [:]
            result[pin["identity"] as? String ?? ""] =
                (
                    state["version"] as? String ?? "", state["revision"] as? String ?? "",
                    pin["location"] as? String ?? ""
                )
        }
        return result
    }

    /// `.package(url:, from:)`, `.package(url:, "A"..<"B")` and `.package(url:, exact:)` of Package.swift.
    static func manifestRequirements() throws -> [Requirement] {
        let manifest = try ProjectFiles.text(ProjectFiles.root.appendingPathComponent("Package.swift"))
        var result: [Requirement] = []
        for chunk in manifest.components(separatedBy: ".package(url: \"").dropFirst() {
            let url = String(chunk.prefix { $0 != "\"" })
            let rest = chunk.dropFirst(url.count + 1).prefix { $0 != ")" }
            let quoted = rest.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            let package = identity(url)
            if rest.contains("from:"), let low = quoted.first {
                let version = try Version(low)
                result.append(
                    Requirement(
                        package: package, range: version..<version.nextMajor,
                        source: "Package.swift"))
            } else if rest.contains("..<"), quoted.count == 2 {
                result.append(
                    Requirement(
                        package: package, range: try Version(quoted[0])..<Version(quoted[1]),
                        source: "Package.swift"))
            } else if rest.contains("exact:"), let exact = quoted.first {
                let version = try Version(exact)
                result.append(
                    Requirement(
                        package: package,
                        range: version..<Version(Array(version.parts.dropLast()) + [version.parts[2] + 1]),
                        source: "Package.swift"))
            } else {
                throw CheckError("unread requirement for \(url): \(rest)")
            }
        }
        return result
    }

    /// MachOKit 0.52.1's own requirements (its Package.swift at that tag, read from the public
    /// repository p-x9/MachOKit): they are part of the Xcode project's graph, never of the package's.
    static let machOKitRequirements: [Requirement] = [
        ("swift-crypto", "1.0.0", "4.0.0"), ("swift-fileio", "0.13.0", "1.0.0"),
        ("swift-fileio-extra", "0.2.2", "1.0.0"),
        ("objectarchivekit", "0.5.0", "1.0.0"), ("swift-binary-parse-support", "0.2.1", "1.0.0"),
    ].map {
        Requirement(
            package: $0.0, range: try! Version($0.1)..<Version($0.2),
            source: "MachOKit 0.52.1's Package.swift")
    }

    /// The project's XCRemoteSwiftPackageReference requirements.
    static func projectRequirements() throws -> [Requirement] {
        let graph = try XcodeProjectTests.Graph()
        return try graph.all("XCRemoteSwiftPackageReference").map { _, reference in
            let url = try #require(reference["repositoryURL"] as? String)
            let requirement = try #require(reference["requirement"] as? [String: Any])
            let kind = requirement["kind"] as? String
            let minimum =
                try Version(try #require(requirement["minimumVersion"] as? String ?? requirement["version"] as? String))
            let upper: Version
            switch kind {
            case "upToNextMajorVersion": upper = minimum.nextMajor
            case "upToNextMinorVersion": upper = minimum.nextMinor
            case "exactVersion": upper = Version(Array(minimum.parts.dropLast()) + [minimum.parts[2] + 1])
            case "versionRange": upper = try Version(try #require(requirement["maximumVersion"] as? String))
            default: throw CheckError("requirement kind \(kind ?? "nil") of \(url) is not a version range")
            }
            return Requirement(package: identity(url), range: minimum..<upper, source: "project.pbxproj")
        }
    }

    @Test func everyPinIsAReleaseAtAFullRevision() throws {
        let pins = try Self.pins(Self.resolvedFile)
        let root =
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.resolvedFile)) as? [String: Any])
        #expect(root["version"] as? Int == 3)
        #expect(!pins.isEmpty)
        for (identity, pin) in pins {
            #expect(throws: Never.self) { try Version(pin.version) }
            #expect(
                pin.revision.count == 40 && pin.revision.allSatisfy(\.isHexDigit),
                "\(identity): revision \(pin.revision)")
            #expect(pin.location.hasPrefix("https://github.com/") && Self.identity(pin.location) == identity)
        }
    }

    @Test func everyPinnedVersionSatisfiesEveryManifestAndTheProject() throws {
        let pins = try Self.pins(Self.resolvedFile)
        let requirements = try Self.manifestRequirements() + Self.machOKitRequirements + Self.projectRequirements()
        #expect(requirements.count > 10)
        for requirement in requirements {
            guard let pin = pins[requirement.package] else { continue }
            let version = try Version(pin.version)
            #expect(requirement.range.contains(version), "\(requirement.package) \(version) violates \(requirement)")
        }
    }

    @Test func theProjectsRemotePackagesAndSwiftCryptoArePinned() throws {
        let pins = try Self.pins(Self.resolvedFile)
        for requirement in try Self.projectRequirements() {
            #expect(pins[requirement.package] != nil, "\(requirement.package) is not pinned")
        }
        // MachOKit holds swift-crypto below 4.0.0 while the package alone resolves 4.x: the pin
        // is the 3.x version scripts/xcodeproj/build-xcode-graph.sh builds the package with.
        let crypto = try Version(try #require(pins["swift-crypto"]).version)
        #expect(crypto.parts[0] == 3)
        let packageAlone = try Self.pins(ProjectFiles.root.appendingPathComponent("Package.resolved"))
        if let linux = packageAlone["swift-crypto"], let version = try? Version(linux.version), version.parts[0] >= 4 {
            let machOKit = try #require(Self.machOKitRequirements.first { $0.package == "swift-crypto" })
            #expect(!machOKit.range.contains(version), "the check would not have caught \(version)")
        }
    }

    /// Every other package both graphs pin is at the same version: the Mac builds what Linux built.
    @Test func sharedPinsAgreeWithThePackagesOwnResolvedFile() throws {
        let xcode = try Self.pins(Self.resolvedFile)
        let package = try Self.pins(ProjectFiles.root.appendingPathComponent("Package.resolved"))
        for (identity, pin) in xcode where identity != "swift-crypto" {
            guard let other = package[identity] else { continue }
            #expect(
                pin.version == other.version,
                """
                \(identity): Xcode's resolved file pins \(pin.version), Package.resolved \(other.version) (run \
                scripts/xcodeproj/build-xcode-graph.sh and update both)
                """)
        }
    }

    @Test func aRangeCheckRejectsWhatItShould() throws {
        let requirement = Requirement(package: "x", range: try Version("1.0.0")..<Version("4.0.0"), source: "test")
        #expect(!requirement.range.contains(try Version("4.5.2")))
        #expect(requirement.range.contains(try Version("3.12.3")))
        #expect(try Version("0.52.1").nextMinor == Version("0.53.0"))
        #expect(throws: CheckError.self) { try Version("2.9") }
    }
}
