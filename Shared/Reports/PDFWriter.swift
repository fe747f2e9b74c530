import Foundation

/// A minimal PDF 1.4 file writer: numbered objects, a cross-reference table, a trailer.
///
/// Objects are reserved first (so pages can name each other) and filled in any order; the
/// output is a pure function of the objects, so the same report gives the same bytes.
struct PDFWriter {
    private var objects: [Int: [UInt8]] = [:]
    private(set) var count = 0

    /// Reserves the next object number.
    mutating func reserve() -> Int {
        count += 1
        return count
    }

    /// Sets the body of a reserved object (dictionary, array, …) without `obj`/`endobj`.
    mutating func set(_ number: Int, _ body: String) {
        objects[number] = Array(body.utf8)
    }

    /// Adds an object and returns its number.
    mutating func add(_ body: String) -> Int {
        let number = reserve()
        set(number, body)
        return number
    }

    /// Adds a stream object (uncompressed) and returns its number.
    mutating func addStream(_ content: [UInt8], extraDictionary: String = "") -> Int {
        let number = reserve()
        var body = Array("<< /Length \(content.count)\(extraDictionary) >>\nstream\n".utf8)
        body += content
        body += Array("\nendstream".utf8)
        objects[number] = body
        return number
    }

    /// The file: header, objects in number order, xref, trailer naming `root` and `info`.
    func bytes(root: Int, info: Int?) -> [UInt8] {
        var out: [UInt8] = Array("%PDF-1.4\n".utf8)
        out += [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]  // binary marker comment
        var offsets: [Int] = []
        for number in 1...max(count, 1) where number <= count {
            offsets.append(out.count)
            out += Array("\(number) 0 obj\n".utf8)
            out += objects[number] ?? Array("null".utf8)
            out += Array("\nendobj\n".utf8)
        }
        let xrefOffset = out.count
        var xref = "xref\n0 \(count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            xref += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
        }
        out += Array(xref.utf8)
        var trailer = "trailer\n<< /Size \(count + 1) /Root \(root) 0 R"
        if let info { trailer += " /Info \(info) 0 R" }
        trailer += " >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        out += Array(trailer.utf8)
        return out
    }
}

extension PDFStringLiteral {
    /// A UTF-16BE text string with byte-order mark, `<FEFF…>`: any Unicode in outlines and metadata.
    static func utf16(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            hex += String(repeating: "0", count: 4 - digits.count) + digits
        }
        return hex + ">"
    }
}
