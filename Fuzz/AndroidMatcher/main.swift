import Foundation

/// libFuzzer entry: the first byte picks a mode; the rest are choices for the case grammar of
/// `Tests/AndroidOracle` (a manifest and URLs aimed at it), or a manifest from the grammar and the
/// remaining bytes as one raw URL. Each case is decided at API 30 and 35 by the engine (which
/// must never crash) and, when the oracle's classes were built (`build.sh`), by AOSP's own code
/// over a pipe: any difference prints the case and aborts, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    var generator = OracleGenerator(entropy: ByteEntropy(Array(bytes.dropFirst(mode % 2 == 0 ? 1 : 9))))
    var scenario = generator.scenario(name: "fuzz", urls: 3)
    if mode % 2 == 1 {
        let raw = String(decoding: bytes.dropFirst(9).prefix(512), as: UTF8.self)
        guard !raw.isEmpty else { return 0 }
        scenario.urls = [raw]
    }
    for sdk in [30, 35] {
        let matcher = AndroidLinkMatcher(manifest: scenario.manifest, sdk: sdk)
        for url in scenario.urls { _ = OracleCompare.ours(matcher, url) }
        guard let oracle = FuzzOracle.shared else { continue }
        do {
            let answers = try oracle.answers(scenario, sdk: sdk)
            let (_, differences) = try OracleCompare.compare([scenario], sdk: sdk, answers: answers)
            if let difference = differences.first {
                FileHandle.standardError.write(Data("linklab and AOSP differ:\n\(difference)\n".utf8))
                abort()
            }
        } catch {
            FileHandle.standardError.write(Data("the AOSP oracle failed: \(error)\n".utf8))
            abort()
        }
    }
    return 0
}

enum FuzzOracle {
    /// The running oracle, or nil when its classes were not built (crash checks only).
    static let shared: OracleStream? = {
        let classes =
            ProcessInfo.processInfo.environment["LINKLAB_ANDROID_ORACLE_CLASSES"]
            ?? ".build-fuzz/android-oracle-classes"
        guard FileManager.default.fileExists(atPath: classes + "/Oracle.class") else {
            FileHandle.standardError.write(
                Data("AndroidMatcher: no oracle classes at \(classes): crash checks only\n".utf8))
            return nil
        }
        do { return try OracleStream(classes: classes) } catch {
            FileHandle.standardError.write(Data("AndroidMatcher: the oracle did not start (\(error))\n".utf8))
            return nil
        }
    }()
}
