import AppInspection
import Foundation

/// What `linklab inspect app.apk` reads from an Android package.
public struct APKSnapshot: Sendable, Equatable, Codable {
    /// Name of the input (file name), and of the base APK inside a split set.
    public var source: String
    public var baseEntry: String?
    public var manifest: AndroidManifest
    public var signing: APKSigning
    /// DEX method references to link-reading APIs (`DEXScanner`).
    public var linkEvidence: [DEXReference]
}

/// Reads an `.apk`, or the base APK of an `.xapk`/`.apks` split set, with the project's ZIP reader.
public enum APKInspector {
    /// Reads the file at `url`.
    public static func inspect(
        fileAt url: URL, limits: AndroidLimits = AndroidLimits(),
        zipLimits: ZIPLimits = ZIPLimits()
    ) throws(AndroidAppError) -> APKSnapshot {
        let zip: ZIPReader
        do {
            zip = try ZIPReader(fileAt: url, limits: zipLimits)
        } catch {
            throw .archive(error)
        }
        return try inspect(zip, name: url.lastPathComponent, limits: limits, zipLimits: zipLimits)
    }

    /// Reads bytes already in memory (tests, fuzzing).
    public static func inspect(
        data: Data, name: String = "<memory>", limits: AndroidLimits = AndroidLimits(),
        zipLimits: ZIPLimits = ZIPLimits()
    ) throws(AndroidAppError) -> APKSnapshot {
        let zip: ZIPReader
        do {
            zip = try ZIPReader(data: data, name: name, limits: zipLimits)
        } catch {
            throw .archive(error)
        }
        return try inspect(zip, name: name, limits: limits, zipLimits: zipLimits)
    }

    static func inspect(
        _ zip: ZIPReader, name: String, limits: AndroidLimits,
        zipLimits: ZIPLimits
    ) throws(AndroidAppError) -> APKSnapshot {
        if zip.uncompressedSize(of: "AndroidManifest.xml") == nil {
            guard let base = baseAPKName(in: zip.entryNames) else {
                throw .notAnAPK(reason: "no AndroidManifest.xml and no base APK (base.apk, splits/base-master.apk)")
            }
            let nested: ZIPReader
            do {
                guard let bytes = try zip.read(named: base, maxBytes: UInt64(limits.maxNestedAPKBytes)) else {
                    throw AndroidAppError.notAnAPK(reason: "\(base) vanished")
                }
                nested = try ZIPReader(data: bytes, name: base, limits: zipLimits)
            } catch let error as InspectionError {
                throw .archive(error)
            } catch {
                throw error as? AndroidAppError ?? .notAnAPK(reason: "\(error)")
            }
            guard nested.uncompressedSize(of: "AndroidManifest.xml") != nil else {
                throw .notAnAPK(reason: "\(base) has no AndroidManifest.xml")
            }
            var snapshot = try inspectAPK(nested, name: name, limits: limits)
            snapshot.baseEntry = base
            return snapshot
        }
        return try inspectAPK(zip, name: name, limits: limits)
    }

    /// The base APK of a split set: `base.apk` (XAPK, bundletool `--mode=universal`), or
    /// `splits/base-master.apk` (bundletool `.apks`), else a lone `.apk` at the top level.
    static func baseAPKName(in names: [String]) -> String? {
        for preferred in ["base.apk", "splits/base-master.apk", "standalones/standalone.apk", "universal.apk"]
        where names.contains(preferred) {
            return preferred
        }
        let topLevel = names.filter { $0.hasSuffix(".apk") && !$0.contains("/") && !$0.hasPrefix("config.") }
        return topLevel.count == 1 ? topLevel[0] : nil
    }

    private static func inspectAPK(
        _ zip: ZIPReader, name: String,
        limits: AndroidLimits
    ) throws(AndroidAppError) -> APKSnapshot {
        do {
            guard
                let manifestBytes = try zip.read(
                    named: "AndroidManifest.xml",
                    maxBytes: UInt64(limits.maxManifestBytes))
            else {
                throw AndroidAppError.notAnAPK(reason: "no AndroidManifest.xml")
            }
            let root = try BinaryXML.decode(manifestBytes, limits: limits)
            var resources: ResourceTable?
            if let table = try zip.read(named: "resources.arsc", maxBytes: UInt64(limits.maxResourceTableBytes)) {
                resources = try ResourceTable(table, limits: limits)
            }
            let manifest = try AndroidManifest(xml: root, resources: resources, limits: limits)
            let signing = try readSigning(zip, limits: limits)
            var evidence: [DEXReference] = []
            for dex in zip.entryNames where isDEX(dex) {
                guard let bytes = try zip.read(named: dex, maxBytes: UInt64(limits.maxDEXBytes)) else { continue }
                evidence += DEXScanner.scan(bytes, file: dex)
            }
            return APKSnapshot(
                source: name, baseEntry: nil, manifest: manifest, signing: signing,
                linkEvidence: evidence)
        } catch let error as AndroidAppError {
            throw error
        } catch let error as InspectionError {
            throw .archive(error)
        } catch {
            throw .notAnAPK(reason: "\(error)")
        }
    }

    /// `classes.dex`, `classes2.dex`, … at the top level.
    static func isDEX(_ name: String) -> Bool {
        name.hasPrefix("classes") && name.hasSuffix(".dex") && !name.contains("/")
    }

    /// Signing block schemes, then v1 JAR signatures (`META-INF/*.RSA|DSA|EC`) as a further signer.
    static func readSigning(_ zip: ZIPReader, limits: AndroidLimits) throws -> APKSigning {
        var signing = APKSigning(signers: [], lineage: [], otherBlockIDs: [])
        if let block = try APKSigningBlock.locate(
            centralDirectoryOffset: zip.centralDirectoryOffset, limits: limits,
            read: { offset, count in try zip.rawBytes(at: offset, count: count) })
        {
            signing = try APKSigningBlock.parse(block, limits: limits)
        }
        let v1 = zip.entryNames.filter { name in
            let upper = name.uppercased()
            return upper.hasPrefix("META-INF/") && !upper.dropFirst(9).contains("/")
                && (upper.hasSuffix(".RSA") || upper.hasSuffix(".DSA") || upper.hasSuffix(".EC"))
        }
        for name in v1.prefix(limits.maxSigners) {
            guard let bytes = try zip.read(named: name, maxBytes: 1 << 20) else { continue }
            let certificates = (try? CMSCertificates.extract(bytes)) ?? []
            signing.signers.append(
                APKSigning.Signer(
                    scheme: .v1, certificates: certificates.map(SigningCertificate.init(der:))))
        }
        return signing
    }
}
