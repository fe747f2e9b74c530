// Session benchmark (release: `swift run -c release SessionBenchmark` from the repository root).
// Prints the numbers of docs/benchmarks.md, `SessionBenchmark` (medians of several runs):
//   1. re-decide 1,000 URL lines after one edit keystroke, 8 apps × 500 rules   target ≤ 20 ms
//   2. recompute findings after a host changes, on the sample                   target ≤ 10 ms
//   3. save and open of a session with 50 hosts                                 target ≤ 50 ms each
//   4. `report` of the sample session vs the same five reports from `scan`      target ≤ 1.5×
import Foundation
import Reports
@_spi(Benchmarks) import SiteAssociation
import Workbench

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let sample = root.appendingPathComponent("Samples/LinkLabSample.ipa")
let now = Date(timeIntervalSince1970: 1_795_000_000)
let supplied =
    Dictionary(
        uniqueKeysWithValues: ["example.com", "shop.example.com", "example.org", "go.example.net"].map {
            ($0, root.appendingPathComponent("Samples/aasa/\($0).json").path)
        })

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Sections named on the command line run alone (for profiling one part); none named: all run.
let chosen = Set(CommandLine.arguments.dropFirst())
func wants(_ section: String) -> Bool { chosen.isEmpty || chosen.contains(section) }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// CPU time of the calling thread.
func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

func line(_ name: String, _ value: Double, _ target: String) { printLine(name, value, target) }

/// One line of the report: name, milliseconds, target.
func printLine(_ name: String, _ value: Double, _ target: String) {
    print(
        name.padding(toLength: 62, withPad: " ", startingAt: 0) + String(format: "%8.2f ms", value)
            + "   (target \(target))")
}

/// Parse, lint and compile of the keystroke's file, each timed alone and cold (no detail of the
/// file compiled before).
func parts(of text: String) throws {
    let body = Data(text.utf8)
    // Each line also shows the thread's CPU time: on the shared machine wall time swings with
    // the neighbours' load, CPU time much less.
    var cpu: [Double] = []
    func timed(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        cpu = []
        return try median(
            (0..<runs).map { _ in
                // Cold: nothing compiled before (lint and the matcher share compiled details).
                AssociationPhases.forgetCompilations()
                let start = threadCPUMilliseconds()
                let wall = try milliseconds(body)
                cpu.append(threadCPUMilliseconds() - start)
                return wall
            })
    }
    func line(_ name: String, _ value: Double, _ target: String) {
        printLine(name, value, target + String(format: "; CPU %.2f ms", median(cpu)))
    }
    // The shadowing check alone takes most of a second here: `parts` without `full` leaves it out.
    let full = chosen.isEmpty || chosen.contains("full")
    var parsed = AssociationDocument.parse(body)
    if full {
        line(
            "   parse + lint of the file (AssociationDocument.parse)",
            timed(3) { parsed = AssociationDocument.parse(body) }, "for comparison")
    }
    var read = AssociationPhases.read(body)
    line("   parse alone (tolerant JSON + model read)", timed(15) { read = AssociationPhases.read(body) }, "≤ 4 ms")
    var lintCount = 0
    if full {
        line("   lint alone, every check", timed(3) { lintCount = AssociationPhases.lint(read) }, "for comparison")
    }
    line(
        "   lint without the shadowing check",
        timed(15) { lintCount = AssociationPhases.lint(read, shadowing: false) }, "≤ 4 ms")
    var matcher = AssociationMatcher(document: parsed, domain: "example.com")
    line(
        "   compile (AssociationMatcher(document:domain:))",
        timed(15) { matcher = AssociationMatcher(document: parsed, domain: "example.com") }, "≤ 4 ms")
    print(
        "   (\(parsed.diagnostics.count) diagnostics, \(read.diagnosticCount) from reading, \(lintCount) from lint "
            + "without shadowing; \(matcher.appIDs.count) apps compiled)")
}

