import Findings
import Foundation

@testable import Reports

/// A realistic report used by the golden-file and PDF tests: every block kind, every
/// severity, every evidence kind, and text outside ASCII and outside WinAnsi.
enum SampleReport {
    static let findings: [Finding] = [
        Finding(
            id: "BIN-002", severity: .info, title: "Universal-link receivers found",
            subject: "Payload/Shop.app/Shop",
            explanation: """
                The app implements the methods iOS calls when a universal link opens it. Hook them to see which URLs \
                reach the app and what it does with them.
                """,
            evidence: [
                .binary(
                    BinaryLocation(
                        file: "Payload/Shop.app/Shop", slice: "arm64",
                        section: "__TEXT,__objc_methname",
                        symbol: "application:continueUserActivity:restorationHandler:",
                        offset: 0x1F4A0, length: 52))
            ],
            remediation: "None needed; trace these methods (for example with frida-trace) while opening test links.",
            references: Reference.universalLinksBaseline),
        Finding(
            id: "AASA-007", severity: .critical, title: "The app ID is not in the domain's applinks details",
            subject: "shop.example.com",
            explanation: """
                iOS opens universal links for a domain only when that domain's association file lists the app's app \
                ID. This file does not, so every link to shop.example.com opens in Safari instead of the app.
                """,
            evidence: [
                .associationFile(
                    AssociationFileLocation(
                        host: "shop.example.com", pointer: "/applinks/details",
                        line: 3, column: 16)),
                .entitlement(key: "com.apple.developer.associated-domains", value: "applinks:shop.example.com"),
            ],
            remediation: """
                Add \"ABCDE12345.com.example.shop\" to appIDs in the applinks details of \
                https://shop.example.com/.well-known/apple-app-site-association and wait for Apple's CDN to refresh.
                """,
            references: [Reference.mastgTest0070, Reference.appleSupportingAssociatedDomains, Reference.appleTN3155]),
        Finding(
            id: "AASA-004", severity: .high, title: "The association file is not served with status 200",
            subject: "bücher.example",
            explanation: """
                Apple's CDN could not fetch the file, so devices that install the app get no association for this \
                domain.
                """,
            evidence: [
                .network(
                    NetworkObservation(
                        host: "bücher.example", route: "cdn",
                        url: """
                            https://app-site-association.cdn-apple.com/a/v1/b%C3%BCcher.exam\
                            ple
                            """,
                        status: 404, headerName: "Apple-Failure-Reason",
                        headerValue: "SWCERR00301 Timeout"))
            ],
            remediation: "Serve the file at /.well-known/apple-app-site-association with status 200 and no redirect.",
            references: [Reference.appleTN3155]),
        Finding(
            id: "ENT-005", severity: .high, title: "Entitled domain not allowed by the provisioning profile",
            subject: "Payload/Shop.app",
            explanation: """
                The signed entitlements name a domain the embedded profile does not allow; iOS refuses the whole \
                entitlement and universal links silently fail.
                """,
            evidence: [
                .entitlement(
                    key: "com.apple.developer.associated-domains",
                    value: "applinks:legacy.example.com")
            ],
            remediation: """
                Enable the domain in the App ID's Associated Domains capability and re-sign with a new profile.
                """,
            references: [Reference.appleAssociatedDomainsEntitlement]),
        Finding(
            id: "AASA-018", severity: .medium, title: "Sensitive paths are routed into the app",
            subject: "shop.example.com",
            explanation: """
                The file sends /account/reset/* and /oauth/callback into the app. An attacker can send such links; the \
                app must validate and confirm before acting on them.
                """,
            evidence: [
                .associationFile(
                    AssociationFileLocation(
                        host: "shop.example.com",
                        pointer: "/applinks/details/0/components/2", line: 14, column: 9))
            ],
            remediation: "Confirm with the user before acting on reset or OAuth links, and validate every parameter.",
            references: Reference.universalLinksBaseline),
        Finding(
            id: "BIN-004", severity: .medium, title: "Link receivers load web content",
            subject: "Payload/Shop.app/Shop",
            explanation: """
                The app handles universal links and loads URLs into a web view. If a link parameter becomes the loaded \
                URL, attackers get an open redirect inside a trusted app.
                """,
            evidence: [
                .binary(
                    BinaryLocation(
                        file: "Payload/Shop.app/Shop", slice: "arm64", section: "__TEXT,__objc_methname",
                        symbol: "loadRequest:", offset: 0x1F9C2)),
                .text("Zürich test build — 中文 “quotes” ✓ 😀"),
            ],
            remediation: """
                Allow-list the hosts a link may load, and never load a URL taken from a link parameter as is.
                """,
            references: [Reference.masvsPlatform1]),
        Finding(
            id: "ENT-003", severity: .low, title: "Wildcard applinks entry",
            subject: "Payload/Shop.app",
            explanation: "applinks:*.example.com covers every subdomain, and each subdomain still needs its own file.",
            evidence: [.entitlement(key: "com.apple.developer.associated-domains", value: "applinks:*.example.com")],
            remediation: "List the subdomains the app needs explicitly.",
            references: [Reference.appleAssociatedDomainsEntitlement]),
    ]

