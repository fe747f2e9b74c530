import Foundation

// Each platform's cards as panels: what every face renders (the typed cards stay the values the
// JSON answers and the tests read).

extension AppBundleCard {
    /// The bundle as a panel: identifiers, the signed entitlements (XML and DER copies side by
    /// side, differences marked), associated domains with their problems, the provisioning
    /// profile (with the signed entries it does not allow and its devices), URL schemes, the link
    /// handlers with their evidence and `frida-trace` command.
    public var panel: Panel {
        var blocks: [PanelBlock] = [.heading("Identifiers"), .pairs(identifiers)]
        blocks.append(.text(entitlements.summary, tone: "muted", hook: "entitlements-summary"))
        if !entitlements.rows.isEmpty {
            let rows = entitlements.rows.map { row in
                let differs = Badge("differs", tone: "warn", help: row.differences.joined(separator: "\n"))
                let cells = [
                    PanelCell(row.key, style: .code), PanelCell(row.xml ?? "(absent)", style: .preformatted),
                    PanelCell(row.der ?? "(absent)", style: .preformatted),
                    row.differs ? .badge(differs) : PanelCell(""),
                ]
                return PanelRow(
                    cells, tone: row.differs ? "warn" : "",
                    hooks: ["differs": String(row.differs), "key": row.key])
            }
            blocks.append(
                .table(
                    "Entitlements", columns: ["Key", "XML copy", "DER copy", ""], rows: rows,
                    hook: "entitlements"))
        }
        if !associatedDomains.isEmpty {
            blocks.append(
                .table(
                    "Associated domains", columns: ["Entry", "Service", "Modes", "Problems"],
                    rows: associatedDomains.map {
                        PanelRow(
                            [
                                PanelCell($0.entry, style: .code), PanelCell($0.service),
                                PanelCell($0.modes.joined(separator: ", ")), PanelCell(lines: $0.problems),
                            ],
                            hooks: ["host": $0.host, "accepted": String($0.isAccepted)])
                    }, hook: "associated-domains"))
        }
        blocks.append(.heading("Provisioning profile"))
        if let profile {
            blocks.append(
                .pairs(
                    [
                        LabeledText(label: "Name", text: profile.name ?? ""),
                        LabeledText(label: "Team", text: profile.team),
                        LabeledText(label: "Distribution", text: profile.distribution),
                        LabeledText(label: "Expires", text: profile.expiryText),
                        LabeledText(label: "Devices", text: profile.devicesText),
                        LabeledText(label: "Associated domains allowed", text: profile.ceilingText),
                    ].filter { !$0.text.isEmpty }, hook: "profile"))
            if !profile.notAllowed.isEmpty {
                blocks.append(
                    .problems(
                        profile.notAllowed.map { "Signed but not allowed by the profile: \($0)" },
                        hook: "profile-not-allowed"))
            }
            if !profile.problems.isEmpty { blocks.append(.problems(profile.problems)) }
            if !profile.devices.isEmpty {
                blocks.append(.heading("Provisioned devices", level: 5))
                blocks.append(.list(profile.devices.map { PanelCell($0, style: .code) }, hook: "profile-devices"))
            }
        } else {
            blocks.append(.text("No embedded provisioning profile.", tone: "muted"))
        }
        blocks.append(.heading("URL schemes"))
        blocks.append(
            .pairs(
                [
                    LabeledText(label: "Handles", text: urlSchemes.isEmpty ? "—" : urlSchemes.joined(separator: ", ")),
                    LabeledText(
                        label: "Queries (LSApplicationQueriesSchemes)",
                        text: queriedSchemes.isEmpty ? "—" : queriedSchemes.joined(separator: ", ")),
                ], hook: "url-schemes"))
        blocks.append(.heading("Link handlers"))
        if let linkScanNote { blocks.append(.text(linkScanNote, tone: "warn")) }
        if linkHandlers.isEmpty {
            blocks.append(.text("No link handlers or outgoing link calls found in this bundle.", tone: "muted"))
        } else {
            blocks.append(
                .table(
                    "Link evidence", columns: ["Kind", "Name", "File", "Slice", "Section", "Offset"],
                    rows: linkHandlers.map {
                        PanelRow([
                            PanelCell($0.kindText), PanelCell($0.name, style: .code), PanelCell($0.file, style: .code),
                            PanelCell($0.slice), PanelCell($0.section), PanelCell($0.offsetText, style: .code),
                        ])
                    }, hook: "link-evidence"))
        }
        if let fridaCommand {
            blocks.append(.heading("Watch the receivers on a device"))
            blocks.append(.command(fridaCommand, title: "frida-trace command", hook: "frida-command"))
        }
        if !diagnostics.isEmpty { blocks.append(.problems(diagnostics)) }
        let bundleID = identifiers.first { $0.label == "Bundle ID" }?.text ?? ""
        return Panel(
            id: "ios:bundle:" + id, platform: .ios, kicker: role, title: title, hook: "bundle",
            hooks: ["bundle-id": bundleID, "role": role], isOpen: role == "app", blocks: blocks)
    }
}

