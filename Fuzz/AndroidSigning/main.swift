import Foundation

/// libFuzzer entry: any bytes as an APK Signing Block (pairs, v2/v3/v3.1 signers, certificates,
/// rotation lineage), then as the tail of an APK located by its footer, then as `assetlinks.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if let signing = try? APKSigningBlock.parse(bytes) {
        _ = signing.effectiveCertificates(sdk: 35)
        _ = try? JSONEncoder().encode(signing)
    }
    _ = try? APKSigningBlock.locate(centralDirectoryOffset: UInt64(size), limits: AndroidLimits()) { offset, count in
        guard offset + UInt64(count) <= UInt64(size) else { throw AndroidAppError.notAnAPK(reason: "past the end") }
        return bytes.subdata(in: Int(offset)..<(Int(offset) + count))
    }
    _ = AssetLinksFile(data: bytes)
    return 0
}
