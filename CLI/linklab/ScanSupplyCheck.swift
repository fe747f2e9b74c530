import Foundation
import Workbench

/// Warnings about `--aasa HOST=FILE` values that cannot do what the tester expects.
enum ScanSupplyCheck {
    /// One line per supplied host the app does not claim (its file is never used) or claims
    /// only for other services (its file decides no URL, since only `applinks:` entries do).
    static func warnings(supplies: [String: String], hosts: [ScanHost]) -> [String] {
        var lines: [String] = []
        for host in HostCollector.unusedSupplies(supplies, hosts: hosts) {
            lines.append("linklab: warning: --aasa \(host): the app has no associated-domain entry for \(host); "
                         + "its file is not used")
        }
        for host in hosts where host.suppliedFile != nil && !host.isApplinks {
            lines.append("linklab: warning: --aasa \(host.entry): the app claims \(host.entry) only for "
                         + "\(host.services.joined(separator: ", ")), not applinks; its file decides no URL")
        }
        return lines
    }
}
