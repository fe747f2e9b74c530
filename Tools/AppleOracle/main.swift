// AppleOracle: Apple's matcher (`swcutil verify`) as a continuous oracle for ours.
//
//   swift run -c release AppleOracle generate --count 2000 --seed N --out DIR [--regressions DIR2]
//   sudo sh DIR/run-swcutil.sh            (macOS only: Apple's matcher on every case)
//   swift run -c release AppleOracle compare DIR
//
// generate writes the cases (half from a fixed seed, half from N; plus every regression case in
// DIR2), their association files and the script; compare reads swcutil's outputs, compares each
// decision with ours, writes every disagreement to DIR/regressions/ as a ready-made regression
// case, and exits 1 when any case disagrees or fewer than 90% got an answer. See docs/apple-oracle.md.
import DeviceTools
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("AppleOracle: " + message + "\n").utf8))
    exit(2)
}

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func regressionCases(in directory: String) throws -> [OracleCase] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    return try names.map { name in
        var testCase = try OracleCase.decode(Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        if !testCase.id.hasPrefix("reg-") { testCase.id = "reg-" + testCase.id }
        return testCase
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: AppleOracle generate --count N --seed S --out DIR [--regressions DIR] | compare DIR"
switch arguments.first {
case "generate":
    guard let out = option("--out", in: arguments) else { fail(usage) }
    let count = option("--count", in: arguments).map { Int($0) ?? -1 } ?? 2000
    let seed = option("--seed", in: arguments).map { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970)
    guard count >= 0, let runSeed = seed else { fail(usage) }
    do {
        var cases = OracleGenerator.cases(count: count, runSeed: runSeed)
        if let directory = option("--regressions", in: arguments) { cases += try regressionCases(in: directory) }
        let run = OracleRunDirectory(url: URL(fileURLWithPath: out))
        try run.write(cases)
        print("\(cases.count) cases (fixed seed \(OracleGenerator.fixedSeed), run seed \(runSeed)) in \(run.url.path)")
        print("next: sudo sh \(run.scriptURL.path)")
    } catch {
        fail("\(error)")
    }
case "compare":
    guard arguments.count == 2 else { fail(usage) }
    do {
        let run = OracleRunDirectory(url: URL(fileURLWithPath: arguments[1]))
        let (summary, results) = try run.compare()
        summary.lines.forEach { print($0) }
        for result in results where result.status != .agree { print(OracleComparison.describe(result)) }
        if !summary.passes() {
            print("FAILED: regression cases in \(run.regressionsURL.path)")
            exit(1)
        }
    } catch {
        fail("\(error)")
    }
default:
    fail(usage)
}
