import Foundation

/// One concrete fact behind a finding: where in a binary, on the network, in an association
/// file, or in the entitlements a tester can go and see it for themselves.
///
/// Encodes as an object with a `kind` (`binary`, `network`, `associationFile`, `entitlement`,
/// `text`) and that kind's fields; absent optional fields are written as explicit `null`.
public enum Evidence: Sendable, Hashable {
    /// A place in a binary (file, slice, section or symbol, offset).
    case binary(BinaryLocation)
    /// What a host answered on a route.
    case network(NetworkObservation)
    /// A place in a fetched or supplied association file.
    case associationFile(AssociationFileLocation)
    /// A signed entitlement and its value.
    case entitlement(key: String, value: String)
    /// Anything else, in words.
    case text(String)
}

/// A place in a Mach-O file.
public struct BinaryLocation: Sendable, Hashable, Codable {
    /// Path of the file inside the input (`Payload/X.app/X`).
    public var file: String
    /// Architecture of the slice (`arm64`), nil for a thin file where it does not matter.
    public var slice: String?
    /// Segment and section (`__TEXT,__objc_methname`).
    public var section: String?
    /// Symbol or selector name found there.
    public var symbol: String?
    /// Byte offset from the start of the file (not the slice).
    public var offset: UInt64?
    /// Number of bytes the evidence spans, when known.
    public var length: UInt64?

    /// A binary location; only `file` is required.
    public init(
        file: String, slice: String? = nil, section: String? = nil, symbol: String? = nil,
        offset: UInt64? = nil, length: UInt64? = nil
    ) {
        self.file = file
        self.slice = slice
        self.section = section
        self.symbol = symbol
        self.offset = offset
        self.length = length
    }
}

/// What a host answered when the association file was fetched on one route.
public struct NetworkObservation: Sendable, Hashable, Codable {
    /// Host as entitled (may carry a port: `example.com:8443`).
    public var host: String
    /// Route name (`cdn`, `origin`, `legacy`).
    public var route: String?
    /// URL that was requested.
    public var url: String?
    /// HTTP status, nil when no response arrived.
    public var status: Int?
    /// A response header that matters (`Location`, `Content-Type`, `Apple-Failure-Reason`).
    public var headerName: String?
    /// Its value, verbatim.
    public var headerValue: String?

    /// A network observation; only `host` is required.
    public init(
        host: String, route: String? = nil, url: String? = nil, status: Int? = nil,
        headerName: String? = nil, headerValue: String? = nil
    ) {
        self.host = host
        self.route = route
        self.url = url
        self.status = status
        self.headerName = headerName
        self.headerValue = headerValue
    }
}

/// A place in an association file.
public struct AssociationFileLocation: Sendable, Hashable, Codable {
    /// Host the file belongs to.
    public var host: String
    /// JSON pointer (RFC 6901) to the value (`/applinks/details/0/components/2`).
    public var pointer: String
    /// 1-based line, when the source text is known.
    public var line: Int?
    /// 1-based column, when the source text is known.
    public var column: Int?

    /// A location in the association file of `host`.
    public init(host: String, pointer: String, line: Int? = nil, column: Int? = nil) {
        self.host = host
        self.pointer = pointer
        self.line = line
        self.column = column
    }
}