extension AndroidAppCard {
    /// The Android app as a panel: identity, signing certificates with their fingerprints and
    /// rotation lineage, each link-handling activity with its filters and what each claims, and
    /// where the code reads links.
    public var panel: Panel {
        var blocks: [PanelBlock] = [
            .heading("Identifiers"), .pairs(identifiers), .heading("Signing"),
            .text(signingSchemes, tone: "muted", hook: "android-signing"),
        ]
        if !certificates.isEmpty {
            blocks.append(
                .table(
                    "Signing certificates (SHA-256, as assetlinks.json lists them)",
                    columns: ["SHA-256", "Subject"],
                    rows: certificates.map {
                        PanelRow(
                            [PanelCell($0.sha256, style: .fingerprint), PanelCell($0.subject ?? "—")],
                            hooks: ["sha256": $0.sha256])
                    }, hook: "android-certificates"))
        }
        if !lineage.isEmpty {
            blocks.append(.heading("Key rotation lineage (oldest first)", level: 5))
            blocks.append(
                .list(
                    lineage.map { PanelCell($0, style: .fingerprint) }, ordered: true,
                    hook: "android-lineage"))
        }
        blocks.append(.heading("Link-handling activities"))
        if activities.isEmpty {
            blocks.append(.text("No activity has an intent filter with <data>.", tone: "muted"))
        }
        for activity in activities {
            let flags = activity.flags.map { Badge($0, tone: $0 == "exported" ? "ok" : "warn") }
            blocks.append(
                .heading(
                    activity.name, level: 5,
                    badges: flags + [Badge("manifest line \(activity.line)", tone: "muted")]))
            let columns = ["Line", "autoVerify", "Data", "Claims"]
            let caption = "Intent filters of \(activity.name)"
            blocks.append(
                .table(
                    caption, columns: columns,
                    rows: activity.filters.map { filter in
                        PanelRow(
                            [
                                PanelCell(String(filter.line)),
                                filter.autoVerify ? .badge(Badge("autoVerify", tone: "ok")) : PanelCell("no"),
                                PanelCell(lines: filter.data, style: .code),
                                filter.claims.isEmpty
                                    ? PanelCell("no link reaches it on the modelled version", style: .muted)
                                    : PanelCell(lines: filter.claims, style: .code),
                            ],
                            hooks: ["testid": "android-filter", "auto-verify": String(filter.autoVerify)])
                    }, hook: "android-activity",
                    hooks: ["activity": activity.name, "exported": String(activity.exported)]))
        }
        blocks.append(.heading("Link evidence"))
        blocks.append(
            linkEvidence.isEmpty
                ? .text("No link-reading call found in the DEX code.", tone: "muted")
                : .list(linkEvidence.map { PanelCell($0, style: .code) }, hook: "android-link-evidence"))
        if !notes.isEmpty { blocks.append(.problems(notes)) }
        return Panel(
            id: "android:app:" + title, platform: .android, kicker: "android", title: title,
            hook: "android-app", hooks: ["package": title], blocks: blocks)
    }
}

extension AndroidHostCard {
    /// The host's `assetlinks.json` as a panel: how it came, whether Android verifies the host
    /// and why, each request, Google's API beside the host's own answer, the grants, the lint and
    /// the text served.
    public var panel: Panel {
        var blocks: [PanelBlock] = []
        if !claims.isEmpty { blocks.append(.text("autoVerify hosts: \(claims)", tone: "muted")) }
        blocks.append(.text(verdict, hook: "android-verdict"))
        blocks += notes.map { .text($0) }
        if !routes.isEmpty {
            let headers = ["Route", "Outcome"] + columns.map(\.title)
            blocks.append(
                .table(
                    "Requests", columns: headers,
                    rows: routes.map { route in
                        let values: [String: String] = [
                            "status": route.status, "contentType": route.contentType,
                            "bytes": route.bytes, "time": route.time,
                        ]
                        return PanelRow(
                            [
                                PanelCell(route.name, note: route.url),
                                PanelCell(
                                    lines: [], badge: Badge(route.outcome, tone: route.tone),
                                    note: route.problem ?? "", noteTone: route.problem == nil ? "" : "error"),
                            ]
                                + columns.map { PanelCell(values[$0.key] ?? "") },
                            hooks: ["route": route.route])
                    }, hook: "android-routes"))
        }
        if let google {
            blocks.append(.heading("Google Digital Asset Links API", hook: "android-google"))
            blocks.append(.text(google.summary))
            let differences =
                google.onlyInFile.map { PanelCell(lines: ["only in the host\u{2019}s file: " + $0]) }
                + google.onlyInGoogle.map { PanelCell(lines: ["only in Google\u{2019}s answer: " + $0]) }
            if !differences.isEmpty { blocks.append(.list(differences)) }
            if let debug = google.debug { blocks.append(.list([PanelCell(debug, style: .preformatted)])) }
        }
        if !grants.isEmpty {
            blocks.append(.heading("App Links grants"))
            blocks.append(.list(grants.map { PanelCell($0, style: .fingerprint) }, hook: "android-grants"))
        }
        blocks.append(.lint(lint, summary: lintSummary, hook: "android-lint"))
        blocks.append(file.map { .file($0, hook: "android-file") } ?? .text("No file to show.", tone: "muted"))
        return Panel(
            id: "android:host:" + host.lowercased(), platform: .android, kicker: "Android",
            title: "assetlinks.json", hook: "android-host",
            hooks: ["host": host, "state": state, "verified": String(verified), "outcome": outcome],
            badges: [
                Badge(stateText, tone: tone, hook: "android-state"),
                Badge(
                    verified ? "verifies" : "does not verify", tone: verified ? "ok" : "warn",
                    hook: "android-verified"),
            ],
            blocks: blocks)
    }
}
