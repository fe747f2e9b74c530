import Foundation
import Testing

@testable import Reports

@Suite struct QRCodeTests {
    static let referenceAvailable = ExternalTool.pythonHas("qrcode")

    /// PyPI `qrcode` encodes the same cases; see the script text for the protocol.
    static let referenceScript = """
        import json, sys
        import qrcode, qrcode.util
        from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
        LEVELS = {"L": ERROR_CORRECT_L, "M": ERROR_CORRECT_M}
        def encode(case):
            qr = qrcode.QRCode(version=case["version"], error_correction=LEVELS[case["level"]], border=0, \
        mask_pattern=case.get("mask"))
            qr.add_data(qrcode.util.QRData(bytes.fromhex(case["hex"]), mode=qrcode.util.MODE_8BIT_BYTE))
            qr.make(fit=False)
            return {"rows": ["".join("1" if c else "0" for c in row) for row in qr.modules],
                    "penalty": qrcode.util.lost_point(qr.modules)}
        print(json.dumps([encode(c) for c in json.load(sys.stdin)]))
        """

    struct ReferenceSymbol: Decodable {
        var rows: [String]
        /// `qrcode.util.lost_point` of the finished symbol (format bits drawn).
        var penalty: Int
    }

    static func reference(
        _ cases: [(
            bytes: [UInt8], version: Int, level: QRCode.ErrorCorrection,
            mask: Int?
        )]
    ) throws -> [ReferenceSymbol] {
        let python = try #require(ExternalTool.find("python3"))
        let input = cases.map { item -> [String: Any] in
            [
                "hex": item.bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(),
                "version": item.version, "level": item.level == .low ? "L" : "M", "mask": item.mask as Any? ?? NSNull(),
            ]
        }
        let output = try ExternalTool.run(
            python, ["-c", referenceScript],
            stdin: try JSONSerialization.data(withJSONObject: input))
        #expect(output.status == 0, "qrcode reference failed: \(output.stderr)")
        return try JSONDecoder().decode([ReferenceSymbol].self, from: output.stdout)
    }

    static func rows(_ code: QRCode) -> [String] {
        code.modules.map { $0.map { $0 ? "1" : "0" }.joined() }
    }

