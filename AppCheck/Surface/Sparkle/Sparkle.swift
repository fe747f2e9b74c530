// Declaration-only surface of Sparkle 2's public API as Swift sees it (the Objective-C headers
// SPUStandardUpdaterController.h, SPUUpdater.h, SPUUpdaterDelegate.h,
// SPUStandardUserDriverDelegate.h, SUAppcastItem.h), for type-checking the Mac app on Linux
// (scripts/typecheck-app). Written by this project from Sparkle's public headers and docs; it
// holds no Sparkle code. Bodies are stubs, never run. Objective-C optional delegate methods are
// requirements with default implementations here (Linux Swift has no @objc optional).

import AppKit
@_exported import MacFoundation

/// The kind of update check.
public enum SPUUpdateCheck: Int, Sendable {
    case updates = 0
    case updatesInBackground = 1
    case updateInformation = 2
}

/// A choice the user made about an update.
public enum SPUUserUpdateChoice: Int, Sendable {
    case skip = 0
    case install = 1
    case dismiss = 2
}

/// The stage an update was in when the user made a choice.
public enum SPUUserUpdateStage: Int, Sendable {
    case notDownloaded = 0
    case downloaded = 1
    case installing = 2
}

/// The user's state for an update.
open class SPUUserUpdateState: NSObject {
    open var stage: SPUUserUpdateStage { fatalError() }
    open var userInitiated: Bool { fatalError() }
}

/// An update in an appcast.
open class SUAppcastItem: NSObject {
    open var versionString: String { fatalError() }
    open var displayVersionString: String { fatalError() }
    open var fileURL: URL? { fatalError() }
    open var contentLength: UInt64 { fatalError() }
    open var infoURL: URL? { fatalError() }
    open var isInformationOnlyUpdate: Bool { fatalError() }
    open var title: String? { fatalError() }
    open var dateString: String? { fatalError() }
    open var date: Date? { fatalError() }
    open var releaseNotesURL: URL? { fatalError() }
    open var itemDescription: String? { fatalError() }
    open var minimumSystemVersion: String? { fatalError() }
    open var maximumSystemVersion: String? { fatalError() }
    open var channel: String? { fatalError() }
    open var isCriticalUpdate: Bool { fatalError() }
    open var isMajorUpgrade: Bool { fatalError() }
    open var propertiesDictionary: [AnyHashable: Any] { fatalError() }
    open class func empty() -> Self { fatalError() }
}

/// An appcast: the list of available updates.
open class SUAppcast: NSObject {
    open var items: [SUAppcastItem] { fatalError() }
}

/// The user interface of an updater (Sparkle's standard one is SPUStandardUserDriver).
public protocol SPUUserDriver: NSObjectProtocol {}

/// Sparkle's standard user interface.
open class SPUStandardUserDriver: NSObject, SPUUserDriver {
    public init(hostBundle: Bundle, delegate: (any SPUStandardUserDriverDelegate)?) { fatalError() }
}

/// The main API in Sparkle for controlling the update mechanism.
open class SPUUpdater: NSObject {
    public init(
        hostBundle: Bundle, applicationBundle: Bundle, userDriver: any SPUUserDriver,
        delegate: (any SPUUpdaterDelegate)?
    ) { fatalError() }
    /// Starts the updater; throws if Sparkle is misconfigured (for example no valid public key).
    open func startUpdater() throws { fatalError() }
    open func checkForUpdates() { fatalError() }
    open func checkForUpdatesInBackground() { fatalError() }
    open func checkForUpdateInformation() { fatalError() }
    /// Whether a user-initiated check can be made now (observable with KVO).
    open var canCheckForUpdates: Bool { fatalError() }
    open var sessionInProgress: Bool { fatalError() }
    open var automaticallyChecksForUpdates: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var updateCheckInterval: TimeInterval {
        get { fatalError() }
        set { fatalError() }
    }
    open var automaticallyDownloadsUpdates: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var feedURL: URL? { fatalError() }
    open func clearFeedURLFromUserDefaults() -> URL? { fatalError() }
    open var hostBundle: Bundle { fatalError() }
    open var userAgentString: String {
        get { fatalError() }
        set { fatalError() }
    }
    open var httpHeaders: [String: String]? {
        get { fatalError() }
        set { fatalError() }
    }
    open var sendsSystemProfile: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    open var lastUpdateCheckDate: Date? { fatalError() }
    open func resetUpdateCycle() { fatalError() }
    open func resetUpdateCycleAfterShortDelay() { fatalError() }
    open var systemProfileArray: [[String: String]] { fatalError() }
}

