import Foundation

/// libFuzzer entry: any bytes as a provisioning profile (BER/DER CMS SignedData, eContent plist,
/// X.509 developer certificates). Must never crash; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    if let profile = try? ProvisioningProfile.parse(bytes) {
        _ = try? JSONEncoder().encode(profile)
    }
    _ = try? CMSEnvelope.parse(bytes)
    let ber = BERReader(bytes)
    if let node = try? ber.element(at: 0, limit: bytes.count), node.isConstructed {
        _ = try? ber.children(of: node)
    }
    return 0
}
