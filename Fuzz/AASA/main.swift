import Foundation

// libFuzzer target for SiteAssociation: the tolerant parser (JSON and CMS), lint, and the
// matcher compiled from whatever file the parser could read, asked a few URLs built from the
// input itself. Any trap, overflow or ASan report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let document = AssociationDocument.parse(bytes)
    _ = document.diagnostics.count
    guard let file = document.file else { return 0 }
    let tail = String(decoding: bytes.suffix(48), as: UTF8.self)
    let urls = [
        "https://example.com/",
        "https://example.com/buy/42?articleNumber=1234#no_universal_links",
        "https://example.com/" + tail,
        "https://example.com/%2F%C3%A9?a=1&a=2&b#frag",
    ]
    for domain in ["example.com", "*.example.com"] {
        let matcher = AssociationMatcher(file: file, domain: domain)
        for url in urls {
            _ = matcher.decide(url: url)
            _ = matcher.decision(url: url, appID: matcher.appIDs.first ?? "ABCDE12345.com.example.app")
        }
    }
    _ = AssociationMatcher(document: document, domain: "example.com").decide(url: "https://example.com/x")
    _ = AssociationDiff(old: file, new: AssociationFile()).changes
    _ = try? JSONEncoder().encode(file)
    var batch = MatchBatch()
    _ = batch.answer(String(decoding: bytes.prefix(4096), as: UTF8.self))
    return 0
}
