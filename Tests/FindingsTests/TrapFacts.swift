import AppInspection
import AssociationFetch
import Foundation
import MachOReader
import TestSupport

@testable import Findings

/// Facts for the platform-trap rule tests: the crafted binaries of `Tests/Fixtures/traps/`
/// (read by the real inspector) under hand-built entitlements, and fetched answers.
enum TrapFacts {
    /// The slices of `Tests/Fixtures/traps/<name>` as the inspector reads them.
    static func slices(_ name: String) throws -> [SliceSummary] {
        try FactsFactory.inspect("traps/\(name)").bundles.first?.slices ?? []
    }

    /// An app of one bundle with `domains`, `schemes` and the slices of the fixture `binary`.
    static func app(
        binary: String?, domains: [String] = [], schemes: [String] = [],
        entitlements: [String: PlistValue] = [:]
    ) throws -> AppSnapshot {
        var bundle = FactsFactory.bundle(
            domains: domains, entitlements: entitlements,
            slices: try binary.map(slices) ?? [])
        bundle.urlSchemes = schemes
        return FactsFactory.app([bundle])
    }

    /// A supplied association file from `Tests/Fixtures/traps/<name>` for `host`.
    static func supplied(_ host: String, _ name: String) throws -> DomainReport {
        try FactsFactory.supplied(host, file: Fixtures.url("traps/\(name)"))
    }

    /// The text of `Tests/Fixtures/traps/<name>`.
    static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: Fixtures.url("traps/\(name)")), as: UTF8.self)
    }
}
