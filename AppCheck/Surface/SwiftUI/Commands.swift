// Declaration-only surface of Apple's SwiftUI framework (macOS), for type-checking the Mac app
// on Linux (scripts/typecheck-app). Written by this project from Apple's public documentation;
// it is NOT Apple's SDK and holds no code of it. Bodies are stubs, never run.

/// Conforming types represent a group of related commands that can be exposed to the user via the
/// main menu on macOS.
@MainActor @preconcurrency
public protocol Commands {
    associatedtype Body: Commands
    @CommandsBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Commands where Body == Never {
    /// Primitive Commands types have no body.
    public var body: Never { fatalError() }
}

extension Never: Commands {}

/// Constructs command sets from multi-expression closures.
@resultBuilder
public struct CommandsBuilder {
    public static func buildExpression<Content: Commands>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock() -> EmptyCommands { fatalError() }
    public static func buildBlock<C: Commands>(_ content: C) -> C { fatalError() }
    public static func buildBlock<each Content: Commands>(_ content: repeat each Content) -> some Commands {
        fatalError()
    }
    public static func buildLimitedAvailability(_ content: some Commands) -> some Commands { fatalError() }
}

/// An empty group of commands.
nonisolated public struct EmptyCommands: Commands {
    public init() {}
    public typealias Body = Never
}

extension Group: Commands where Content: Commands {
    public init(@CommandsBuilder content: () -> Content) { fatalError() }
}

/// Groups of controls that you can add to existing command menus.
nonisolated public struct CommandGroup<Content: View>: Commands {
    public init(before group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { fatalError() }
    public init(after group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { fatalError() }
    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// Command menus are stand-alone, top-level containers for controls that perform related, app-specific commands.
nonisolated public struct CommandMenu<Content: View>: Commands {
    public init(_ nameKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) { fatalError() }
    public init(_ name: Text, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
}

/// The standard locations that you can place new command groups relative to.
public struct CommandGroupPlacement: Sendable {
    public static let appInfo = CommandGroupPlacement()
    public static let appSettings = CommandGroupPlacement()
    public static let systemServices = CommandGroupPlacement()
    public static let appVisibility = CommandGroupPlacement()
    public static let appTermination = CommandGroupPlacement()
    public static let newItem = CommandGroupPlacement()
    public static let saveItem = CommandGroupPlacement()
    public static let importExport = CommandGroupPlacement()
    public static let printItem = CommandGroupPlacement()
    public static let undoRedo = CommandGroupPlacement()
    public static let pasteboard = CommandGroupPlacement()
    public static let textEditing = CommandGroupPlacement()
    public static let textFormatting = CommandGroupPlacement()
    public static let toolbar = CommandGroupPlacement()
    public static let sidebar = CommandGroupPlacement()
    public static let windowSize = CommandGroupPlacement()
    public static let singleWindowList = CommandGroupPlacement()
    public static let windowList = CommandGroupPlacement()
    public static let windowArrangement = CommandGroupPlacement()
    public static let help = CommandGroupPlacement()
    init() {}
}

/// Built-in command sets.
nonisolated public struct SidebarCommands: Commands {
    public init() {}
    public typealias Body = Never
}
nonisolated public struct ToolbarCommands: Commands {
    public init() {}
    public typealias Body = Never
}
nonisolated public struct TextEditingCommands: Commands {
    public init() {}
    public typealias Body = Never
}
nonisolated public struct TextFormattingCommands: Commands {
    public init() {}
    public typealias Body = Never
}
nonisolated public struct InspectorCommands: Commands {
    public init() {}
    public typealias Body = Never
}
nonisolated public struct ImportFromDevicesCommands: Commands {
    public init() {}
    public typealias Body = Never
}
