import Foundation

/// libFuzzer entry: decode any bytes as DER entitlements and as a property list (XML or
/// binary), then re-encode what decoded as JSON. Must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let der = try? DEREntitlements.decode(bytes)
    let plist = try? PlistValue.decode(bytes)
    if let der { _ = der.jsonString() }
    if let plist { _ = plist.jsonString() }
    if let der, let plist { _ = EntitlementsComparison(xml: plist, der: der).agree }
    return 0
}