    static let document = ReportDocument(
        title: "Universal links assessment: Example Shop",
        subtitle: "Shop-4.2.1.ipa, engagement EX-2026-11",
        identity: [
            KeyValue("Bundle identifier", "com.example.shop"),
            KeyValue("Application identifier", "ABCDE12345.com.example.shop"),
            KeyValue("Team", "ABCDE12345"),
            KeyValue("Version", "4.2.1 (421)"),
            KeyValue("Input SHA-256", "9f2c1e6b7a0d4c3b8e5f1a2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4a3"),
        ],
        generatedBy: "UniversalLinkLab 0.1 (linklab scan)",
        generatedAt: Date(timeIntervalSince1970: 1_795_000_000),
        findings: findings,
        sections: [
            ReportSection(
                title: "Scope and method",
                blocks: [
                    .paragraph(
                        """
                        This report covers the universal links of the app: what it claims in its signed entitlements, \
                        what \
                        each claimed domain serves, and how Apple's matcher decides the URLs the tester \
                        supplied.\n\nAssociation files were fetched from Apple's CDN and from each origin, as iOS 14 \
                        and \
                        later do.
                        """),
                    .keyValues([
                        KeyValue("Domains", "shop.example.com, bücher.example, *.example.com"),
                        KeyValue("URLs tested", "3"),
                    ]),
                ]),
            ReportSection(
                title: "Associated domains",
                blocks: [
                    .table(
                        ReportTable(
                            columns: ["Service", "Host", "Wildcard", "Mode", "CDN", "Origin"],
                            rows: [
                                ["applinks", "shop.example.com", "no", "", "200", "200"],
                                [
                                    "applinks", "bücher.example", "no", "", "404 (SWCERR00301 Timeout)",
                                    "unreachable: TLS handshake failed",
                                ],
                                ["applinks", "*.example.com", "yes", "", "200", "200"],
                                ["webcredentials", "shop.example.com", "no", "developer"],
                            ]))
                ]),
            ReportSection(
                title: "URL tests",
                blocks: [
                    .heading("Verdicts"),
                    .table(
                        ReportTable(
                            columns: ["URL", "Expected", "Verdict", "Rule"],
                            rows: [
                                ["https://shop.example.com/buy/42", "opens app", "match", "details[0].components[1]"],
                                [
                                    "https://shop.example.com/account/reset?token=abc", "stays in Safari", "match",
                                    "details[0].components[2]",
                                ],
                                [
                                    "https://shop.example.com/help", "stays in Safari", "exclude",
                                    "details[0].components[0]",
                                ],
                            ])),
                    .code(
                        CodeBlock(
                            caption: "Trace for https://shop.example.com/account/reset?token=abc",
                            text: """
                                details[0] appIDs contains ABCDE12345.com.example.shop
                                components[0] "/" = "/help*" exclude: no (path differs)
                                components[1] "/" = "/buy/*": no
                                components[2] "/" = "/account/*" "?" = {} → match
                                """)),
                ]),
            ReportSection(title: "Findings", blocks: [.findings(findings)]),
        ],
        entitlements: [
            EntitlementsListing(
                bundle: "Payload/Shop.app",
                text: """
                    {
                      "application-identifier" : "ABCDE12345.com.example.shop",
                      "com.apple.developer.associated-domains" : [
                        "applinks:shop.example.com",
                        "applinks:bücher.example",
                        "applinks:*.example.com",
                        "webcredentials:shop.example.com?mode=developer"
                      ],
                      "com.apple.developer.team-identifier" : "ABCDE12345",
                      "get-task-allow" : false
                    }
                    """)
        ]
    )

    /// A report whose one table has `rows` rows (page-break tests).
    static func longTable(rows: Int) -> ReportDocument {
        ReportDocument(
            title: "Long table", generatedBy: "UniversalLinkLab tests",
            sections: [
                ReportSection(
                    title: "URLs",
                    blocks: [
                        .table(
                            ReportTable(
                                columns: ["#", "URL", "Verdict"],
                                rows: (1...rows).map {
                                    [
                                        "\($0)",
                                        "https://shop.example.com/products/item-\($0)/details?ref=campaign-\($0 * 7)",
                                        $0 % 3 == 0 ? "exclude" : "match",
                                    ]
                                }))
                    ])
            ])
    }
}
