import Foundation
import MachOReader

/// Typed lookups into untrusted property lists (a wrong type reads as absent).
enum PlistAccess {
    static func dictionary(_ value: PlistValue?) -> [String: PlistValue]? {
        if case let .dictionary(dictionary)? = value { return dictionary }
        return nil
    }

    static func string(_ value: PlistValue?) -> String? {
        if case let .string(string)? = value { return string }
        return nil
    }

    static func bool(_ value: PlistValue?) -> Bool? {
        if case let .bool(bool)? = value { return bool }
        return nil
    }

    static func date(_ value: PlistValue?) -> Date? {
        if case let .date(date)? = value { return date }
        return nil
    }

    static func array(_ value: PlistValue?) -> [PlistValue]? {
        if case let .array(array)? = value { return array }
        return nil
    }

    static func data(_ value: PlistValue?) -> Data? {
        if case let .data(data)? = value { return data }
        return nil
    }

    /// An array of strings (other element types are dropped); a lone string counts as one.
    static func strings(_ value: PlistValue?) -> [String] {
        if let single = string(value) { return [single] }
        return (array(value) ?? []).compactMap { string($0) }
    }
}
