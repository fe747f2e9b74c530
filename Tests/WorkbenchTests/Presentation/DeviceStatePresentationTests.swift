import DeviceTools
import Foundation
import Testing
import Workbench

@Suite struct DeviceStatePresentationTests {
    @Test func approvedSiteAndCheckDatesReadPlainly() {
        let entry = DeviceStateEntry(
            service: "applinks", appID: "A.b", domain: "example.com",
            userApproval: .unspecified, siteApproval: .approved,
            lastChecked: Date(timeIntervalSince1970: 1_743_531_418))
        let row = DeviceStateRow(entry)
        #expect(row.status == "Site approved")
        #expect(row.isProblem == false)
        #expect(row.details.contains("Last checked: 2025-04-01 18:16:58 UTC"))
    }

    @Test func deniedOrErrorIsAProblem() {
        let denied = DeviceStateRow(
            DeviceStateEntry(
                service: "applinks", appID: "A.b", domain: "x.example",
                siteApproval: .denied, error: "SWCErrorDomain Code=7",
                retries: 3))
        #expect(denied.status == "Site denied")
        #expect(denied.isProblem)
        #expect(denied.details.contains("Error: SWCErrorDomain Code=7 (3 retries)"))
        let developer = DeviceStateRow(
            DeviceStateEntry(
                service: "applinks", appID: "A.b",
                domain: "s.example?mode=developer"))
        #expect(developer.status == "Not yet approved (developer mode)")
        #expect(
            DeviceStateRow(
                DeviceStateEntry(
                    service: "applinks", appID: "A.b", domain: "x",
                    userApproval: .denied, siteApproval: .approved)
            ).status
                == "Site approved; turned off by the user")
    }
}
