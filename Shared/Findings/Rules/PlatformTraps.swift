import AssociationFetch
import Foundation

/// Facts the platform-trap rules of 2024–2026 share (ENT-014…016, SCH-003/004, BIN-007,
/// AASA-028, AND-018…020): dead link hosts, shared-hosting suffixes, sign-in words and the
/// answers of hosts nobody runs any more. Each list says where it comes from.
enum PlatformTraps {
    // MARK: Firebase Dynamic Links

    /// The link domains Firebase Dynamic Links served: `*.page.link` and `app.goo.gl` (with its
    /// per-project `*.app.goo.gl`). Firebase documents the service's shutdown on 25 August 2025
    /// (Dynamic Links deprecation FAQ): links on these hosts no longer reach any app.
    static let firebaseDynamicLinksDomains = ["page.link", "app.goo.gl"]

    /// True when `host` (lower case, no port) is a Firebase Dynamic Links host.
    static func isFirebaseDynamicLinksHost(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return firebaseDynamicLinksDomains.contains { name == $0 || name.hasSuffix("." + $0) }
    }

    // MARK: Hosts the product does not control

    /// Where `privateSuffixes` comes from.
    static let publicSuffixListSource =
        "Public Suffix List, private section (publicsuffix/list commit e8c9a2b, "
        + "2026-08-19)"

    /// A curated subset (not the whole list) of the Public Suffix List's private section:
    /// shared-hosting suffixes under which any customer of the service can publish a site.
    /// Every entry was checked to sit between `===BEGIN PRIVATE DOMAINS===` and
    /// `===END PRIVATE DOMAINS===` in the list at `publicSuffixListSource`.
    static let privateSuffixes: Set<String> = [
        "appspot.com", "azurestaticapps.net", "azurewebsites.net", "blogspot.com", "bubbleapps.io",
        "cloudfront.net", "firebaseapp.com", "fly.dev", "framer.app", "github.io", "gitlab.io",
        "herokuapp.com", "myshopify.com", "netlify.app", "ngrok-free.app", "ngrok.io", "onrender.com",
        "pages.dev", "pythonanywhere.com", "repl.co", "replit.app", "translate.goog", "vercel.app",
        "web.app", "webflow.io", "wixsite.com", "workers.dev",
    ]

    /// ICANN-section suffixes of two labels (a subset, same list and commit): a registrable
    /// domain under them has three labels (`shop.co.uk`).
    static let icannTwoLabelSuffixes: Set<String> = [
        "ac.uk", "co.uk", "gov.uk", "org.uk", "com.au", "net.au", "org.au", "co.jp", "ne.jp", "or.jp",
        "co.nz", "com.br", "com.cn", "co.in", "co.kr", "com.mx", "co.za", "com.tr", "com.sg", "com.hk", "co.il",
    ]

