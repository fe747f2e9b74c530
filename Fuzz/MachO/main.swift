import Foundation

/// libFuzzer entry: parse any bytes as a Mach-O file (fat or thin), including the code
/// signature, entitlements (XML plist and DER) and the link-evidence scan. Must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    var limits = MachOLimits()
    limits.maxSymbols = 50_000
    limits.maxStringsPerSection = 50_000
    if let file = try? MachOFile(data: bytes, limits: limits) {
        for slice in file.slices {
            _ = slice.linkScan.names(.receiver)
            if let signature = slice.codeSignature {
                _ = signature.entitlementsComparison?.differences.map(\.description)
                _ = signature.entitlements?.jsonString()
            }
        }
        _ = file.problems.map(\.description)
    }
    // The code-signature parser on its own, so the fuzzer need not build a valid Mach-O around it.
    if let signature = try? CodeSignature(reader: ByteReader(bytes)) {
        _ = signature.blobHashChecks.count
    }
    return 0
}
