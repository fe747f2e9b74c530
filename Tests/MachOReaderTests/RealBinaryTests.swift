import Foundation
import MachOReader
import Testing

/// The unstripped fastlane build (real Xcode output). Expected values were read with
/// `llvm-objdump --macho --private-headers`, `llvm-nm`, LIEF 0.17 and `hashlib` (SHA-1/SHA-256
/// of the entitlements blob and CodeDirectories), independently of this module.
@Suite(
    .enabled(
        if: TestFiles.hasFastlaneBinary,
        "Tests/Fixtures/third-party/fastlane/very-capable-app.app (a committed real signed binary) is missing"))
struct RealBinaryTests {
    let file: MachOFile
    var slice: MachOSlice { file.slices[0] }

    init() throws {
        let data = try #require(TestFiles.fastlaneBinary)
        file = try MachOFile(data: data)
    }

    @Test func readsThinARM64ExecuteHeader() {
        #expect(!file.isFat)
        #expect(file.slices.count == 1)
        #expect(slice.arch == "arm64")
        #expect(slice.cpuType == 0x0100_000C)
        #expect(slice.fileType == "execute")
        #expect(slice.loadCommands.count == 32)
        #expect(slice.fileOffset == 0)
        #expect(slice.size == 113_184)
        #expect(slice.problems.isEmpty)
    }

    @Test func readsLoadCommandFacts() throws {
        #expect(slice.encryption?.cryptOffset == 16384)
        #expect(slice.encryption?.cryptSize == 16384)
        #expect(slice.encryption?.cryptID == 0)
        #expect(!slice.isEncrypted)
        #expect(slice.uuid?.uuidString == "005AF83F-C451-3B30-AE1E-4C2F84A89C6E")
        #expect(slice.buildVersion?.platformName == "ios")
        #expect(slice.buildVersion?.minOS == "11.2")
        #expect(slice.buildVersion?.sdk == "11.2")
        #expect(slice.buildVersion?.source == "LC_VERSION_MIN_IPHONEOS")
        #expect(slice.codeSignatureLocation?.sliceOffset == 99856)
        #expect(slice.codeSignatureLocation?.size == 13328)
        #expect(slice.symbolTable?.symbolOffset == 99064)
        #expect(slice.symbolTable?.symbolCount == 18)
        #expect(slice.linkedDylibs.count == 14)
        #expect(slice.linkedDylibs.first?.name == "/System/Library/Frameworks/HealthKit.framework/HealthKit")
        #expect(
            slice.linkedDylibs.contains {
                $0.name == "/System/Library/Frameworks/CloudKit.framework/CloudKit" && $0.currentVersion == "735.0"
            })
        let methods = try #require(slice.section("__TEXT", "__objc_methname"))
        #expect(methods.sliceOffset == 27716)
        #expect(methods.size == 0xA3F)
        #expect(slice.section("__TEXT", "__cstring")?.sliceOffset == 32556)
        #expect(slice.segments.map(\.name) == ["__PAGEZERO", "__TEXT", "__DATA", "__LLVM", "__LINKEDIT"])
        #expect(slice.symbols.contains { $0.name == "_UIApplicationMain" && $0.isUndefined })
    }

    @Test func readsBothCodeDirectories() throws {
        let signature = try #require(slice.codeSignature)
        #expect(slice.signatureError == nil)
        #expect(signature.length == 6330)
        #expect(signature.blobs.map(\.slot) == [0, 2, 5, 0x1000, 0x10000])
        #expect(signature.codeDirectories.count == 2)
        let primary = try #require(signature.codeDirectories.first)
        #expect(primary.slot == 0)
        #expect(primary.hashType == .sha1)
        #expect(primary.hashSize == 20)
        #expect(primary.version == 0x20400)
        #expect(primary.identifier == "org.fastlane.very-capable-app")
        #expect(primary.teamID == nil)
        #expect(!primary.isAdhoc)
        #expect(primary.specialSlotCount == 5)
        #expect(primary.codeSlotCount == 25)
        #expect(primary.cdHash?.hexString == "7f460942d61d6de921b0452a0780147aa492c803")
        let alternate = try #require(signature.codeDirectories.last)
        #expect(alternate.slot == 0x1000)
        #expect(alternate.hashType == .sha256)
        #expect(alternate.identifier == "org.fastlane.very-capable-app")
        #expect(alternate.cdHash?.hexString == "550f53b40adf507823232aa224c7c2cd5d545272")
        #expect(signature.hasRequirements)
        #expect(signature.cms == .present)
        #expect(signature.cmsData?.count == 2012 - 8)
        #expect(!signature.isAdhoc)
    }

    @Test func verifiesEntitlementsHashAgainstEveryCodeDirectory() throws {
        let signature = try #require(slice.codeSignature)
        #expect(signature.blobHashChecks.count == 2)
        #expect(signature.blobHashChecks.allSatisfy { $0.slot == 5 && $0.status == .match })
        #expect(
            signature.blobHashChecks.map(\.expected) == [
                "97133e84d71d9a89ff0f4b63b27b9059456c4171",
                "d1e8bb25eb527d8882c833a17304ccef4980af7b39ac3c9dcae4f3641bd946f3",
            ])
        #expect(signature.entitlementsHashesMatch)
        #expect(signature.diagnostics.isEmpty)
    }

    @Test func decodesXMLEntitlementsOnly() throws {
        let signature = try #require(slice.codeSignature)
        #expect(signature.entitlementsSource == "xml")
        #expect(signature.entitlementsDER == nil)
        let entitlements = try #require(signature.xmlEntitlements)
        #expect(entitlements["application-identifier"] == .string("TestFixture.org.fastlane.very-capable-app"))
        #expect(
            entitlements["com.apple.developer.associated-domains"] == .array([.string("webcredentials:example.com")]))
        #expect(entitlements["aps-environment"] == .string("development"))
        #expect(entitlements["com.apple.developer.healthkit"] == .bool(true))
        #expect(entitlements["com.apple.developer.in-app-payments"] == .array([]))
        #expect(signature.entitlementsXML?.starts(with: Array("<?xml".utf8)) == true)
    }

    @Test func findsTheFourReceiverSelectorsAsWholeStrings() {
        let receivers = slice.linkEvidence.filter { $0.kind == .receiver }
        #expect(
            receivers.map(\.name) == [
                "application:continueUserActivity:restorationHandler:",
                "application:handleOpenURL:",
                "application:openURL:options:",
                "application:openURL:sourceApplication:annotation:",
            ])
        #expect(receivers.map(\.offset) == [30102, 28200, 28277, 28227])
        #expect(receivers.allSatisfy { $0.section == "__TEXT,__objc_methname" && $0.arch == "arm64" })
        // `openURL:` occurs only inside longer selectors: whole-string matching must not report it.
        #expect(!slice.linkEvidence.contains { $0.kind == .outgoing })
        #expect(slice.linkScan.isReliable)
    }

    @Test func everyPrefixOfTheRealBinaryFailsCleanlyOrParsesPartially() throws {
        let data = try #require(TestFiles.fastlaneBinary)
        // Every prefix up to the end of the load commands, then every 97th length: no trap.
        var lengths = Array(0...(32 + 3552 + 16))
        lengths += stride(from: 3700, to: data.count, by: 97)
        var parsed = 0
        for length in lengths {
            if let file = try? MachOFile(data: data.prefix(length)) {
                parsed += 1
                #expect(file.slices.count == 1)
            }
        }
        #expect(parsed > 0)
    }
}

extension Data {
    var hexString: String {
        map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
