import ArgumentParser
import Findings
import Foundation
import LinkReadings
import Workbench

/// `linklab readings URL… [--urls FILE]`: link confusion. Each URL read as a browser, Foundation
/// and Android's `Uri.parse` read it, side by side (`docs/commands/readings.md`). Thin: the
/// rows, the comparison and the text block come from `LinkReadings`.
struct ReadingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readings",
        abstract: "Link confusion: each URL as a browser, Foundation (iOS) and Android's Uri.parse read it.",
        discussion: """
            Each URL is read as a browser navigates it (the WHATWG URL Standard), as Foundation's \
            URL reads it (what an app passing the string to UIApplication.open hands iOS) and as \
            Android's Uri.parse reads it, then as iOS and Android receive it when it is tapped in a \
            browser. Hosts that differ are what finding URL-003 reports. No network, no app needed.

            Examples:
              linklab readings 'https://trusted.example\\@evil.example/'
              linklab readings --urls Samples/urls.txt --differing
              linklab readings --urls urls.txt --format json > readings.json

            Exit 0 when done; 2 on a usage error; 3 when --urls cannot be read or a line is not \
            an absolute URL (the others are still printed).
            """
    )

    @Argument(help: ArgumentHelp("URLs to read (URL-list syntax: a leading ! or = is dropped).", valueName: "URL"))
    var urls: [String] = []

    @Option(
        name: .customLong("urls"),
        help: ArgumentHelp(
            "A URL list (Samples/urls.txt syntax; - for standard input).",
            valueName: "FILE"))
    var urlsFile: String?

    @Flag(help: "Print only the URLs whose readings name different hosts (the summary counts all).")
    var differing = false

    @Option(help: "Output format: text (for people) or json.")
    var format: ScanCommand.Format = .text

    func validate() throws {
        guard !urls.isEmpty || urlsFile != nil else {
            throw ValidationError("give URLs, as arguments or with --urls FILE")
        }
    }

    /// One URL's result: its readings, or why the line is not read.
    struct Entry: Encodable {
        var url: String
        var line: Int?
        var readings: [LinkReadings.Row]?
        var hostsDiffer: Bool?
        var disagreement: String?
        var error: String?
    }

    func run() throws {
        // The package's one list reader (any scheme: a reading is about the string, not a route).
        var reader = URLListReader(schemes: .any)
        var lines = urls.compactMap(reader.read(argument:))
        if let urlsFile {
            lines += reader.read(String(decoding: try ScanCommand.listData(urlsFile), as: UTF8.self))
        }
        var entries: [Entry] = []
        for line in lines {
            switch line {
            case .invalid(let text, let number, let problem):
                entries.append(Entry(url: text, line: number, error: problem))
            case .entry(let entry):
                do {
                    let readings = try LinkReadings.read(entry.url)
                    entries.append(
                        Entry(
                            url: entry.url, line: entry.line, readings: readings.rows,
                            hostsDiffer: readings.hostsDisagree, disagreement: readings.disagreement))
                } catch {
                    entries.append(Entry(url: entry.url, line: entry.line, error: error.description))
                }
            }
        }
        let errors = entries.filter { $0.error != nil }.count
        let differ = entries.filter { $0.hostsDiffer == true }.count
        let read = entries.count - errors
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = 1
                var urls: [Entry]
                var read: Int
                var hostsDiffer: Int
                var errors: Int
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(Document(urls: entries, read: read, hostsDiffer: differ, errors: errors))
            FileHandle.standardOutput.write(TerminalText.safeJSON(data) + Data("\n".utf8))
        case .text:
            var out: [String] = []
            for entry in entries where !differing || entry.hostsDiffer == true || entry.error != nil {
                if let error = entry.error {
                    out.append(LinkReadingText.visible(entry.url))
                    out.append("  error    \(error)")
                } else if let readings = try? LinkReadings.read(entry.url) {
                    out += readings.textBlock
                }
            }
            out.append(
                "\(read) URL\(read == 1 ? "" : "s") read: \(differ) with hosts that differ"
                    + (errors > 0 ? ", \(errors) not read" : ""))
            FileHandle.standardOutput.write(Data(out.map { TerminalText.safe($0) + "\n" }.joined().utf8))
        }
        if errors > 0 { throw LinkLabExit.unreadableInput }
    }
}
