import Crypto
import Findings
import Foundation

/// Why a probe-results file was refused.
public enum ProbeResultsError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    case notText
    case malformedLine(Int)
    case unknownOutcome(line: Int, String)
    case unknownProbe(line: Int, String)
    case otherKit(line: Int)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "a probe-results file is at most \(limit) bytes"
        case .notText: "not UTF-8 text"
        case .malformedLine(let line): "line \(line): expected ID<TAB>OUTCOME<TAB>NOTE<TAB>KIT"
        case .unknownOutcome(let line, let word):
            "line \(line): unknown outcome \"\(TerminalText.safe(String(word.prefix(40))))\" "
                + "(expected, vulnerable or not-reached)"
        case .unknownProbe(let line, let id):
            "line \(line): this kit has no probe \(TerminalText.safe(String(id.prefix(40))))"
        case .otherKit(let line):
            "line \(line): recorded for another probe kit (the app, its files or --attacker-host changed); "
                + "run the new kit's script again"
        }
    }
}

// What the tester recorded running the kit's script: the facts of PRB-….
extension ProbeKit {
    /// Largest results file read.
    public static let maxResultsBytes = 1 << 20
    /// Longest note kept (characters); longer ones are clipped.
    public static let maxNoteLength = 1_000

    /// A digest of the kit's probes (ID and URL of each): the script writes it on every result
    /// line so results are never matched to the probes of another kit.
    public var digest: String {
        let text = probes.map { "\($0.id) \($0.url)" }.joined(separator: "\n") + "\n" + attackerHost
        return SHA256.hash(data: Data(text.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The observations of a results file (`ID<TAB>OUTCOME<TAB>NOTE<TAB>KIT` lines, as the
    /// script appends them; blank lines and `#` comments skipped). A probe recorded twice keeps
    /// its last line. Refused: a file over `maxResultsBytes`, a line of another kit, an unknown
    /// probe or outcome.
    public func observations(from data: Data) throws(ProbeResultsError) -> ProbeFacts {
        guard data.count <= Self.maxResultsBytes else { throw .tooLarge(limit: Self.maxResultsBytes) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText }
        let byID = Dictionary(probes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var recorded: [String: ProbeFacts.Observation] = [:]
        // "\r\n" is one Character in Swift: split on it as on "\n".
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { throw .malformedLine(index + 1) }
            guard fields[3] == digest else { throw .otherKit(line: index + 1) }
            guard let probe = byID[fields[0]] else { throw .unknownProbe(line: index + 1, fields[0]) }
            guard let outcome = ProbeFacts.Observation.Outcome(rawValue: fields[1]) else {
                throw .unknownOutcome(line: index + 1, fields[1])
            }
            recorded[probe.id] = probe.observation(outcome, note: fields[2])
        }
        return ProbeFacts(observations: probes.compactMap { recorded[$0.id] })
    }
}
