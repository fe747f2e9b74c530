import Foundation

/// Why a Mach-O file, a code signature, a plist or DER entitlements could not be read.
///
/// The one public error type of `MachOReader`. Offsets are absolute file offsets unless the
/// case says otherwise; messages are written for a tester reading a CLI error line.
public enum MachOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first four bytes are not a Mach-O or fat magic.
    case notMachO(magic: UInt32)
    /// A `0xCAFEBABE` file with more architectures than any fat file has: most likely a Java class file.
    case implausibleFatHeader(archCount: UInt32, limit: Int)
    /// A read went outside the data (truncated file or an offset pointing elsewhere).
    case read(ByteReaderError)
    /// A structure is inconsistent: what, and where.
    case malformed(offset: Int, reason: String)
    /// A count or size is above this reader's safety cap.
    case limitExceeded(offset: Int, what: String, value: Int, limit: Int)
    /// A property list could not be decoded.
    case invalidPlist(reason: String)
    /// DER entitlements could not be decoded; `offset` is relative to the DER bytes when known.
    case invalidDER(offset: Int?, reason: String)

    public var description: String {
        switch self {
        case .notMachO(let magic):
            return "not a Mach-O file (magic 0x\(String(magic, radix: 16, uppercase: true)))"
        case .implausibleFatHeader(let count, let limit):
            return """
                0xCAFEBABE header claims \(count) architectures (more than \(limit)): probably a Java class file, not \
                a fat Mach-O
                """
        case .read(let error):
            return "truncated or malformed Mach-O: \(error)"
        case .malformed(let offset, let reason):
            return "malformed Mach-O at offset \(offset) (0x\(String(offset, radix: 16))): \(reason)"
        case .limitExceeded(let offset, let what, let value, let limit):
            return "\(what) at offset \(offset) is \(value), above the limit of \(limit)"
        case .invalidPlist(let reason):
            return "invalid property list: \(reason)"
        case .invalidDER(let offset, let reason):
            if let offset { return "invalid DER entitlements at byte \(offset): \(reason)" }
            return "invalid DER entitlements: \(reason)"
        }
    }
}

extension MachOError {
    /// Runs `body`, turning a `ByteReaderError` into `MachOError.read`.
    static func reading<T>(_ body: () throws(ByteReaderError) -> T) throws(MachOError) -> T {
        do { return try body() } catch { throw MachOError.read(error) }
    }
}
