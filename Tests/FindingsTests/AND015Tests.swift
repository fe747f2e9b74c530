import AndroidApp
import AssociationFetch
import Foundation
import SiteAssociation
import TestSupport
import Testing

@testable import Findings

private typealias F = AndroidFactsFactory

@Suite struct AND015Tests {
    func withGoogle(_ grants: [(String, String)]) -> AssetLinksReport {
        var report = F.supplied("shop.example", F.good)
        var result = RouteResult(route: .cdn, url: "https://google.test/v1/statements:list", userAgent: nil)
        result.status = 200
        result.body = Data(
            ("{\"statements\": ["
                + grants.map { package, fingerprint in
                    """
                    {\"relation\": \"\(AssetLinksFile.handleAllURLs)\", \"target\": {\"androidApp\": \
                    {\"packageName\": \"\(package)\", \"certificate\": {\"sha256Fingerprint\": \"\(fingerprint)\"}}}}
                    """
                }.joined(separator: ",") + "]}").utf8)
        report.google = GoogleStatementList(result: result)
        return report
    }

    @Test func googleDisagreeingIsReportedWithTheDifference() throws {
        let found = AND015GoogleDisagrees().evaluate(
            AndroidFacts(
                snapshot: try F.apk(),
                assetLinks: [
                    withGoogle([
                        (
                            "com.linklab.shop",
                            F.other
                        )
                    ])
                ]))
        #expect(found.count == 1)
        #expect(found.first?.explanation.contains("only in Google's answer: com.linklab.shop \(F.other)") == true)
        let agree = AndroidFacts(snapshot: try F.apk(), assetLinks: [withGoogle([("com.linklab.shop", F.release)])])
        #expect(AND015GoogleDisagrees().evaluate(agree).isEmpty)
    }
}
