/// Magic numbers, load command identifiers and names from `<mach-o/loader.h>` and `<mach/machine.h>`.
enum MachOConstants {
    static let fatMagic: UInt32 = 0xCAFE_BABE
    static let fatMagic64: UInt32 = 0xCAFE_BABF
    static let magic32: UInt32 = 0xFEED_FACE
    static let magic64: UInt32 = 0xFEED_FACF

    static let lcSegment: UInt32 = 0x1
    static let lcSymtab: UInt32 = 0x2
    static let lcLoadDylib: UInt32 = 0xC
    static let lcIDDylib: UInt32 = 0xD
    static let lcSegment64: UInt32 = 0x19
    static let lcUUID: UInt32 = 0x1B
    static let lcCodeSignature: UInt32 = 0x1D
    static let lcLoadWeakDylib: UInt32 = 0x8000_0018
    static let lcReexportDylib: UInt32 = 0x8000_001F
    static let lcLazyLoadDylib: UInt32 = 0x20
    static let lcEncryptionInfo: UInt32 = 0x21
    static let lcLoadUpwardDylib: UInt32 = 0x8000_0023
    static let lcVersionMinMacOSX: UInt32 = 0x24
    static let lcVersionMinIPhoneOS: UInt32 = 0x25
    static let lcEncryptionInfo64: UInt32 = 0x2C
    static let lcVersionMinTVOS: UInt32 = 0x2F
    static let lcVersionMinWatchOS: UInt32 = 0x30
    static let lcBuildVersion: UInt32 = 0x32

    static let cpuArchABI64: UInt32 = 0x0100_0000
    static let cpuArchABI64_32: UInt32 = 0x0200_0000
    static let cpuTypeX86: UInt32 = 7
    static let cpuTypeARM: UInt32 = 12
    static let cpuTypePowerPC: UInt32 = 18

    /// The conventional architecture name (`arm64`, `arm64e`, `armv7`, `x86_64`, …).
    static func archName(cpuType: UInt32, cpuSubtype: UInt32) -> String {
        let subtype = cpuSubtype & 0x00FF_FFFF
        switch cpuType {
        case cpuTypeARM | cpuArchABI64:
            switch subtype {
            case 2: return "arm64e"
            case 1: return "arm64v8"
            default: return "arm64"
            }
        case cpuTypeARM | cpuArchABI64_32:
            return "arm64_32"
        case cpuTypeARM:
            switch subtype {
            case 5: return "armv4t"
            case 6: return "armv6"
            case 7: return "armv5"
            case 9: return "armv7"
            case 10: return "armv7f"
            case 11: return "armv7s"
            case 12: return "armv7k"
            case 14: return "armv6m"
            case 15: return "armv7m"
            case 16: return "armv7em"
            default: return "arm"
            }
        case cpuTypeX86 | cpuArchABI64:
            return subtype == 8 ? "x86_64h" : "x86_64"
        case cpuTypeX86:
            return "i386"
        case cpuTypePowerPC:
            return "ppc"
        case cpuTypePowerPC | cpuArchABI64:
            return "ppc64"
        default:
            return "cpu(0x\(String(cpuType, radix: 16)):0x\(String(cpuSubtype, radix: 16)))"
        }
    }

    /// The `MH_*` file type name in lower case (`execute`, `dylib`, `bundle`, …).
    static func fileTypeName(_ fileType: UInt32) -> String {
        switch fileType {
        case 0x1: return "object"
        case 0x2: return "execute"
        case 0x3: return "fvmlib"
        case 0x4: return "core"
        case 0x5: return "preload"
        case 0x6: return "dylib"
        case 0x7: return "dylinker"
        case 0x8: return "bundle"
        case 0x9: return "dylib_stub"
        case 0xA: return "dsym"
        case 0xB: return "kext_bundle"
        case 0xC: return "fileset"
        case 0xD: return "gpu_execute"
        case 0xE: return "gpu_dylib"
        default: return "unknown(0x\(String(fileType, radix: 16)))"
        }
    }

    /// The `PLATFORM_*` name of an `LC_BUILD_VERSION` platform.
    static func platformName(_ platform: UInt32) -> String {
        switch platform {
        case 1: return "macos"
        case 2: return "ios"
        case 3: return "tvos"
        case 4: return "watchos"
        case 5: return "bridgeos"
        case 6: return "maccatalyst"
        case 7: return "iossimulator"
        case 8: return "tvossimulator"
        case 9: return "watchossimulator"
        case 10: return "driverkit"
        case 11: return "visionos"
        case 12: return "visionossimulator"
        default: return "unknown(\(platform))"
        }
    }

    /// A packed `xxxx.yy.zz` version as text ("15.0", "17.2.1").
    static func versionString(_ packed: UInt32) -> String {
        MachOSummary.versionString(
            major: Int(packed >> 16), minor: Int((packed >> 8) & 0xFF),
            patch: Int(packed & 0xFF))
    }
}
