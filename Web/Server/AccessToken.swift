/// The per-run secret: 128 random bits as 32 lowercase hex digits (safe in a URL, a header and
/// an HTML attribute), compared in constant time.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible {
    /// The hex digits.
    public let value: String

    /// A new random token from the system's cryptographic generator.
    public static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return AccessToken(value: Self.hex(high) + Self.hex(low))
    }

    /// A fixed token (tests).
    public init(value: String) { self.value = value }

    /// The token itself is the description: it is printed once, in the address line.
    public var description: String { value }

    /// True when `candidate` is this token. Time depends only on the lengths, never on where
    /// the first differing character is, so the token cannot be guessed byte by byte.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
