import AppInspection
import AssociationFetch
import Foundation

// Both apps of one product in one document: the iOS half added to a document that holds the
// Android app, and the `--assetlinks` files of the settings.
extension WorkbenchDocument {
    /// Adds the iOS app of the product (`.ipa`, `.app` folder or Mach-O) to a document that
    /// holds only its Android app (`addAndroidApp`): the Android app, its hosts' files, the URL
    /// lines and the triage stay; the iOS app is inspected and its hosts fetched as `openApp`
    /// does, and both platforms' verdicts and findings are then in the document. A file that is
    /// not an app leaves the Android half as it was and says why in `notes`. A document without
    /// an Android app, or one that already holds an iOS app or hosts, is replaced (`openApp`).
    public func addIOSApp(at url: URL, name: String? = nil) {
        guard canAddIOSApp else {
            openApp(at: url, name: name)
            return
        }
        documentGeneration += 1
        let generation = documentGeneration
        let displayName = name ?? url.lastPathComponent
        evaluationNotes.removeAll { $0.hasPrefix(Self.iosAddPrefix) }
        setPhase(.inspecting(bytesDone: 0, bytesTotal: nil))
        changed()
        inspectAndLand(
            url, renamed: name != nil, displayName: displayName,
            generation: generation
        ) { [weak self] _, message in
            guard let self else { return }
            self.evaluationNotes.append("\(Self.iosAddPrefix)\(displayName) was not added: \(message)")
            self.setPhase(.ready)
            self.recompute()
            self.updateAndroidPhase()
            self.changed()
        }
    }

    /// Whether an iOS app joins this document as the product's iOS half (`addIOSApp`): it holds
    /// the Android app, and no iOS app and no iOS hosts. The web API's `POST …/apps` refuses an
    /// iOS app (409) when this is false.
    public var canAddIOSApp: Bool {
        android != nil && app == nil && domains.isEmpty
    }

    /// How `addIOSApp`'s note about a file it could not add starts.
    static let iosAddPrefix = "iOS app: "

    /// Puts the settings' `assetlinks.json` files (`--assetlinks`) in place for the Android
    /// app's hosts (state "supplied"), and returns the hosts that are still to be fetched.
    func applySuppliedAssetLinks() -> [String] {
        guard var part = android else { return [] }
        var rest: [String] = []
        for (index, host) in part.hosts.enumerated() {
            let name = (try? FetchHost.parse(host).hostname) ?? host
            guard let path = settings.suppliedAssetLinks[host] ?? settings.suppliedAssetLinks[name] else {
                rest.append(host)
                continue
            }
            // The report names the file (`ShownFileName`), never where it lies on this machine.
            let result = AssociationFetcher.suppliedAssetLinks(path: path)
            part.assetLinks[index] = AssetLinksReport(host: host, result: result)
            part.states[host] = .supplied
        }
        android = part
        return rest
    }
}

extension WorkbenchDocument {
    /// True when the file named `name` (the tester's name for it) at `url` is an Android
    /// package: named `.apk`, `.xapk` or `.apks`, or a ZIP archive (read within the ZIP limits)
    /// that holds an `AndroidManifest.xml` or the base APK of a split set (`base.apk`,
    /// `splits/base-master.apk`). Anything else, an unreadable file included, is not.
    public nonisolated static func isAndroidPackage(at url: URL, name: String) -> Bool {
        let lower = name.lowercased()
        if [".apk", ".xapk", ".apks"].contains(where: { lower.hasSuffix($0) }) { return true }
        guard let zip = try? ZIPReader(fileAt: url) else { return false }
        if zip.uncompressedSize(of: "AndroidManifest.xml") != nil { return true }
        let names = Set(zip.entryNames)
        return names.contains("base.apk") || names.contains("splits/base-master.apk")
    }
}
