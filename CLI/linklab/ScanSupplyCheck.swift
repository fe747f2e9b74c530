import Foundation
import Workbench

/// Warnings about `--aasa HOST=FILE` and `--assetlinks HOST=FILE` values that cannot do what the
/// tester expects.
enum ScanSupplyCheck {
    /// One line per supplied host the scanned app does not claim (its file is never used), and
    /// per `--aasa` host the iOS app claims only for other services (its file decides no URL,
    /// since only `applinks:` entries do).
    static func warnings(_ product: ProductAnalysis, aasa: [String: String], assetLinks: [String: String]) -> [String] {
        var lines: [String] = []
        if let ios = product.ios {
            for host in HostCollector.unusedSupplies(aasa, hosts: ios.hosts) {
                lines.append(
                    "linklab: warning: --aasa \(host): the app has no associated-domain entry for \(host); "
                        + "its file is not used")
            }
            for host in ios.hosts where host.suppliedFile != nil && !host.isApplinks {
                lines.append(
                    "linklab: warning: --aasa \(host.entry): the app claims \(host.entry) only for "
                        + "\(host.services.joined(separator: ", ")), not applinks; its file decides no URL")
            }
        }
        if let android = product.android {
            for host in android.unusedSupplies(assetLinks) {
                lines.append(
                    "linklab: warning: --assetlinks \(host): Android fetches no assetlinks.json from \(host) "
                        + "for this app (no intent filter it verifies names it); its file is not used")
            }
        }
        return lines
    }
}
