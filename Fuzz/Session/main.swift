import Foundation
import Workbench

// libFuzzer target for the `.linklab` session file reader (hostile input): size, encoding,
// structure and field checks, decoding, then — for a file that is accepted — everything the
// document does on open (restore, re-parse every body, recompute verdicts and findings) and a
// re-save, which must read back. Any trap, overflow or ASan report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let file = try? SessionFile.read(bytes) else { return 0 }
    _ = try? file.encoded()
    MainActor.assumeIsolated {
        let document = WorkbenchDocument(now: { Date(timeIntervalSince1970: 1_795_000_000) })
        guard (try? document.openSession(bytes)) != nil else { return }
        _ = document.decide(url: "https://example.com/buy/42")
        if let saved = try? document.save() {
            precondition((try? SessionFile.read(saved)) != nil, "a saved session must read back")
        }
        _ = try? document.jsonDocument()
        _ = try? document.export(.markdown)
    }
    return 0
}
