import Foundation
import TestSupport
import Testing

@testable import Workbench

/// What the Mac app's window does with a dropped or chosen file (`AppFileDrop`).
@Suite struct AppFileDropTests {
    @Test func kindsComeFromTheExtensionWhateverItsCase() {
        #expect(AppFileKind(fileName: "LinkLab.ipa") == .iosApp)
        #expect(AppFileKind(fileName: "/tmp/x/LinkLab.app.zip") == .iosApp)
        #expect(AppFileKind(fileName: "LinkLab.app") == .iosApp)
        #expect(AppFileKind(fileName: "Sample.APK") == .androidApp)
        #expect(AppFileKind(fileName: "bundle.xapk") == .androidApp)
        #expect(AppFileKind(fileName: "set.apks") == .androidApp)
        #expect(AppFileKind(fileName: "work.linklab") == .session)
        #expect(AppFileKind(fileName: "apple-app-site-association") == .other)
        #expect(AppFileKind(fileName: ".apk") == .other, "a dot file has no extension")
        #expect(AppFileKind(fileName: "notes.txt") == .other)
    }

    @Test func anEmptyWindowStartsItsSessionWithEitherApp() {
        #expect(
            AppFileDrop.decide(fileName: "a.ipa", isEmpty: true, hasIOSApp: false, hasAndroidApp: false)
                == .openIOSApp)
        #expect(
            AppFileDrop.decide(fileName: "a.apk", isEmpty: true, hasIOSApp: false, hasAndroidApp: false)
                == .openAndroidApp)
        #expect(
            AppFileDrop.decide(fileName: "a.app", isEmpty: true, hasIOSApp: false, hasAndroidApp: false)
                == .openIOSApp)
    }

    @Test func anAPKJoinsASessionThatHoldsAnApp() {
        #expect(
            AppFileDrop.decide(fileName: "a.apk", isEmpty: false, hasIOSApp: true, hasAndroidApp: false)
                == .addAndroidApp)
        #expect(
            AppFileDrop.decide(fileName: "b.xapk", isEmpty: false, hasIOSApp: true, hasAndroidApp: true)
                == .addAndroidApp, "a second APK replaces the first")
        #expect(
            AppFileDrop.decide(fileName: "a.apk", isEmpty: false, hasIOSApp: false, hasAndroidApp: false)
                == .openElsewhere, "a window still reading, or a domain-only session, is left alone")
    }

    @Test func anIOSAppJoinsAnAndroidOnlySession() {
        #expect(
            AppFileDrop.decide(fileName: "a.ipa", isEmpty: false, hasIOSApp: false, hasAndroidApp: true)
                == .addIOSApp)
        #expect(
            AppFileDrop.decide(fileName: "A.app", isEmpty: false, hasIOSApp: false, hasAndroidApp: true)
                == .addIOSApp, "an app folder too: the document reads it in place")
        #expect(
            AppFileDrop.decide(fileName: "a.ipa", isEmpty: false, hasIOSApp: true, hasAndroidApp: true)
                == .openElsewhere, "a second iOS app is another product's: its own window")
    }

    @Test func sessionsAndOtherIOSAppsOpenInTheirOwnWindowAndFoldersAreRefused() {
        #expect(
            AppFileDrop.decide(fileName: "w.linklab", isEmpty: true, hasIOSApp: false, hasAndroidApp: false)
                == .openElsewhere)
        #expect(
            AppFileDrop.decide(fileName: "b.ipa", isEmpty: false, hasIOSApp: true, hasAndroidApp: false)
                == .openElsewhere)
        guard
            case .refuse(let reason) = AppFileDrop.decide(
                fileName: "B.app", isEmpty: false, hasIOSApp: true,
                hasAndroidApp: false)
        else {
            Issue.record("an .app folder on a busy window must be refused")
            return
        }
        #expect(reason.contains("B.app") && reason.contains("empty"))
    }

    @Test func aBareMachOOpensOnlyInAnEmptyWindowAndAnAssociationFileIsPointedElsewhere() {
        #expect(
            AppFileDrop.decide(fileName: "/tmp/LinkLab", isEmpty: true, hasIOSApp: false, hasAndroidApp: false)
                == .openIOSApp)
        if case .refuse = AppFileDrop.decide(
            fileName: "LinkLab", isEmpty: false, hasIOSApp: true,
            hasAndroidApp: false)
        {
        } else {
            Issue.record("a bare executable on a busy window must be refused")
        }
        guard
            case .refuse(let reason) = AppFileDrop.decide(
                fileName: "apple-app-site-association", isEmpty: true,
                hasIOSApp: false, hasAndroidApp: false)
        else {
            Issue.record("an association file is not an app")
            return
        }
        #expect(reason.contains("Check a Domain"))
    }

    @Test func anythingElseIsRefusedWithItsNameAndNoControlCharacters() {
        guard
            case .refuse(let reason) = AppFileDrop.decide(
                fileName: "/Users/t/evil\u{1B}[31m.txt", isEmpty: true,
                hasIOSApp: false, hasAndroidApp: false)
        else {
            Issue.record("a text file must be refused")
            return
        }
        #expect(reason.hasPrefix("evil[31m.txt is not an app"))
        #expect(!reason.contains("/Users"))
        #expect(reason.contains(".apk"))
    }

    @MainActor @Test func theDocumentDecidesFromWhatItHolds() async throws {
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        #expect(AppFileDrop.decide(fileName: "a.apk", document: document) == .openAndroidApp)
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        #expect(AppFileDrop.decide(fileName: "a.apk", document: document) == .addAndroidApp)
        #expect(AppFileDrop.decide(fileName: "a.ipa", document: document) == .openElsewhere)
    }

    /// A document with the Android app and iOS hosts it checked cannot take an iOS app
    /// (`canAddIOSApp`): the drop opens the IPA elsewhere, never replaces the document.
    @MainActor @Test func anIOSAppNeverReplacesAnAndroidAppWithCheckedHosts() async throws {
        let document = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        document.openDomain("example.com")
        await document.settled()
        document.addAndroidApp(at: SampleScan.root.appendingPathComponent("Samples/LinkLabSample.apk"))
        await document.settled()
        try #require(document.android != nil && !document.domains.isEmpty && document.app == nil)
        #expect(!document.canAddIOSApp)
        #expect(AppFileDrop.decide(fileName: "a.ipa", document: document) == .openElsewhere)
        #expect(AppFileDrop.decide(fileName: "a.app", document: document) != .addIOSApp)

        let androidOnly = WorkbenchDocument(settings: WorkbenchSettings(offline: true), now: { SampleScan.now })
        androidOnly.addAndroidApp(at: SampleScan.root.appendingPathComponent("Samples/LinkLabSample.apk"))
        await androidOnly.settled()
        #expect(androidOnly.canAddIOSApp)
        #expect(AppFileDrop.decide(fileName: "a.ipa", document: androidOnly) == .addIOSApp)
    }
}

/// The URL list's summary line the Mac app shows is the web page's (`URLListPresentation`).
@MainActor @Suite struct URLListSummaryTests {
    @Test func theSummaryIsThePresentationsAndFollowsTheLines() async throws {
        let document = WorkbenchDocument(
            settings: WorkbenchSettings(offline: true, suppliedFiles: SampleScan.supplied),
            now: { SampleScan.now })
        #expect(document.urlListSummary == "No URL list yet.")
        document.openApp(at: SampleScan.ipa)
        await document.settled()
        document.setURLLines("= https://example.com/buy/1\n! https://example.com/buy/2\nnot a url\n")
        #expect(document.urlListSummary == document.presentation().urls.summary)
        #expect(document.urlListSummary.hasPrefix("2 URLs: "))
        #expect(document.urlListSummary.contains("1 line is not a URL"))
    }
}
