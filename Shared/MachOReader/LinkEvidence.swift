/// What a piece of link-handling evidence suggests the code does.
public enum LinkEvidenceKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// The app can receive links (universal links, custom schemes) — a delegate method or SwiftUI handler.
    case receiver
    /// The app opens URLs itself (`openURL:`, `canOpenURL:`, universal-links-only option).
    case outgoing
    /// A web view that may be handed link data (`WKWebView`, `loadRequest:`, `SFSafariViewController`).
    case webView
    /// Sign-in plumbing: `ASWebAuthenticationSession`, its iOS 17.4 https callback
    /// (`callbackWithHTTPSHost:path:`), and the PKCE words of OAuth (`code_challenge`, `S256`, …).
    case authentication
    /// A query-parameter name that usually carries the next URL to load or open (`redirect`,
    /// `redirect_uri`, `returnTo`, `next`, `url`, `continue`, …), as a whole section string: the
    /// names the probe kit points at an attacker's host first.
    case parameter
}

/// One hit of the link-evidence scan, with enough context to find it again.
public struct LinkEvidence: Sendable, Codable, Hashable {
    /// What the hit suggests.
    public var kind: LinkEvidenceKind
    /// Canonical name: a selector (`application:openURL:options:`), class, constant, or SwiftUI method (`onOpenURL`).
    public var name: String
    /// Where it was found: `segment,section` (e.g. `__TEXT,__objc_methname`) or `LC_SYMTAB`.
    public var section: String
    /// Absolute file offset of the matched string (section string, or symbol name in the string table).
    public var offset: Int
    /// Architecture of the slice it was found in.
    public var arch: String
    /// The exact string that matched (e.g. `_objc_msgSend$openURL:`), when it differs from `name`.
    public var matchedString: String

    /// Creates a hit.
    public init(
        kind: LinkEvidenceKind, name: String, section: String, offset: Int, arch: String,
        matchedString: String
    ) {
        self.kind = kind
        self.name = name
        self.section = section
        self.offset = offset
        self.arch = arch
        self.matchedString = matchedString
    }
}

/// The outcome of the link-evidence scan of one slice.
///
/// Sources: whole NUL-terminated strings in `__objc_methname`, `__objc_classname`, `__cstring`
/// and `__swift5_reflstr`; readable runs of `__swift5_typeref`; and `LC_SYMTAB` names. A string
/// matches only when it *equals* a catalogue name (`openURL:options:` never matches inside
/// `application:openURL:options:`).
///
/// What is detected:
/// - Objective-C selectors as section strings and as `_objc_msgSend$<selector>` stub symbols.
///   A Swift type implementing a UIKit delegate method still emits the Objective-C selector
///   (e.g. `application:continueUserActivity:restorationHandler:`), so Swift delegates count.
/// - `WKWebView` / `SFSafariViewController` as `_OBJC_CLASS_$_<name>` imports (how an app
///   references a system class) or as whole `__objc_classname` strings (subclasses do not match).
/// - `UIApplicationOpenURLOptionUniversalLinksOnly` as the imported symbol (both Objective-C and
///   Swift's `.universalLinksOnly` reference it) or as a string.
/// - Sign-in evidence (`authentication`): the `ASWebAuthenticationSession` and
///   `ASWebAuthenticationSessionCallback` classes as imports or class-name strings, the
///   selector `callbackWithHTTPSHost:path:` (what Swift's `.https(host:path:)` calls), and the
///   PKCE words `code_challenge`, `code_challenge_method`, `code_verifier` and `S256` as whole
///   section strings only (an SDK that builds them from pieces is not seen).
/// - Redirect-parameter names (`parameter`: `redirect`, `redirect_uri`, `returnTo`, `next`,
///   `url`, `continue`, … — `LinkCatalogue.redirectParameters`) as whole section strings only.
/// - SwiftUI `onOpenURL(perform:)` / `onContinueUserActivity(_:perform:)`: an app calling them
///   imports symbols whose mangled names start with `$s7SwiftUI4ViewPAAE9onOpenURL7perform` /
///   `$s7SwiftUI4ViewPAAE22onContinueUserActivity_7perform` (the function, and its opaque result
///   type descriptor ending in `QOMQ`). Only this prefix (module, `View` extension, name and
///   argument labels) is matched, because the rest encodes the closure type and varies by SDK.
///   Measured by compiling a stand-in `SwiftUI` module with swiftc 6.3: in `__swift5_typeref`
///   the opaque type is a symbolic reference (relocated bytes, no text), and a second use in
///   one type is word-substituted (`…AcAE0D7OpenURL…`), so typeref text rarely shows these names;
///   readable runs that start with the prefix are still reported.
///
/// What is not detected: selectors built at run time (`NSSelectorFromString` of computed
/// strings); code in another binary (scan each framework and extension separately); SwiftUI
/// handlers in a binary whose `LC_SYMTAB` lacks the SwiftUI imports; real-world Swift
/// reflection metadata beyond whole-string matches; and anything inside a FairPlay-encrypted
/// range — with `cryptid` ≠ 0 the result is marked unreliable and an empty list means
/// "unknown", never "no handler". `LC_SYMTAB` lies outside the encrypted range, so symbol hits
/// remain valid in encrypted slices.
public struct LinkScanResult: Sendable, Equatable {
    /// Every hit, sorted by kind, name, then offset.
    public var evidence: [LinkEvidence]
    /// False when the scan could not see everything (FairPlay-encrypted text, unreadable
    /// sections): then an empty list means "unknown", never "none".
    public var isReliable: Bool
    /// Why the scan is unreliable or partial.
    public var notes: [String]

    /// Creates a result.
    public init(evidence: [LinkEvidence], isReliable: Bool, notes: [String]) {
        self.evidence = evidence
        self.isReliable = isReliable
        self.notes = notes
    }

    /// Distinct names found for `kind`, sorted.
    public func names(_ kind: LinkEvidenceKind) -> [String] {
        Array(Set(evidence.filter { $0.kind == kind }.map(\.name))).sorted()
    }
}
