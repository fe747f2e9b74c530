import AndroidApp
import Foundation

// Android half, release build:
//   swift build -c release --product AndroidBenchmark && .build/release/AndroidBenchmark
// 1. URL decisions per second against 50 activities' filters (goal ≥ 1 M/s).
// 2. `APKInspector.inspect` of a large APK (generated once under .build/android-benchmark/ from
//    the fixture app plus ~150 MB of DEX-like entries) next to `unzip -p` of the entries the
//    issue names (manifest, resources.arsc, classes*.dex), and peak RSS (goal ≤ 150 MiB).

func peakRSSKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return -1
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

// MARK: 1. Decisions

func data(
    _ scheme: String? = nil, host: String? = nil, prefix: String? = nil, pattern: String? = nil,
    advanced: String? = nil
) -> AndroidManifest.DataElement {
    var element = AndroidManifest.DataElement()
    element.scheme = scheme
    element.host = host
    element.pathPrefix = prefix
    element.pathPattern = pattern
    element.pathAdvancedPattern = advanced
    return element
}

var activities: [AndroidManifest.Activity] = []
for index in 0..<50 {
    let filter = AndroidManifest.IntentFilter(
        autoVerify: index % 2 == 0, actions: ["android.intent.action.VIEW"],
        categories: ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"],
        data: [
            data("https", host: index % 5 == 0 ? "*.shop\(index).example" : "shop\(index).example"),
            data(prefix: "/section\(index)/"), data(pattern: "/item/.*/v\(index)"),
            data(advanced: "/p\(index)/[0-9]+"),
        ])
    activities.append(AndroidManifest.Activity(name: "com.example.A\(index)", exported: true, intentFilters: [filter]))
}
let matcher = AndroidLinkMatcher(
    manifest: AndroidManifest(packageName: "com.example", targetSDK: 35, activities: activities))
let urls = (0..<1_000).map { index -> AndroidURI in
    let n = index % 60
    switch index % 4 {
    case 0: return AndroidURI("https://shop\(n).example/section\(n)/x?q=1")
    case 1: return AndroidURI("https://a.shop\(n).example/item/abc/v\(n)")
    case 2: return AndroidURI("https://shop\(n).example/p\(n)/12345")
    default: return AndroidURI("https://elsewhere.example/nothing/here")
    }
}
var matched = 0
let rounds = 1_000
let decisionTime = seconds {
    for _ in 0..<rounds {
        for url in urls where matcher.anyMatch(url) { matched += 1 }
    }
}
let decisions = Double(rounds * urls.count)
print(
    String(
        format: "decisions: %.0f in %.3f s = %.2f M/s against 50 activities (%d matched; target >= 1 M/s)",
        decisions, decisionTime, decisions / decisionTime / 1e6, matched))
let parseTime = seconds {
    for _ in 0..<100 {
        for index in 0..<1_000 { _ = AndroidURI("https://shop\(index % 60).example/section/x?q=\(index)") }
    }
}
print(String(format: "URL splitting: %.2f M/s", 100_000 / parseTime / 1e6))
let texts = urls.map { uri in
    (uri.scheme ?? "") + "://" + (uri.host ?? "") + (uri.path ?? "") + (uri.query.map { "?" + $0 } ?? "")
}
var matchedFromText = 0
let textTime = seconds {
    for _ in 0..<100 {
        for text in texts where matcher.anyMatch(AndroidURI(text)) { matchedFromText += 1 }
    }
}
print(
    String(
        format: "decisions from URL text (split + match): %.2f M/s (%d matched)",
        Double(100 * texts.count) / textTime / 1e6, matchedFromText))

// MARK: 2. Inspect a large APK

let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let large = root.appendingPathComponent(".build/android-benchmark/Large-compressible.apk")
if !FileManager.default.fileExists(atPath: large.path) {
    try FileManager.default.createDirectory(at: large.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Eight DEX-like entries of 30 MiB drawn from 16 byte values: they deflate about 2:1, as real
    // DEX files do (random bytes would be stored, and inflating would cost nothing on either side).
    let script = """
        import random, shutil, sys, zipfile
        src, dst = sys.argv[1], sys.argv[2]
        shutil.copy(src, dst)
        random.seed(7)
        alphabet = bytes(range(0x20, 0x30))
        with zipfile.ZipFile(dst, "a", zipfile.ZIP_DEFLATED) as z:
            for i in range(8):
                block = bytes(random.choices(alphabet, k=1 << 20))
                z.writestr("classes%d.dex" % (i + 2), block * 30)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "python3", "-c", script,
        root.appendingPathComponent("Tests/Fixtures/android/links-v1v2v3.apk").path,
        large.path,
    ]
    try process.run()
    process.waitUntilExit()
}
let size = (try FileManager.default.attributesOfItem(atPath: large.path)[.size] as? Int) ?? 0
var snapshot: APKSnapshot?
// Three alternating runs of each (the file is in the page cache after the first); the medians.
var inspectTimes: [Double] = []
var unzipTimes: [Double] = []
for _ in 0..<3 {
    inspectTimes.append(try seconds { snapshot = try APKInspector.inspect(fileAt: large) })
    unzipTimes.append(
        try seconds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
            process.arguments = ["-p", large.path, "AndroidManifest.xml", "resources.arsc", "classes*.dex"]
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            process.waitUntilExit()
        })
}
let inspectTime = inspectTimes.sorted()[1]
let unzipTime = unzipTimes.sorted()[1]
print(
    String(
        format: "inspect %.1f MB APK: %.3f s (unzip -p manifest + arsc + dex: %.3f s) = %.2fx (target <= 1.25x); "
            + "%d activities; peak RSS %.1f MiB (target <= 150 MiB)",
        Double(size) / 1e6, inspectTime, unzipTime, inspectTime / unzipTime,
        snapshot?.manifest.activities.count ?? -1, Double(peakRSSKilobytes()) / 1024))
print("note: inspect reads the manifest, resources.arsc, the signing block and every classes*.dex (link evidence)")
