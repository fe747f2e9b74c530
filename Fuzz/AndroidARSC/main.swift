import Foundation

/// libFuzzer entry: any bytes as `resources.arsc`, then look-ups of the IDs a manifest uses
/// (references, chains, sparse and 16-bit offsets). Must never crash; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let table = try? ResourceTable(Data(bytes: data, count: size)) else { return 0 }
    for type in UInt32(1)...4 {
        for entry in UInt32(0)..<8 {
            _ = try? table.resolve(0x7F00_0000 | type << 16 | entry)
        }
    }
    _ = try? table.resolve(0x0101_0000)
    return 0
}
