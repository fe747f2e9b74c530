import AndroidApp
import Foundation
import Testing

/// Binary XML decoding: both string encodings, resource-map names, Android 15 elements, and
/// hostile documents refused with a typed error.
@Suite struct BinaryXMLTests {
    static func manifest(utf8: Bool) -> Data {
        var writer = BinaryXMLWriter()
        writer.utf8 = utf8
        writer.element("manifest", [.init(namespace: nil, name: "package", string: "com.example.app")]) { xml in
            xml.element("application") { xml in
                xml.element(
                    "activity",
                    [
                        .init(name: "name", resourceID: 0x0101_0003, string: ".Links"),
                        .init(name: "exported", resourceID: 0x0101_0010, type: 0x12, data: 0xFFFF_FFFF),
                    ]
                ) { xml in
                    xml.element(
                        "intent-filter",
                        [.init(name: "autoVerify", resourceID: 0x0101_04EE, type: 0x12, data: 1)]
                    ) { xml in
                        xml.element(
                            "action",
                            [.init(name: "name", resourceID: 0x0101_0003, string: "android.intent.action.VIEW")])
                        xml.element(
                            "data",
                            [
                                .init(name: "scheme", resourceID: 0x0101_0027, string: "https"),
                                .init(name: "host", resourceID: 0x0101_0028, string: "é.example"),
                            ])
                        xml.element("uri-relative-filter-group", [.init(name: "allow", type: 0x12, data: 0)]) { xml in
                            xml.element(
                                "data",
                                [
                                    .init(name: "pathSuffix", string: ".pdf"),
                                    .init(name: "queryPattern", string: "id=.*"),
                                ])
                        }
                    }
                }
            }
        }
        return writer.build()
    }

    @Test(arguments: [false, true]) func decodesBothStringEncodings(utf8: Bool) throws {
        let root = try BinaryXML.decode(Self.manifest(utf8: utf8))
        let manifest = try AndroidManifest(xml: root, resources: nil)
        #expect(manifest.packageName == "com.example.app")
        let activity = try #require(manifest.activities.first)
        #expect(activity.name == "com.example.app.Links")
        #expect(activity.exported == true)
        let filter = try #require(activity.intentFilters.first)
        #expect(filter.autoVerify)
        #expect(filter.actions == ["android.intent.action.VIEW"])
        #expect(filter.data.first?.host == "é.example")
        let group = try #require(filter.relativeFilterGroups.first)
        #expect(group.allow == false)
        #expect(group.data.first?.pathSuffix == ".pdf")
        #expect(group.data.first?.queryPattern == "id=.*")
    }

    /// An obfuscator can rename the attribute's string: the resource ID still names it.
    @Test func attributeNamedByResourceIDWhenItsStringIsObfuscated() throws {
        var writer = BinaryXMLWriter()
        writer.element("manifest", [.init(namespace: nil, name: "package", string: "p")]) { xml in
            xml.element("application", [.init(name: "zz", resourceID: 0x0101_000F, type: 0x12, data: 1)])
        }
        let manifest = try AndroidManifest(xml: BinaryXML.decode(writer.build()), resources: nil)
        #expect(manifest.debuggable)
    }

    static func reason(_ data: Data, limits: AndroidLimits = AndroidLimits()) -> AndroidAppError? {
        do {
            _ = try BinaryXML.decode(data, limits: limits)
            return nil
        } catch {
            return error as? AndroidAppError
        }
    }

    @Test func everyTruncationIsRefusedCleanly() {
        let whole = Self.manifest(utf8: false)
        for length in stride(from: 0, to: whole.count - 1, by: 3) {
            var cut = Data(whole.prefix(length))
            if cut.count >= 8 {  // keep the declared size honest so the chunk walk is what fails
                cut.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(cut.count).littleEndian, Array.init))
            }
            #expect(Self.reason(cut) != nil, "prefix of \(length) bytes was accepted")
        }
    }

    @Test func stringIndexOutOfRangeIsNamed() {
        var data = Self.manifest(utf8: true)
        // The first start tag's name index: find the first 0x0102 chunk and corrupt its name.
        let bytes = [UInt8](data)
        guard
            let start =
                (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0x02 && bytes[$0 + 1] == 0x01 && $0 % 4 == 0 })
        else {
            Issue.record("no start tag")
            return
        }
        data.replaceSubrange((start + 20)..<(start + 24), with: [0xFF, 0xFF, 0x00, 0x00])
        guard case .malformedBinaryXML(let reason, _)? = Self.reason(data) else {
            Issue.record("expected a malformed-XML error")
            return
        }
        #expect(reason.contains("out of range"))
    }

    @Test func depthAndCountLimitsHold() {
        var deep = BinaryXMLWriter()
        func nest(_ xml: inout BinaryXMLWriter, _ level: Int) {
            xml.element("e") { inner in if level > 0 { nest(&inner, level - 1) } }
        }
        nest(&deep, 100)
        guard case .limitExceeded(let what, _, _)? = Self.reason(deep.build()) else {
            Issue.record("expected a depth limit")
            return
        }
        #expect(what == "element depth")

        var wide = BinaryXMLWriter()
        wide.element("manifest") { xml in for _ in 0..<50 { xml.element("x") } }
        var limits = AndroidLimits()
        limits.maxElements = 20
        guard case .limitExceeded? = Self.reason(wide.build(), limits: limits) else {
            Issue.record("expected a count limit")
            return
        }
    }

    @Test func hugeStringCountIsRefusedBeforeAllocating() {
        var data = Self.manifest(utf8: false)
        // String pool header: count at offset 8 + 8.
        data.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0x7F])
        guard let error = Self.reason(data) else {
            Issue.record("accepted a pool of 2^31 strings")
            return
        }
        #expect("\(error)".contains("string pool"))
    }

    @Test func notBinaryXMLAtAll() {
        guard case .malformedBinaryXML(let reason, _)? = Self.reason(Data("<manifest/>".utf8)) else {
            Issue.record("expected a malformed-XML error")
            return
        }
        #expect(reason.contains("not binary XML"))
    }
}