    static func sampleURL(length: Int, seed: Int) -> [UInt8] {
        var text = "https://shop.example.com/p/"
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_/?=&%ÄÖü".utf8)
        while text.utf8.count < length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text.unicodeScalars.append(Unicode.Scalar(alphabet[Int(state >> 33) % alphabet.count]))
        }
        return Array(text.utf8.prefix(length))
    }

    @Test(.enabled(if: referenceAvailable, "python3 with PyPI qrcode not found: pip install qrcode"))
    func everyMaskOfEveryVersionMatchesTheReferenceEncoder() throws {
        var cases: [(bytes: [UInt8], version: Int, level: QRCode.ErrorCorrection, mask: Int?)] = []
        for version in 1...QRCode.maximumVersion {
            for level in QRCode.ErrorCorrection.allCases {
                let capacity = QRCode.capacity(version: version, errorCorrection: level)
                for mask in 0...7 {
                    // Full, and a shorter payload that needs padding codewords.
                    let length = mask % 2 == 0 ? capacity : max(1, capacity / 2)
                    cases.append((Self.sampleURL(length: length, seed: version * 100 + mask), version, level, mask))
                }
            }
        }
        let expected = try Self.reference(cases)
        try #require(expected.count == cases.count)
        for (index, item) in cases.enumerated() {
            let code =
                try QRCode.encode(item.bytes, errorCorrection: item.level, version: item.version, mask: item.mask)
            #expect(
                Self.rows(code) == expected[index].rows,
                "version \(item.version) level \(item.level) mask \(item.mask ?? -1), \(item.bytes.count) bytes")
        }
    }

    /// The mask is the one with the lowest penalty as scored by the reference's own penalty
    /// function on the finished symbols. (PyPI qrcode's own mask choice scores symbols with
    /// blank format areas, unlike ISO/IEC 18004 and ZXing, so its choice is not compared.)
    @Test(.enabled(if: referenceAvailable, "python3 with PyPI qrcode not found: pip install qrcode"))
    func chosenMaskHasTheLowestReferencePenalty() throws {
        let urls = (0..<24).map { Self.sampleURL(length: 20 + $0 * 8, seed: $0) }
        let codes = try urls.map { try QRCode.encode($0, errorCorrection: .medium) }
        var cases: [(bytes: [UInt8], version: Int, level: QRCode.ErrorCorrection, mask: Int?)] = []
        for (index, code) in codes.enumerated() {
            for mask in 0...7 { cases.append((urls[index], code.version, .medium, mask)) }
        }
        let reference = try Self.reference(cases)
        try #require(reference.count == cases.count)
        for (index, code) in codes.enumerated() {
            let penalties = reference[(index * 8)..<(index * 8 + 8)].map(\.penalty)
            let ours = try (0...7).map {
                QRPenalty.score(
                    try QRCode.encode(
                        urls[index], errorCorrection: .medium, version: code.version,
                        mask: $0
                    ).modules)
            }
            #expect(ours == penalties, "URL \(index), version \(code.version)")
            let best = penalties.firstIndex(of: penalties.min() ?? 0)
            #expect(
                code.mask == best,
                "URL \(index): \(urls[index].count) bytes, version \(code.version), penalties \(penalties)")
            #expect(Self.rows(code) == reference[index * 8 + code.mask].rows)
        }
    }

    @Test(.enabled(if: ExternalTool.find("zbarimg") != nil, "zbarimg not found: apt-get install zbar-tools"))
    func zbarDecodesWhatWeEncode() throws {
        let zbar = try #require(ExternalTool.find("zbarimg"))
        let folder = try ExternalTool.temporaryFolder("qr")
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = [
            "https://shop.example.com/buy/42",
            "https://bücher.example/ü?q=a%20b&x=(1)",
            "https://shop.example.com/" + String(repeating: "deep/", count: 36) + "end",
        ]
        for text in texts {
            let code = try QRCode.encode(text)
            let file = folder.appendingPathComponent("code.pgm")
            try Self.pgm(code, scale: 4).write(to: file)
            let output = try ExternalTool.run(zbar, ["--quiet", "--raw", "-Sbinary", file.path])
            #expect(output.status == 0, "zbarimg: \(output.stderr)")
            #expect(
                output.stdout.prefix(Array(text.utf8).count) == Data(text.utf8),
                "decoded \(output.text) for version \(code.version)")
        }
    }

    /// A binary PGM with a four-module quiet zone.
    static func pgm(_ code: QRCode, scale: Int) -> Data {
        let side = (code.size + 8) * scale
        var data = Data("P5\n\(side) \(side)\n255\n".utf8)
        for y in 0..<side {
            for x in 0..<side {
                let row = y / scale - 4
                let column = x / scale - 4
                let dark =
                    (0..<code.size).contains(row) && (0..<code.size).contains(column) && code.modules[row][column]
                data.append(dark ? 0 : 255)
            }
        }
        return data
    }

    @Test func smallestVersionThatFitsIsChosen() throws {
        #expect(try QRCode.encode(Array(repeating: 0x41, count: 14), errorCorrection: .medium).version == 1)
        #expect(try QRCode.encode(Array(repeating: 0x41, count: 15), errorCorrection: .medium).version == 2)
        #expect(try QRCode.encode(Array(repeating: 0x41, count: 213), errorCorrection: .medium).version == 10)
        #expect(try QRCode.encode(Array(repeating: 0x41, count: 271), errorCorrection: .low).version == 10)
    }

    @Test func dataBeyondVersionTenIsAnError() {
        #expect(throws: ReportsError.qrDataTooLong(bytes: 214, maximum: 213)) {
            try QRCode.encode(Array(repeating: 0x41, count: 214), errorCorrection: .medium)
        }
    }

    @Test func svgHasOneSquarePerDarkModuleRun() throws {
        let code = try QRCode.encode("https://a.example/")
        let svg = code.svg(pixelSize: 100, label: "<x>")
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("<title>&lt;x&gt;</title>"))
        let runs = code.modules.reduce(0) { total, row in
            total + zip([false] + row, row).filter { !$0.0 && $0.1 }.count
        }
        #expect(svg.components(separatedBy: "z").count - 1 == runs)
    }
}
