import Foundation

/// One link grant of an `assetlinks.json`: a package and one certificate fingerprint under
/// `delegate_permission/common.handle_all_urls`. Google's statement-list API answers one
/// statement per (package, fingerprint), so grants are what the two sources are compared by.
public struct AssetLinksGrant: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var packageName: String
    /// Upper-case `AA:BB:…` form.
    public var fingerprint: String

    public init(packageName: String, fingerprint: String) {
        self.packageName = packageName
        self.fingerprint = fingerprint.uppercased()
    }

    public static func < (lhs: AssetLinksGrant, rhs: AssetLinksGrant) -> Bool {
        (lhs.packageName, lhs.fingerprint) < (rhs.packageName, rhs.fingerprint)
    }

    public var description: String { "\(packageName) \(fingerprint)" }
}

extension AssetLinksFile {
    /// Every (package, fingerprint) pair the file grants link handling to, sorted, each once.
    public var linkGrants: [AssetLinksGrant] {
        var grants = Set<AssetLinksGrant>()
        for statement in statements where statement.grantsLinks {
            guard case .androidApp(let package, let fingerprints) = statement.target else { continue }
            for fingerprint in fingerprints {
                grants.insert(AssetLinksGrant(packageName: package, fingerprint: fingerprint))
            }
        }
        return grants.sorted()
    }

    /// Why Android cannot use the file at all (not JSON, a byte-order mark, not a statement list,
    /// over 1 MiB), or nil when it can read it. `AndroidVerifier` refuses a file for the first three;
    /// a file over the limit is not read, so it grants nothing there.
    public var unusableReason: String? {
        typealias Lint = LintRule.AssetLinks
        let unusable = [Lint.invalidJSON, Lint.byteOrderMark, Lint.topLevelNotArray, Lint.tooLarge].map(\.id)
        return diagnostics.first { unusable.contains($0.id) }?.message
    }

    /// Other packages the file grants link handling to (besides `package`), sorted, each once.
    public func otherPackages(than package: String) -> [String] {
        Array(Set(linkGrants.map(\.packageName)).subtracting([package])).sorted()
    }
}