@MainActor
func run() async throws {
    // 1. An association file with 8 apps × 500 rules, 1,000 URL lines, keystrokes as a tester
    // types them: each one a new text (no two alike, so no keystroke finds its own file compiled).
    let apps = (0..<8).map { "ABCDE1234\($0).com.example.app\($0)" }
    func bigFile(rule typed: String = "", defaults: String = "", variables: String = "", tail: String = "") -> String {
        var text = "{\"applinks\":{\"defaults\":{\"comment\":\"\(defaults)\"},"
        text += "\"substitutionVariables\":{\"v\":[\"x\(variables)\"]},\"details\":["
        for (index, appID) in apps.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "{\"appIDs\":[\"\(appID)\"],\"components\":["
            text += (0..<500).map { rule -> String in
                let typedHere = index == 3 && rule == 251 ? typed : ""
                return rule % 50 == 0
                    ? "{\"/\":\"/app\(index)/private\(rule)/*\",\"exclude\":true}"
                    : "{\"/\":\"/app\(index)/section\(rule)\(typedHere)/*\"}"
            }.joined(separator: ",")
            text += "]}"
        }
        return text + "\n]}}" + tail
    }
    let file = Data(bigFile().utf8)
    let big = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { now })
    big.openAssociationFile(file, host: "example.com")
    big.setURLLines(
        (0..<1000)
            .map { "https://example.com/app\($0 % 8)/section\($0 % 500)/item\($0)" }.joined(separator: "\n"))
    // "rule", "defaults", "variables" or "worst" alone times only that kind of keystroke, 100 times (or
    // the number given: `SessionBenchmark defaults 20`), for profiling it.
    let profiling = !wants("keystroke") && !chosen.isDisjoint(with: ["rule", "defaults", "variables", "worst"])
    let others = !profiling
    let given = chosen.compactMap { Int($0) }.first
    let runs = profiling ? given ?? 100 : wants("keystroke") ? 15 : 1
    let ruleRuns = profiling && !chosen.contains("rule") ? 1 : runs
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    func typing(_ count: Int) -> String { String((0..<count).map { letters[$0 % letters.count] }) }
    // One rule of one detail: that detail is compiled and linted again, its app's 1,000
    // verdicts decided again; the other seven details and apps are as they were.
    var keystrokes: [Double] = []
    for index in 1...ruleRuns {
        let text = bigFile(rule: typing(index))
        keystrokes.append(try milliseconds { try big.edit(text, forHost: "example.com") })
    }
    line("1. edit keystroke → 1,000 URLs re-decided (8 apps × 500 rules)", median(keystrokes), "≤ 20 ms")
    print("   (a letter typed into one rule's path: its detail recompiled, its app's verdicts re-decided)")
    // A letter typed into applinks.defaults' comment: the file is read again, but no rule reads
    // a comment, so every compilation and verdict is kept (the worst keystroke is timed below).
    /// `runs` keystrokes, each editing `big` to `text(n)` for the nth (none unless `section` runs).
    func timedEdits(_ section: String, _ text: (Int) -> String) throws -> [Double] {
        guard others || chosen.contains(section) else { return [] }
        return try (1...runs).map { index in
            let edited = text(index)
            return try milliseconds { try big.edit(edited, forHost: "example.com") }
        }
    }
    let everything = try timedEdits("defaults") { bigFile(defaults: typing($0)) }
    if !everything.isEmpty {
        line("   a keystroke in applinks.defaults' comment (no rule reads it)", median(everything), "≤ 20 ms")
    }
    // A letter typed into a substitution variable's value reaches every rule naming it (here
    // none: the rules name no variable).
    let variables = try timedEdits("variables") { bigFile(variables: typing($0)) }
    if !variables.isEmpty {
        line("   a keystroke in substitutionVariables (a variable no rule names)", median(variables), "≤ 20 ms")
    }
    // The worst keystroke there is: one that changes every rule's compilation (a flag in
    // `applinks.defaults`, a variable every rule names). Each keystroke finds nothing compiled:
    // every detail compiled and linted again, all 8,000 verdicts decided again.
    let worst = try timedEdits("worst") { index in
        AssociationPhases.forgetCompilations()
        return bigFile(defaults: typing(index) + "!")
    }
    if !worst.isEmpty {
        line("   a keystroke changing every rule (nothing compiled before)", median(worst), "≤ 20 ms")
    }
    var blanks: [Double] = []
    for index in 1...runs where others {
        let text = bigFile(tail: String(repeating: " ", count: index))
        blanks.append(try milliseconds { try big.edit(text, forHost: "example.com") })
    }
    if others { line("   a space typed after the last brace (no rule changes)", median(blanks), "for comparison") }
    var text = bigFile(tail: " ")
    // Deciding without reading the edited text and with nothing compiled before: the whole file
    // compiled, the 1,000 lines decided against it.
    let bigEntries = try URLList.parse(big.urlLines)
    let bigReports = big.domains.compactMap(\.report)
    var redecide: [Double] = []
    for _ in 0..<runs where others {
        AssociationPhases.forgetCompilations()
        redecide.append(
            milliseconds {
                _ = URLDecider(domains: bigReports, appIDs: apps).decide(bigEntries, traces: .contradictionsOnly)
            })
    }
    if others {
        line("   compile the whole file + decide the 1,000 lines from nothing", median(redecide), "for comparison")
    }
    // The file must be one a device uses (≤ 128 KiB, strict JSON), or every verdict is a cheap no_match.
    let opened = big.urlTests.flatMap(\.verdicts).filter { $0.decision == .match }.count
    print(
        """
           (file \(file.count / 1024) KiB, \(big.findings.count) findings; \(opened) \
        of \(big.urlTests.count * apps.count) verdicts open an app)
        """)
    var traced: [Double] = []
    for index in 0..<(wants("traced") ? 5 : 0) {
        text += index % 2 == 0 ? " " : "\n"
        try big.edit(text, forHost: "example.com")
        traced.append(milliseconds { _ = big.currentAnalysis })
    }
    if !traced.isEmpty {
        line("   the same 1,000 URLs with every trace (what a report renders)", median(traced), "for comparison")
    }
    var single: [Double] = []
    for index in 0..<200 {
        single.append(milliseconds { _ = big.decide(url: "https://example.com/app3/section\(index)/x") })
    }
    line("   decide(url:) of one URL", median(single), "well under 1 ms")
    // The parts of one keystroke on this file, each alone.
    if wants("parts") { try parts(of: text) }
    guard wants("host") || wants("session") || wants("report") else { return }

    // 2. The sample, offline; one host's file replaced.
    let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true, suppliedFiles: supplied), now: { now })
    document.openApp(at: sample)
    await document.settled()
    document.setURLLines(try String(contentsOf: root.appendingPathComponent("Samples/urls.txt"), encoding: .utf8))
    let original = try Data(contentsOf: URL(fileURLWithPath: supplied["go.example.net"] ?? ""))
    var changes: [Double] = []
    for index in 0..<15 {
        let body = index % 2 == 0 ? original : original + Data("\n".utf8)
        changes.append(
            try milliseconds {
                try document.useFile(
                    body, name: "go.example.net.json",
                    forHost: "go.example.net")
            })
    }
    line("2. host change → verdicts and findings recomputed (sample)", median(changes), "≤ 10 ms")

    // A keystroke in the URL list of the sample pair (IPA and APK in one document, the lines of
    // Samples/urls-both.txt): both platforms decide every line again. Beside it, the IPA alone.
    let both = WorkbenchDocument(settings: WorkbenchSettings(offline: true, suppliedFiles: supplied), now: { now })
    both.openApp(at: sample)
    await both.settled()
    both.addAndroidApp(at: root.appendingPathComponent("Samples/LinkLabSample.apk"))
    await both.settled()
    for host in ["example.com", "example.org", "shop.example.com"] {
        let file = root.appendingPathComponent("Samples/assetlinks/\(host).json")
        try both.useFile(Data(contentsOf: file), name: "\(host).json", forHost: host, on: .android)
    }
    let pairLines = try String(contentsOf: root.appendingPathComponent("Samples/urls-both.txt"), encoding: .utf8)
    func typed(_ document: WorkbenchDocument) -> Double {
        median(
            (0..<15).map { index in
                let lines = pairLines + "https://example.com/buy/" + String(repeating: "4", count: index)
                return milliseconds { document.setURLLines(lines) }
            })
    }
    let pairKeystroke = typed(both)
    line(
        "   a URL-list keystroke, IPA and APK (\(both.androidAnalysis?.decisions.count ?? 0) URLs each)",
        pairKeystroke, "≤ 20 ms")
    line("   the same keystroke, IPA alone", typed(document), "for comparison")
    // What the web page asks after it: the list's first slice (100 lines, both platforms' rows and
    // each line's cross-platform cell) and the view (the table's counts); and a typed URL.
    func presented(_ document: WorkbenchDocument) -> Double {
        median(
            (0..<15).map { index in
                let lines = pairLines + "https://example.com/buy/" + String(repeating: "4", count: index)
                return milliseconds {
                    document.setURLLines(lines)
                    _ = document.urlListPage(offset: 0, limit: 100, version: "\(index)")
                    _ = document.presentation()
                }
            })
    }
    line("   the keystroke + first slice + view, IPA and APK", presented(both), "≤ 20 ms")
    line("   the keystroke + first slice + view, IPA alone", presented(document), "for comparison")
    func typedURL(_ document: WorkbenchDocument) -> Double {
        median(
            (0..<200).map { index in
                milliseconds { _ = document.presentation(ofTyped: "https://example.com/open/item/\(index)") }
            })
    }
    line("   a typed URL presented, IPA and APK", typedURL(both), "well under 1 ms")
    line("   a typed URL presented, IPA alone", typedURL(document), "for comparison")

    // 3. A session with 50 hosts: the sample app claiming 50 hosts, each serving the sample file.
    guard let app = document.app,
        let report = document.domains.first(where: { $0.host == "example.com" })?.report
    else {
        print("sample did not open")
        return
    }
    var snapshot = app
    if var main = snapshot.bundles.first {
        main.associatedDomains = (0..<50).map { AssociatedDomain.parse("applinks:host\($0).example.com") }
        snapshot.bundles[0] = main
    }
    let hosts = HostCollector.collect(from: snapshot).hosts
    let reports = try hosts.map { host -> DomainReport in
        var copy = report
        let fetchHost = try FetchHost.parse(host.entry)
        copy.host = fetchHost.entry
        copy.fetchedHost = fetchHost.hostname
        return copy
    }
    let fifty = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { now })
    fifty.adopt(
        Analysis(
            snapshot: snapshot, hosts: hosts, domains: reports, urlTests: [], findings: [], timings: [],
            offline: true, now: now), urls: [])
    var saved = Data()
    var saves: [Double] = []
    var opens: [Double] = []
    for _ in 0..<9 {
        saves.append(try milliseconds { saved = try fifty.save() })
        let reader = WorkbenchDocument(now: { now })
        opens.append(try milliseconds { try reader.openSession(saved) })
    }
    line("3. save of a 50-host session (\(saved.count / 1024) KiB)", median(saves), "≤ 50 ms")
    line("   open of the same session (read, re-parse, recompute)", median(opens), "≤ 50 ms")

    // 4. `scan` (pipeline + five reports) vs `report` (open the saved session + five reports).
    let urls =
        try URLList.parse(try String(contentsOf: root.appendingPathComponent("Samples/urls.txt"), encoding: .utf8))
    let kinds: [ExportFormat] = [.markdown, .html, .pdf, .json, .sarif]
    let sessionBytes = try document.save()
    var scans: [Double] = []
    var rerenders: [Double] = []
    for _ in 0..<7 {
        let request = ScanRequest(input: sample, suppliedFiles: supplied, offline: true, urls: urls, now: now)
        let start = ContinuousClock.now
        let analysis = try await ScanPipeline(request: request).run()
        for kind in kinds { _ = try analysis.report(kind) }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        scans.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        rerenders.append(
            try milliseconds {
                let reader = WorkbenchDocument(now: { now })
                try reader.openSession(sessionBytes)
                guard let analysis = reader.currentAnalysis else { return }
                for format in [ReportFormat.markdown, .html, .pdf, .json, .sarif] {
                    _ = try TriagedReports.render(analysis, format: format, triage: reader.triage)
                }
            })
    }
    line("4. scan of the sample + five reports", median(scans), "baseline")
    line(
        "   report of the saved sample session + five reports", median(rerenders),
        String(format: "≤ 1.5× scan; now %.2f×", median(rerenders) / median(scans)))
}

try await run()
