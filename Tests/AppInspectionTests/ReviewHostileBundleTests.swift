@testable import AppInspection
import Foundation
import MachOReader
import Testing

/// Hostile bundle contents found in the adversarial review.
@Suite struct ReviewHostileBundleTests {
    @Test(.timeLimit(.minutes(1)))
    func manyURLSchemesAreDeduplicatedInLinearTime() throws {
        // An 8 MB Info.plist holds about 400,000 scheme strings; a quadratic de-duplication of
        // that many takes hours.
        let count = 200_000
        var schemes: [PlistValue] = (0..<count).map { .string("s\($0)") }
        schemes.append(.string("s7"))
        let plist = PlistValue.dictionary([
            "CFBundleURLTypes": .array([.dictionary(["CFBundleURLSchemes": .array(schemes)]),
                                        .dictionary(["CFBundleURLSchemes": .array([.string("s1"), .string("extra")])])]),
        ])
        let info = try #require(InfoPlist(plist))
        #expect(info.urlSchemes.count == count + 1)
        #expect(info.urlSchemes.prefix(3) == ["s0", "s1", "s2"])
        #expect(info.urlSchemes.last == "extra")
    }
}
