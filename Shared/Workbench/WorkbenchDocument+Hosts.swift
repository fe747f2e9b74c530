import Foundation

// A host's operations, one set for every platform: refetch it, give it a file, edit its file as
// a what-if, revert the edit, read the text its editor starts from. Each takes the platform of
// the app whose host it is (a host both apps claim is two hosts: its
// `apple-app-site-association` and its `assetlinks.json`) and is resolved as every host call
// resolves it (case-insensitive, surrounding spaces ignored). A face offers these on every
// host slot (`HostSlot.actions`) and never asks which platform can do what.
extension WorkbenchDocument {
    /// Fetches `host` again with the document's settings. iOS: its report moves to `previous`;
    /// Android: an edited or given file is replaced by what the host serves (a file of the
    /// settings, `--assetlinks HOST=FILE`, is read again). Offline, an Android host stays as it
    /// is. Throws `notClaimed` for a host the platform's app does not claim.
    public func refetch(host: String, on platform: AppPlatform = .ios) throws(WorkbenchDocumentError) {
        switch platform {
        case .ios: try refetchIOS(host: host)
        case .android: try refetchAndroid(host: host)
        }
    }

    /// Decides `host` against `data` (a file from the client, or a fix to try) as its
    /// association file on `platform`, as `--aasa`/`--assetlinks HOST=FILE` do: the host is
    /// "supplied" until refetched or reverted. `name` is the file's name (never a path).
    public func useFile(
        _ data: Data, name: String, forHost host: String,
        on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError) {
        switch platform {
        case .ios: try useIOSFile(data, name: name, forHost: host)
        case .android: try useAssetLinksFile(data, name: name, forHost: host)
        }
    }

    /// Live what-if: decides `host` as if it served `text` (UTF-8) as its association file on
    /// `platform`, the answer that decides keeping its status, headers and timings. Text equal
    /// to what was served before the edit is a revert. See `editIOS` and `editAssetLinks` for
    /// how each platform's answer is kept; Android puts LF line breaks back to the served
    /// file's, iOS takes `text` as it is (`editFromTextArea` restores them on both).
    public func edit(
        _ text: String, forHost host: String,
        on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError) {
        switch platform {
        case .ios: try editIOS(text, forHost: host)
        case .android: try editAssetLinks(text, forHost: host)
        }
    }

    /// Live what-if from an editor that gives every line break back as LF (a browser's text
    /// area): `text` is first put back to the line breaks of the file it was edited from
    /// (`ServedText.restoringLineBreaks`), then decided as `edit(_:forHost:on:)` decides it.
    public func editFromTextArea(
        _ text: String, forHost host: String,
        on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError) {
        switch platform {
        case .ios: try editIOSFromTextArea(text, forHost: host)
        case .android: try editAssetLinks(text, forHost: host)
        }
    }

    /// Back to what `host` served before the what-if. iOS: the fetched file, else the file of
    /// the settings or the one this association-file document was opened with, else "not
    /// fetched" (a supplied file with a fetched copy goes back to the fetched one). Android: an
    /// edited host returns to what it served before the edit, in the state it had; any other
    /// stays as it is.
    public func revert(host: String, on platform: AppPlatform = .ios) throws(WorkbenchDocumentError) {
        switch platform {
        case .ios: try revertIOS(host: host)
        case .android: try revertAssetLinks(host: host)
        }
    }

    /// The text the what-if editor of `host` starts from: the edited text while edited, else
    /// the body that decides now; nil when nothing was fetched or supplied.
    public func decidingText(
        forHost host: String, on platform: AppPlatform = .ios
    ) throws(WorkbenchDocumentError)
        -> ServedText?
    {
        switch platform {
        case .ios:
            let entry = domains[try index(of: host)]
            if entry.state == .edited, let text = entry.editedText {
                return ServedText(text: text, isExact: true, note: nil)
            }
            return entry.shownRoute.map(ServedText.init)
        case .android:
            return try assetLinksText(forHost: host)
        }
    }

    /// The card of iOS `host` (resolved as every host call resolves it).
    public func domainCard(forHost host: String) throws(WorkbenchDocumentError) -> DomainCard {
        domainCards[try index(of: host)]
    }

    /// The hosts of `platform`'s app, as their operations name them: iOS the `domains` hosts,
    /// Android the hosts Android verifies (in the APK's order).
    public func hosts(on platform: AppPlatform) -> [String] {
        switch platform {
        case .ios: domains.map(\.host)
        case .android: android?.hosts ?? []
        }
    }

    /// The hosts of `platform` edited by a what-if.
    public func editedHosts(on platform: AppPlatform) -> [String] {
        switch platform {
        case .ios: domains.filter { $0.state == .edited }.map(\.host)
        case .android: editedAssetLinksHosts
        }
    }
}
