/// The names the link-evidence scan looks for, and how each may be spelled in a binary.
/// What this does and does not detect is documented on `LinkScanResult`.
enum LinkCatalogue {
    struct Entry {
        var kind: LinkEvidenceKind
        var name: String
        var spelling: Spelling
    }

    enum Spelling {
        /// An Objective-C selector.
        case selector
        /// An Objective-C class.
        case objcClass
        /// An exported C symbol (constant or function).
        case cSymbol
        /// A Swift declaration: the mangled prefix after `$s`.
        case swiftPrefix(String)
        /// A whole string in a string section only (an OAuth parameter name, never a symbol).
        case plainString
    }

    static let entries: [Entry] =
        [
            Entry(kind: .receiver, name: "application:continueUserActivity:restorationHandler:", spelling: .selector),
            Entry(kind: .receiver, name: "scene:continueUserActivity:", spelling: .selector),
            Entry(kind: .receiver, name: "scene:willConnectToSession:options:", spelling: .selector),
            Entry(kind: .receiver, name: "application:openURL:options:", spelling: .selector),
            Entry(kind: .receiver, name: "scene:openURLContexts:", spelling: .selector),
            Entry(kind: .receiver, name: "application:handleOpenURL:", spelling: .selector),
            Entry(kind: .receiver, name: "application:openURL:sourceApplication:annotation:", spelling: .selector),
            Entry(kind: .receiver, name: "onOpenURL", spelling: .swiftPrefix("7SwiftUI4ViewPAAE9onOpenURL7perform")),
            Entry(
                kind: .receiver, name: "onContinueUserActivity",
                spelling: .swiftPrefix("7SwiftUI4ViewPAAE22onContinueUserActivity_7perform")),
            Entry(kind: .outgoing, name: "openURL:options:completionHandler:", spelling: .selector),
            Entry(kind: .outgoing, name: "openURL:", spelling: .selector),
            Entry(kind: .outgoing, name: "canOpenURL:", spelling: .selector),
            Entry(kind: .outgoing, name: "UIApplicationOpenURLOptionUniversalLinksOnly", spelling: .cSymbol),
            Entry(kind: .webView, name: "loadRequest:", spelling: .selector),
            Entry(kind: .webView, name: "WKWebView", spelling: .objcClass),
            Entry(kind: .webView, name: "SFSafariViewController", spelling: .objcClass),
            Entry(kind: .authentication, name: "ASWebAuthenticationSession", spelling: .objcClass),
            Entry(kind: .authentication, name: "ASWebAuthenticationSessionCallback", spelling: .objcClass),
            Entry(kind: .authentication, name: "callbackWithHTTPSHost:path:", spelling: .selector),
            Entry(kind: .authentication, name: "code_challenge", spelling: .plainString),
            Entry(kind: .authentication, name: "code_challenge_method", spelling: .plainString),
            Entry(kind: .authentication, name: "code_verifier", spelling: .plainString),
            Entry(kind: .authentication, name: "S256", spelling: .plainString),
        ] + redirectParameters.map { Entry(kind: .parameter, name: $0, spelling: .plainString) }

    /// Query-parameter names that usually carry the next URL (open-redirect candidates), matched as
    /// whole section strings only.
    static let redirectParameters = [
        "redirect", "redirect_uri", "redirect_url", "redirectUri", "redirectUrl", "returnTo", "return_to",
        "returnUrl", "return_url", "next", "url", "continue", "callback", "callback_url", "dest", "destination",
        "goto", "target",
    ]

    /// Whole strings (as found in sections) → entry.
    static let plainStrings: [String: Entry] = {
        var table: [String: Entry] = [:]
        for entry in entries {
            if case .swiftPrefix = entry.spelling { continue }
            table[entry.name] = entry
        }
        return table
    }()

    /// Whole symbol names → entry.
    static let symbolNames: [String: Entry] = {
        var table: [String: Entry] = [:]
        for entry in entries {
            switch entry.spelling {
            case .selector: table["_objc_msgSend$" + entry.name] = entry
            case .objcClass:
                table["_OBJC_CLASS_$_" + entry.name] = entry
                table["OBJC_CLASS_$_" + entry.name] = entry
            case .cSymbol: table["_" + entry.name] = entry
            case .swiftPrefix, .plainString: break
            }
        }
        return table
    }()

    /// Swift mangled prefixes (after `$s`) → entry.
    static let swiftPrefixes: [(String, Entry)] = entries.compactMap { entry in
        if case .swiftPrefix(let prefix) = entry.spelling { return (prefix, entry) }
        return nil
    }

    /// The entry a symbol name denotes, if any (whole-name match, or a Swift mangled prefix).
    /// UTF-8 lengths of the plain strings (a quick filter before building a String).
    static let plainStringLengths: Set<Int> = Set(plainStrings.keys.map(\.utf8.count))

    static func entry(forSymbol name: String) -> Entry? {
        if let entry = symbolNames[name] { return entry }
        let body: Substring
        if name.hasPrefix("_$s") {
            body = name.dropFirst(3)
        } else if name.hasPrefix("$s") {
            body = name.dropFirst(2)
        } else {
            return nil
        }
        return swiftPrefixes.first { body.hasPrefix($0.0) }?.1
    }
}