    /// The shared-hosting suffix `host` is under or equal to (the longest listed), or nil.
    static func privateSuffix(of host: String) -> String? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return privateSuffixes.filter { name == $0 || name.hasSuffix("." + $0) }.max { $0.count < $1.count }
    }

    /// The registrable domain of `host` as far as these lists know it: one label under a listed
    /// shared-hosting suffix, three labels under a listed two-label ICANN suffix, else the last
    /// two labels. A host that is itself a suffix is its own answer.
    static func registrableDomain(_ host: String) -> String {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        let labels = name.split(separator: ".").map(String.init)
        let suffix =
            privateSuffix(of: name)
            ?? (labels.count >= 2 && icannTwoLabelSuffixes.contains(labels.suffix(2).joined(separator: "."))
                ? labels.suffix(2).joined(separator: ".") : labels.last ?? name)
        let suffixLabels = suffix.split(separator: ".").count
        guard labels.count > suffixLabels else { return name }
        return labels.suffix(suffixLabels + 1).joined(separator: ".")
    }

    // MARK: Sign-in and reset

    /// Path words of sign-in, OAuth callbacks and password resets (a subset of AASA-018's).
    static let signInWords = [
        "oauth", "callback", "auth", "login", "signin", "sso", "reset", "password", "forgot",
        "magic-link", "magiclink", "verify-email",
    ]

    /// The first sign-in word that is a whole word of `path`, or nil. Words are the runs
    /// between separators (`/ - _ . ? & = *`), compared without case and trailing digits
    /// (`oauth2` is `oauth`); a word of five letters or more also starts a longer one
    /// (`callbacks`, `passwords`). So `/author/*`, `/lessons/*` and `/presets` are no sign-in paths.
    static func signInWord(in path: String) -> String? {
        let separators = CharacterSet(charactersIn: "/-_.?&=*:;,+ ").union(.whitespaces)
        let tokens = path.lowercased().components(separatedBy: separators).map { token in
            String(token.reversed().drop { $0.isNumber }.reversed())
        }.filter { !$0.isEmpty }
        let joined = tokens.joined(separator: "-")
        return signInWords.first { word in
            word.contains("-")
                ? joined.contains(word)
                : tokens.contains { $0 == word || (word.count >= 5 && $0.hasPrefix(word)) }
        }
    }

    /// Whole strings that show PKCE in a binary (RFC 7636 parameter names and method).
    static let pkceStrings: Set<String> = ["code_challenge", "code_challenge_method", "code_verifier", "S256"]

    // MARK: Hosts nobody serves

    /// Resolver words that mean the name has no address: glibc's `EAI_NONAME` and `EAI_NODATA`
    /// texts, the BSD wording, NXDOMAIN itself, and the fetcher's own "no addresses found".
    /// Anything else (a temporary failure, "no network") is not evidence about the name.
    static let nameErrorWords = [
        "name or service not known", "no address associated with hostname",
        "nodename nor servname provided", "nxdomain", "non-existent domain",
        "no addresses found", "unknown host", "host not found",
    ]

    /// A DNS failure that says the name does not exist, with the resolver's words; nil for any
    /// other error (temporary resolver failures, no network, TCP or TLS errors).
    static func nameDoesNotResolve(_ error: FetchError?) -> String? {
        guard case .dnsFailure(_, let detail)? = error else { return nil }
        let lower = detail.lowercased()
        return nameErrorWords.contains { lower.contains($0) } ? detail : nil
    }

    /// Where `deprovisionedAnswers` comes from.
    static let deprovisionedSource =
        "can-i-take-over-xyz fingerprints.json (EdOverflow/can-i-take-over-xyz, commit "
        + "003c6b9)"

    /// Body text a hosting service answers with for a name pointed at it that no site uses any
    /// more (a curated subset of `deprovisionedSource`, distinctive phrases only), with the
    /// service and that list's verdict on whether someone else can claim the name.
    static let deprovisionedAnswers: [(service: String, phrase: String, claimable: String)] = [
        ("Amazon S3", "The specified bucket does not exist", "vulnerable"),
        ("Bitbucket", "Repository not found", "vulnerable"),
        ("GitHub Pages", "There isn't a GitHub Pages site here.", "edge case"),
        ("Heroku", "No such app", "edge case"),
        ("Ghost", "The thing you were looking for is no longer here, or never was", "vulnerable"),
        ("Kinsta", "No Site For Domain", "vulnerable"),
        ("Pantheon", "404 error unknown site!", "vulnerable"),
        ("Readme.io", "Project doesnt exist... yet!", "vulnerable"),
        ("Shopify", "Sorry, this shop is currently unavailable.", "edge case"),
        ("Surge.sh", "project not found", "vulnerable"),
        ("Tumblr", "Whatever you were looking for doesn't currently exist at this address", "edge case"),
        ("Vercel", "The deployment could not be found on Vercel.", "not vulnerable"),
        ("Wix", "Looks Like This Domain Isn't Connected To A Website Yet!", "edge case"),
        ("Fastly", "Fastly error: unknown domain:", "not vulnerable"),
    ]

    /// The deprovisioned-service answer in the first 64 KiB of `body`, if any, among the
    /// services whose names someone else can claim (the list's "not vulnerable" ones never count).
    static func deprovisionedAnswer(_ body: Data) -> (service: String, phrase: String, claimable: String)? {
        guard !body.isEmpty else { return nil }
        let text = String(decoding: body.prefix(65_536), as: UTF8.self)
        return deprovisionedAnswers.first { $0.claimable != "not vulnerable" && text.contains($0.phrase) }
    }

    /// What the network says about a host nobody serves, from fetched routes only (supplied
    /// files say nothing), with the severity it deserves, or nil:
    /// - the name does not resolve: low — links fail, and whether anyone else can take the name
    ///   (or its registrable domain) is for the registrar to say, not DNS;
    /// - an error answer (not 2xx) that is a hosting service's page for a name no site uses:
    ///   medium when can-i-take-over-xyz lists the service as vulnerable, low for an edge case.
    static func abandonment(_ results: [RouteResult]) -> (text: String, result: RouteResult, severity: Severity)? {
        for result in results where result.route != .local && result.route != .cdn {
            if let detail = nameDoesNotResolve(result.error) {
                return (
                    "does not resolve (\(detail)): its links fail, and if the name, or its registrable domain, "
                        + "is free to register, whoever registers it serves the file", result, .low
                )
            }
            guard let status = result.status, !(200...299).contains(status),
                let answer = deprovisionedAnswer(result.body)
            else { continue }
            return (
                "answers \(result.url) with HTTP \(status) and \(answer.service)'s page for a name no site uses "
                    + "(\"\(answer.phrase)\"; takeover: \(answer.claimable) per can-i-take-over-xyz)", result,
                answer.claimable == "vulnerable" ? .medium : .low
            )
        }
        return nil
    }
}
