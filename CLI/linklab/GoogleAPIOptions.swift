import ArgumentParser
import Workbench

/// `--google` and `--google-base`: Google's Digital Asset Links API as a second opinion on each
/// host's `assetlinks.json` (`assetlinks fetch`, `scan app.apk`, `scan app.ipa app.apk`, `serve`).
struct GoogleAPIOptions: ParsableArguments {
    @Flag(help: "Also ask Google's Digital Asset Links API for each host and compare (needs the network).")
    var google = false

    @Option(
        name: .customLong("google-base"),
        help: ArgumentHelp(
            "Replaces https://digitalassetlinks.googleapis.com/v1/statements:list (staging, tests).", valueName: "URL"))
    var googleBase: String = AssetLinksPolicy.googleAPIBase

    func validate() throws {
        guard AssetLinksPolicy.googleURL(for: try FetchHost.parse("example.com"), base: googleBase) != nil else {
            throw ValidationError("--google-base must be an https:// URL (got '\(googleBase)')")
        }
    }

    /// The usage error of `--google` with `--offline` (the API is on the network), or nil.
    func refusal(offline: Bool) -> String? {
        offline && google ? "--google asks Google's API over the network; it cannot be used with --offline" : nil
    }

    /// The fetch options of these flags, with the agent the hosts are asked with.
    func fetchOptions(userAgent: String?) -> AssetLinksFetchOptions {
        AssetLinksFetchOptions(
            askGoogle: google, googleBase: googleBase,
            userAgent: userAgent ?? AssetLinksPolicy.userAgent)
    }
}
