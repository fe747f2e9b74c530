import Foundation
import TestSupport
import Testing

@testable import Workbench

/// The product's Android app dropped while its iOS app is still being read: the APK is the
/// document's second app, never its first (the document keeps the IPA's name and the
/// inspection's phase until the IPA lands, then holds both).
@MainActor @Suite struct ProductOpeningRaceTests {
    @Test func anAPKAddedDuringTheIPAsInspectionIsTheSecondApp() async throws {
        let gate = WorkbenchDocumentInspectionTests.Gate()
        let (_, ended) = AsyncStream.makeStream(of: WorkbenchDocumentInspectionTests.Ending.self)
        let document = WorkbenchDocument(settings: WorkbenchDocumentTests.settings(), now: { SampleScan.now })
        document.inspectionHooks = WorkbenchDocumentInspectionTests.hooks(
            holding: SampleScan.ipa.path, at: 0,
            gate: gate, endings: ended)
        document.openApp(at: SampleScan.ipa)
        document.addAndroidApp(at: SampleScan.root.appendingPathComponent("Samples/LinkLabSample.apk"))
        for _ in 0..<1_200 where document.android == nil { try await Task.sleep(for: .milliseconds(50)) }
        let landed = document.android != nil
        let sourceWhileReading = document.source
        let phaseWhileReading = document.phase.name
        gate.open()
        await document.settled()
        #expect(landed, "the APK landed while the IPA was held")
        #expect(sourceWhileReading?.kind == "app" && sourceWhileReading?.name == "LinkLabSample.ipa")
        #expect(phaseWhileReading == "inspecting", "an APK does not make a document that is reading an IPA ready")
        #expect(document.app != nil && document.android != nil)
        #expect(document.source?.name == "LinkLabSample.ipa")
        #expect(document.phase.name == "ready")
    }
}
