// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

import AppKit
import UniformTypeIdentifiers

/// An action that presents an existing document.
@MainActor
public struct OpenDocumentAction {
    @MainActor public func callAsFunction(at url: URL) async throws { fatalError() }
}

/// An action that presents a new document.
@MainActor @preconcurrency
public struct NewDocumentAction {
    @MainActor @preconcurrency
    public func callAsFunction<D: FileDocument>(_ newDocument: @autoclosure @escaping @Sendable () -> D) {
        fatalError()
    }
    @MainActor @preconcurrency
    public func callAsFunction<D: ReferenceFileDocument>(_ newDocument: @escaping @Sendable () -> D) { fatalError() }
    @MainActor @preconcurrency
    public func callAsFunction(contentType: UTType) { fatalError() }
}

/// An action that presents a window.
@MainActor @preconcurrency
public struct OpenWindowAction {
    @MainActor @preconcurrency public func callAsFunction(id: String) { fatalError() }
    @MainActor @preconcurrency public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {
        fatalError()
    }
    @MainActor @preconcurrency public func callAsFunction<D: Decodable & Encodable & Hashable>(id: String, value: D) {
        fatalError()
    }
}

/// An action that dismisses a window associated to a particular scene.
@MainActor @preconcurrency
public struct DismissWindowAction {
    @MainActor @preconcurrency public func callAsFunction() { fatalError() }
    @MainActor @preconcurrency public func callAsFunction(id: String) { fatalError() }
}

/// An action that dismisses a presentation.
@MainActor @preconcurrency
public struct DismissAction {
    @MainActor @preconcurrency public func callAsFunction() { fatalError() }
}

/// An action that opens a URL.
@MainActor @preconcurrency
public struct OpenURLAction {
    public struct Result: Sendable {
        public static let handled = Result()
        public static let discarded = Result()
        public static let systemAction = Result()
        public static func systemAction(_ url: URL) -> Result { Result() }
        init() {}
    }
    public init(handler: @escaping (URL) -> OpenURLAction.Result) { fatalError() }
    @MainActor @preconcurrency public func callAsFunction(_ url: URL) { fatalError() }
    @MainActor @preconcurrency
    public func callAsFunction(_ url: URL, completion: @escaping (_ accepted: Bool) -> Void) {
        fatalError()
    }
}

/// An action that presents the settings scene for an app.
@MainActor @preconcurrency
public struct OpenSettingsAction {
    @MainActor @preconcurrency public func callAsFunction() { fatalError() }
}

/// An action that ends the current search interaction.
@MainActor @preconcurrency
public struct DismissSearchAction {
    @MainActor @preconcurrency public func callAsFunction() { fatalError() }
}

extension EnvironmentValues {
    public var openDocument: OpenDocumentAction { fatalError() }
    public var newDocument: NewDocumentAction { fatalError() }
    public var openWindow: OpenWindowAction { fatalError() }
    public var dismissWindow: DismissWindowAction { fatalError() }
    public var dismiss: DismissAction { fatalError() }
    public var openURL: OpenURLAction {
        get { fatalError() }
        set { fatalError() }
    }
    public var openSettings: OpenSettingsAction { fatalError() }
    public var dismissSearch: DismissSearchAction { fatalError() }
    public var isSearching: Bool { fatalError() }
    public var undoManager: UndoManager? { fatalError() }
    public var documentConfiguration: DocumentConfiguration? { fatalError() }
    public var supportsMultipleWindows: Bool { fatalError() }
    public var colorScheme: ColorScheme {
        get { fatalError() }
        set { fatalError() }
    }
    public var controlActiveState: ControlActiveState {
        get { fatalError() }
        set { fatalError() }
    }
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set { fatalError() }
    }
    public var isEnabled: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    public var isFocused: Bool { fatalError() }
    public var isPresented: Bool { fatalError() }
    public var locale: Locale {
        get { fatalError() }
        set { fatalError() }
    }
    public var calendar: Calendar {
        get { fatalError() }
        set { fatalError() }
    }
    public var timeZone: TimeZone {
        get { fatalError() }
        set { fatalError() }
    }
    public var layoutDirection: LayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }
    public var font: Font? {
        get { fatalError() }
        set { fatalError() }
    }
    public var lineLimit: Int? {
        get { fatalError() }
        set { fatalError() }
    }
    public var multilineTextAlignment: TextAlignment {
        get { fatalError() }
        set { fatalError() }
    }
    public var controlSize: ControlSize {
        get { fatalError() }
        set { fatalError() }
    }
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    public var pixelLength: CGFloat { fatalError() }
    public var accessibilityReduceMotion: Bool { fatalError() }
    public var accessibilityVoiceOverEnabled: Bool { fatalError() }
}
