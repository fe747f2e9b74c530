import Foundation
import LinkReadings
import SiteAssociation

/// URL-003: a URL the tester tried that parsers read differently (`docs/link-confusion.md`):
/// the browser (WHATWG URL Standard), Foundation's `URL` and Android's `Uri.parse` name
/// different hosts or ports, or iOS decides the string as given differently from the same link
/// as a browser passes it on. The link a user, a filter or a server-side allow-list judges is
/// then not the link that opens the app.
///
/// Which reading decides, per platform (the document gives sources and grades): a link an app
/// opens with `UIApplication.open(URL(string:))` reaches iOS as Foundation reads the string (the
/// URL list's verdicts); a link tapped in Safari reaches iOS as WebKit serialised it (the
/// browser's `href`, decided again here); Android's readings are compared by host only (its
/// decisions live in the Android catalogue's facts).
public struct URL003LinkConfusion: FindingRule {
    public let id = "URL-003"
    public let category = FindingCategory.security
    public let severity = Severity.medium
    public let title = "Parsers read the link differently (link confusion)"
    public let explanation =
        "A browser (the WHATWG URL Standard), Foundation's URL (what an app passing the string "
        + "to UIApplication.open hands iOS) and Android's Uri.parse read this URL differently: another host or port, "
        + "or another decision. A check that reads it one way (a user looking at the link, a server-side allow-list, "
        + "a redirect filter, the app's own host check) approves a link that another parser, the one that routes it, "
        + "reads as something else: the classic open-redirect and allow-list bypass built from `\\@`, `%40`, `#@`, "
        + "full-width dots or missing slashes."
    public let remediation =
        "Do not route or allow-list on a string another component will parse again: parse "
        + "once with the parser of the component that acts (on iOS URLComponents of the URL the system delivered, on "
        + "Android the Uri the intent carries), compare the parsed host exactly, and refuse links with userinfo, "
        + "backslashes, encoded delimiters or non-ASCII hosts. Reject such links server-side before they are issued."
    public let references: [Reference] = Reference.universalLinksBaseline + [.whatwgURLStandard, .urlParserConfusion]

    /// The rule (stateless).
    public init() {}

    public func evaluate(_ facts: AnalysisFacts) -> [Finding] {
        let claims = facts.app == nil ? nil : facts.bundles.flatMap(\.associatedDomains)
        let appIDs = facts.linkAppIDs
        let readings = facts.urlTests.map { try? LinkReadings.read($0.url) }
        // The links as a browser passes them on, where that differs from the string: decided in
        // one batch (one decider, each file compiled once).
        var hrefs: [Int: String] = [:]
        for (index, reading) in readings.enumerated() {
            if case .success(let browser)? = reading?.browser, browser.href != facts.urlTests[index].url {
                hrefs[index] = browser.href
            }
        }
        let order = hrefs.keys.sorted()
        let decided = URLTest.decide(
            order.map { URLListEntry(url: hrefs[$0]!) }, domains: facts.domains,
            appIDs: appIDs, claims: claims)
        let tapped = Dictionary(uniqueKeysWithValues: zip(order, decided))
        // The hosts the app claims (and those a file was fetched or supplied for).
        let claimedHosts = (claims ?? []).map { $0.wildcard ? "*." + $0.host : $0.host } + facts.domains.map(\.host)
        return facts.urlTests.indices.compactMap { index -> Finding? in
            guard let reading = readings[index] else { return nil }
            let test = facts.urlTests[index]
            var problems: [String] = []
            if let disagreement = reading.disagreement { problems.append(disagreement) }
            var extra: [Evidence] = []
            var decisionDiffers = false
            if let href = hrefs[index], let viaBrowserTest = tapped[index] {
                let given = Self.opening(test.verdicts, appIDs: appIDs)
                let viaBrowser = Self.opening(viaBrowserTest.verdicts, appIDs: appIDs)
                if given != viaBrowser {
                    decisionDiffers = true
                    problems.append(
                        "iOS opens " + Self.describe(given) + " for the string as an app passes it, and "
                            + Self.describe(viaBrowser) + " for " + href + " (the link as Safari passes it on)")
                    extra.append(
                        .text(
                            "iOS verdicts for \(href): "
                                + viaBrowserTest.verdicts.map(URLTestText.describe).joined(separator: "; ")))
                }
            }
            guard !problems.isEmpty else { return nil }
            var evidence = Self.evidence(reading) + extra
            if let line = test.line { evidence.append(.text("URL list line \(line)")) }
            let subject = LinkReadingText.visible(test.url)
            // Medium where the app is concerned (a reading names a host it claims, or iOS decides
            // the two forms differently); info for a confusion that involves none of its hosts.
            let concerned =
                decisionDiffers || test.domain != nil
                || Self.namesClaimedHost(reading, claims: claimedHosts)
            return finding(
                subject: subject,
                detail: subject + ": " + problems.joined(separator: "; ") + "."
                    + (concerned ? "" : " No reading names a host the app claims."),
                evidence: evidence, severity: concerned ? nil : .info)
        }
    }

    /// True when one of the readings' hosts is a claimed host or under a claimed wildcard
    /// (`*.example.org` covers `example.org` and its subdomains), compared without case or a
    /// trailing dot.
    static func namesClaimedHost(_ reading: LinkReadings, claims: [String]) -> Bool {
        let hosts = reading.rows.compactMap { row in
            row.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        let claimed = claims.map { $0.lowercased() }
        return hosts.contains { host in
            claimed.contains { claim in
                guard claim.hasPrefix("*.") else { return host == claim }
                let root = String(claim.dropFirst(2))
                return host == root || host.hasSuffix("." + root)
            }
        }
    }

    /// One line of evidence per reading: its host and port (or why none) and its path.
    static func evidence(_ reading: LinkReadings) -> [Evidence] {
        reading.rows.map { row -> Evidence in
            if let refused = row.refused { return .text("\(row.label): refused (\(refused))") }
            guard let host = row.host else { return .text("\(row.label): no host, path \(row.path ?? "(none)")") }
            return .text(
                "\(row.label): host " + ReadAuthority.host(host, port: row.port).description
                    + ", path " + LinkReadingText.visible(row.path ?? "(none)"))
        }
    }

    /// The app IDs (of the app, when there is one) whose verdict opens the app.
    static func opening(_ verdicts: [AppVerdict], appIDs: [String]) -> [String] {
        verdicts.filter { $0.decision == .match && (appIDs.isEmpty || appIDs.contains($0.appID)) }.map(\.appID).sorted()
    }

    static func describe(_ ids: [String]) -> String {
        ids.isEmpty ? "no app" : ids.joined(separator: ", ")
    }
}

extension Reference {
    /// The URL Standard: the parser browsers implement (the browser reading).
    static let whatwgURLStandard = Reference(title: "WHATWG URL Standard", url: "https://url.spec.whatwg.org/")

    /// Orange Tsai's survey of URL-parser differentials (Black Hat USA 2017).
    static let urlParserConfusion = Reference(
        title: "Orange Tsai: A New Era of SSRF — Exploiting URL Parser in Trending Programming Languages "
            + "(Black Hat USA 2017)",
        url: "https://www.blackhat.com/docs/us-17/thursday/"
            + "us-17-Tsai-A-New-Era-Of-SSRF-Exploiting-URL-Parser-In-Trending-Programming-Languages.pdf"
    )
}