/// A controller that instantiates an SPUUpdater with the standard user interface.
open class SPUStandardUpdaterController: NSObject {
    open var updater: SPUUpdater { fatalError() }
    open var userDriver: SPUStandardUserDriver { fatalError() }
    /// Creates the controller and starts the updater.
    public init(updaterDelegate: (any SPUUpdaterDelegate)?, userDriverDelegate: (any SPUStandardUserDriverDelegate)?) {
        fatalError()
    }
    /// Creates the controller; starts the updater only when `startUpdater` is true.
    public init(
        startingUpdater startUpdater: Bool, updaterDelegate: (any SPUUpdaterDelegate)?,
        userDriverDelegate: (any SPUStandardUserDriverDelegate)?
    ) { fatalError() }
    open func startUpdater() { fatalError() }
    open func checkForUpdates(_ sender: Any?) { fatalError() }
}

/// The updater's delegate (all methods optional).
// typecheck-app: objc-optional
public protocol SPUUpdaterDelegate: NSObjectProtocol {
    func updater(_ updater: SPUUpdater, mayPerform updateCheck: SPUUpdateCheck) throws
    func allowedChannels(for updater: SPUUpdater) -> Set<String>
    func feedURLString(for updater: SPUUpdater) -> String?
    func feedParameters(for updater: SPUUpdater, sendingSystemProfile sendingProfile: Bool) -> [[String: String]]
    func updaterShouldPromptForPermissionToCheck(forUpdates updater: SPUUpdater) -> Bool
    func updater(_ updater: SPUUpdater, didFinishLoading appcast: SUAppcast)
    func updater(_ updater: SPUUpdater, didFindValidUpdate item: SUAppcastItem)
    func updaterDidNotFindUpdate(_ updater: SPUUpdater, error: any Error)
    func updaterDidNotFindUpdate(_ updater: SPUUpdater)
    func updater(_ updater: SPUUpdater, willInstallUpdate item: SUAppcastItem)
    func updaterShouldRelaunchApplication(_ updater: SPUUpdater) -> Bool
    func updaterWillRelaunchApplication(_ updater: SPUUpdater)
    func updater(_ updater: SPUUpdater, didAbortWithError error: any Error)
    func updater(_ updater: SPUUpdater, didFinishUpdateCycleFor updateCheck: SPUUpdateCheck, error: (any Error)?)
}

extension SPUUpdaterDelegate {
    public func updater(_ updater: SPUUpdater, mayPerform updateCheck: SPUUpdateCheck) throws {}
    public func allowedChannels(for updater: SPUUpdater) -> Set<String> { [] }
    public func feedURLString(for updater: SPUUpdater) -> String? { nil }
    public func feedParameters(
        for updater: SPUUpdater, sendingSystemProfile sendingProfile: Bool
    )
        -> [[String: String]]
    { [] }
    public func updaterShouldPromptForPermissionToCheck(forUpdates updater: SPUUpdater) -> Bool { true }
    public func updater(_ updater: SPUUpdater, didFinishLoading appcast: SUAppcast) {}
    public func updater(_ updater: SPUUpdater, didFindValidUpdate item: SUAppcastItem) {}
    public func updaterDidNotFindUpdate(_ updater: SPUUpdater, error: any Error) {}
    public func updaterDidNotFindUpdate(_ updater: SPUUpdater) {}
    public func updater(_ updater: SPUUpdater, willInstallUpdate item: SUAppcastItem) {}
    public func updaterShouldRelaunchApplication(_ updater: SPUUpdater) -> Bool { true }
    public func updaterWillRelaunchApplication(_ updater: SPUUpdater) {}
    public func updater(_ updater: SPUUpdater, didAbortWithError error: any Error) {}
    public func updater(
        _ updater: SPUUpdater, didFinishUpdateCycleFor updateCheck: SPUUpdateCheck,
        error: (any Error)?
    ) {}
}

/// The standard user driver's delegate (all methods optional).
// typecheck-app: objc-optional
public protocol SPUStandardUserDriverDelegate: NSObjectProtocol {
    func standardUserDriverWillShowModalAlert()
    func standardUserDriverDidShowModalAlert()
    var supportsGentleScheduledUpdateReminders: Bool { get }
    func standardUserDriverShouldHandleShowingScheduledUpdate(
        _ update: SUAppcastItem,
        andInImmediateFocus immediateFocus: Bool
    ) -> Bool
    func standardUserDriverWillFinishUpdateSession()
}

extension SPUStandardUserDriverDelegate {
    public func standardUserDriverWillShowModalAlert() {}
    public func standardUserDriverDidShowModalAlert() {}
    public var supportsGentleScheduledUpdateReminders: Bool { false }
    public func standardUserDriverShouldHandleShowingScheduledUpdate(
        _ update: SUAppcastItem,
        andInImmediateFocus immediateFocus: Bool
    ) -> Bool {
        true
    }
    public func standardUserDriverWillFinishUpdateSession() {}
}
