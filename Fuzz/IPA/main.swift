import Foundation

/// libFuzzer entry: any bytes as an IPA (ZIP container, bundle discovery, Info.plist, profile,
/// executables) through `AppInspector`, in memory. Must never crash; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    var limits = ZIPLimits()
    limits.maxEntries = 4_096
    limits.maxCentralDirectoryBytes = 1 << 20
    limits.maxEntryBytes = 64 << 20
    limits.maxTotalBytes = 256 << 20
    let inspector = AppInspector(limits: limits, maxExecutableBytes: 16 << 20)
    if let snapshot = try? inspector.inspect(data: bytes, name: "fuzz.ipa") {
        _ = try? JSONEncoder().encode(snapshot)
    }
    // The central-directory parser and the sparse loader on their own.
    if let archive = try? ZIPArchive(source: ArchiveSource(data: bytes), limits: limits) {
        for index in archive.entries.indices.prefix(8) {
            _ = try? archive.read(entryAt: index, maxBytes: 1 << 20)
        }
    }
    let sparse = SparseExecutableBuffer(size: min(size, 1 << 20))
    [UInt8](bytes.prefix(1 << 20)).withUnsafeBufferPointer { buffer in
        _ = sparse.write(buffer, at: 0)
    }
    return 0
}
