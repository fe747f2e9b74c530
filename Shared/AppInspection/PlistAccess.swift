import Foundation
import MachOReader

/// Typed lookups into untrusted property lists (a wrong type reads as absent).
enum PlistAccess {
    static func dictionary(_ value: PlistValue?) -> [String: PlistValue]? {
        if case .dictionary(let dictionary)? = value { return dictionary }
        return nil
    }

    static func string(_ value: PlistValue?) -> String? {
        if case .string(let string)? = value { return string }
        return nil
    }

    static func bool(_ value: PlistValue?) -> Bool? {
        if case .bool(let bool)? = value { return bool }
        return nil
    }

    static func date(_ value: PlistValue?) -> Date? {
        if case .date(let date)? = value { return date }
        return nil
    }

    static func array(_ value: PlistValue?) -> [PlistValue]? {
        if case .array(let array)? = value { return array }
        return nil
    }

    static func data(_ value: PlistValue?) -> Data? {
        if case .data(let data)? = value { return data }
        return nil
    }

    /// An array of strings (other element types are dropped); a lone string counts as one.
    static func strings(_ value: PlistValue?) -> [String] {
        if let single = string(value) { return [single] }
        return (array(value) ?? []).compactMap { string($0) }
    }
}
