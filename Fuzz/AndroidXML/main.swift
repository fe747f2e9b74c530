import Foundation

/// libFuzzer entry: any bytes as Android binary XML, then as a manifest (with no resources), then
/// every URL-facing matcher built from it. Must never crash; errors are fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    var limits = AndroidLimits()
    limits.maxElements = 20_000
    guard let root = try? BinaryXML.decode(bytes, limits: limits),
        let manifest = try? AndroidManifest(xml: root, resources: nil, limits: limits)
    else { return 0 }
    _ = try? JSONEncoder().encode(manifest)
    let matcher = AndroidLinkMatcher(manifest: manifest)
    for url in ["https://example.com/a/b?c=d#e", "http://x", "app://host:80/p"] {
        _ = matcher.answers(for: AndroidURI(url))
    }
    return 0
}
