import Foundation
import Plot

/// A self-contained HTML page of links to tap on a device (or scan from another screen),
/// each with its QR code drawn as inline SVG and the verdict the tester expects.
public struct TestLinkPage: Sendable, Hashable {
    /// What the tester expects a link to do.
    public enum Expectation: String, Sendable, Hashable, Codable {
        /// The link should open the app.
        case opensApp = "opens app"
        /// The link should stay in the browser.
        case staysInBrowser = "stays in browser"
        /// No expectation (a sample of a claimed path).
        case unspecified = "sample"
    }

    /// What one platform's app should do with a link (a page for both apps of a product lists
    /// one per platform).
    public struct Outcome: Sendable, Hashable {
        /// The platform as the page names it ("iOS", "Android").
        public var platform: String
        /// What the tester should see there.
        public var expectation: Expectation
        /// The predicted outcome and why ("opens the app — matches example.com details[0] rule 1").
        public var text: String

        public init(platform: String, expectation: Expectation, text: String) {
            self.platform = platform
            self.expectation = expectation
            self.text = text
        }
    }

    /// One link on the page.
    public struct Link: Sendable, Hashable {
        /// The URL to open.
        public var url: String
        /// What the tester expects.
        public var expectation: Expectation
        /// Where it came from ("claimed by details[0].components[1]", "tester URL").
        public var note: String?
        /// The expected outcome per platform, in order; empty on a one-platform page.
        public var outcomes: [Outcome]

        /// A link with an expectation, an optional note and, on a page for both platforms, each
        /// platform's expected outcome.
        public init(
            url: String, expectation: Expectation = .unspecified, note: String? = nil,
            outcomes: [Outcome] = []
        ) {
            self.url = url
            self.expectation = expectation
            self.note = note
            self.outcomes = outcomes
        }
    }

    /// Page title.
    public var title: String
    /// Text above the links (how to use the page).
    public var introduction: String?
    /// The links, in the order given.
    public var links: [Link]
    /// Who made it; no date is printed.
    public var generatedBy: String

    /// A test-link page.
    public init(title: String, introduction: String? = nil, links: [Link], generatedBy: String) {
        self.title = title
        self.introduction = introduction
        self.links = links
        self.generatedBy = generatedBy
    }

