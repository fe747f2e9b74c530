import Foundation

/// The platforms a document can hold an app of, with the words every face uses for them.
public enum AppPlatform: String, Sendable, Codable, CaseIterable {
    case ios
    case android

    /// "iOS", "Android".
    public var name: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        }
    }

    /// "iOS app", "Android app".
    public var appTitle: String { name + " app" }
}