    /// The page as HTML. Web URLs and custom app schemes (`myapp://…`, for scheme tests)
    /// become tappable links with a QR code; script-capable schemes (`javascript:`) are shown
    /// as text only; a URL too long for a QR code gets a note instead of a code.
    public func html() -> String {
        let perPlatform = links.contains { !$0.outcomes.isEmpty }
        return HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("generator"), .content(HTMLEscape.attribute(generatedBy))),
                .element(named: "title", nodes: [.safe(title)]),
                .style(perPlatform ? Self.css + Self.outcomeCSS : Self.css)
            ),
            .body(
                .h1(.safe(title)),
                .unwrap(introduction) { .p(.class("intro"), .safe($0)) },
                .p(.class("intro"), .safe(perPlatform ? Self.bothPlatformsHowTo : Self.howTo)),
                .ol(
                    .class("links"),
                    .forEach(links) { link in
                        .li(
                            .class("link expect-\(Self.cssName(link.expectation))"),
                            .div(
                                .class("qr"),
                                .raw(
                                    HTMLEscape.safeHref(link.url, customSchemes: true) == nil
                                        ? "<p class=\"noqr\">not a link</p>" : Self.qrSVG(link.url))),
                            .div(
                                .class("text"),
                                .span(.class("expect"), .safe(link.expectation.rawValue)),
                                .p(
                                    .class("url"),
                                    HTMLEscape.safeHref(
                                        link.url,
                                        customSchemes: true
                                    ).map { .a(.href($0), .safe(link.url)) } ?? .safe(link.url)),
                                .if(
                                    !link.outcomes.isEmpty,
                                    .ul(
                                        .class("outcomes"),
                                        .forEach(link.outcomes) { outcome in
                                            .li(
                                                .class("outcome expect-\(Self.cssName(outcome.expectation))"),
                                                .span(.class("platform"), .safe(outcome.platform)),
                                                .span(.class("expect"), .safe(outcome.expectation.rawValue)),
                                                .span(.class("why"), .safe(outcome.text)))
                                        })),
                                .unwrap(link.note) { .p(.class("note"), .safe($0)) }
                            )
                        )
                    }),
                .footer(.safe("Generated by \(generatedBy)."))
            )
        ).render(indentedBy: .spaces(1)) + "\n"
    }

    static let howTo =
        "Universal links open the app only when tapped from another app or page (not when typed "
        + "into Safari's address bar), so tap each link below on the device, or scan its code with the device's camera."

    static let bothPlatformsHowTo =
        "Universal links (iOS) and App Links (Android) open the app only when tapped "
        + "from another app or page (not when typed into the browser's address bar), so tap each link below on "
        + "each device, or scan its code with the device's camera. Each link lists what should happen on iOS and "
        + "on Android."

    /// The CSS class suffix of an expectation.
    static func cssName(_ expectation: Expectation) -> String {
        switch expectation {
        case .opensApp: "app"
        case .staysInBrowser: "browser"
        case .unspecified: "sample"
        }
    }

    /// The per-platform outcome lines of a page for both apps.
    static let outcomeCSS = """
        .outcomes { list-style: none; padding: 0; margin: 4px 0; font-size: 14px; }
        .outcome { margin: 3px 0; }
        .outcome .platform { display: inline-block; min-width: 72px; font-weight: bold; }
        .outcome .expect { margin-right: 6px; }
        .outcome.expect-app .expect { background: #2E7D32; }
        .outcome.expect-browser .expect { background: #C62828; }
        .outcome.expect-sample .expect { background: #5F6B7A; }
        .outcome .why { color: #5F6B7A; }

        """

    static func qrSVG(_ url: String) -> String {
        do {
            return try QRCode.encode(url, errorCorrection: .medium).svg(pixelSize: 168, label: url)
        } catch {
            return "<p class=\"noqr\">\(HTMLEscape.text(error.description))</p>"
        }
    }

    static let css = """

        body { font: 16px/1.45 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; color: #1F2933; margin: \
        0 \
        auto; max-width: 860px; padding: 16px; }
        h1 { color: #14213D; font-size: 22px; border-bottom: 2px solid #14213D; padding-bottom: 4px; }
        .intro { color: #5F6B7A; font-size: 14px; }
        .links { list-style: none; padding: 0; }
        .link { display: flex; gap: 16px; align-items: center; border: 1px solid #C9D1DB; border-left: 6px solid \
        #5F6B7A; \
        border-radius: 6px; padding: 10px; margin: 12px 0; break-inside: avoid; }
        .expect-app { border-left-color: #2E7D32; }
        .expect-browser { border-left-color: #C62828; }
        .qr svg { display: block; }
        .text { min-width: 0; }
        .url { font-family: Menlo, Consolas, monospace; font-size: 15px; overflow-wrap: anywhere; margin: 6px 0; }
        .url a { display: block; padding: 10px 0; color: #1A56A8; }
        .expect { display: inline-block; font-size: 12px; font-weight: bold; text-transform: uppercase; \
        letter-spacing: \
        .05em; color: #FFFFFF; background: #5F6B7A; border-radius: 3px; padding: 1px 7px; }
        .expect-app .expect { background: #2E7D32; }
        .expect-browser .expect { background: #C62828; }
        .note, footer, .noqr { color: #5F6B7A; font-size: 13px; }
        @media print { .link { -webkit-print-color-adjust: exact; print-color-adjust: exact; } a { color: inherit; } }

        """
}

extension TestLinkPage {
    /// A concrete URL for a claimed path pattern, for tapping: `*` becomes `sample`, `?`
    /// becomes `x`, a missing leading `/` is added, and characters a URL path may not hold
    /// are percent-encoded (`%` signs already in the pattern are kept). The host may carry a port.
    public static func sampleURL(host: String, pathPattern: String, query: String? = nil) -> String {
        var path = ""
        for character in pathPattern {
            switch character {
            case "*": path += "sample"
            case "?": path += "x"
            default: path.append(character)
            }
        }
        if !path.hasPrefix("/") { path = "/" + path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert("%")
        let encodedPath = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        var url = "https://\(host)\(encodedPath)"
        if let query, !query.isEmpty {
            var queryAllowed = CharacterSet.urlQueryAllowed
            queryAllowed.insert("%")
            url += "?" + (query.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? query)
        }
        return url
    }
}
