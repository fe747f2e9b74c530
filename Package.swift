// swift-tools-version:6.1
import PackageDescription

// One engine, several faces. See docs/ARCHITECTURE.md (its diagrams are this manifest's targets):
// SiteAssociation and AppInspection are pure cores; AssociationFetch does network I/O;
// Findings and Reports are pure; Workbench orchestrates; CLI/linklab is a thin face.

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

var package = Package(
    name: "UniversalLinkLab",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "linklab", targets: ["linklab"]),
        .library(name: "SiteAssociation", targets: ["SiteAssociation"]),
        .library(name: "MachOReader", targets: ["MachOReader"]),
        .library(name: "AppInspection", targets: ["AppInspection"]),
        .library(name: "AndroidApp", targets: ["AndroidApp"]),
        .library(name: "AssociationFetch", targets: ["AssociationFetch"]),
        .library(name: "Findings", targets: ["Findings"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Workbench", targets: ["Workbench"]),
        .library(name: "DeviceTools", targets: ["DeviceTools"]),
        .library(name: "WebWorkbench", targets: ["WebWorkbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // MARK: Pure cores
        .target(
            name: "SiteAssociation",
            path: "Shared/SiteAssociation",
            swiftSettings: strict
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Shared/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "MachOReader",
            dependencies: [
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/MachOReader",
            swiftSettings: strict
        ),
        .target(
            name: "AppInspection",
            dependencies: [
                "CZlib",
                "MachOReader",
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/AppInspection",
            swiftSettings: strict
        ),
        .target(
            name: "AndroidApp",
            dependencies: [
                "SiteAssociation",
                "AppInspection",
                "MachOReader",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/AndroidApp",
            swiftSettings: strict
        ),
        // A link read as a browser, Foundation and Android's Uri.parse read it (docs/link-confusion.md).
        .target(
            name: "LinkReadings",
            dependencies: ["AndroidApp", "SiteAssociation"],
            path: "Shared/LinkReadings",
            swiftSettings: strict
        ),
        // MARK: I/O edge
        .target(
            name: "AssociationFetch",
            dependencies: [
                "SiteAssociation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Shared/AssociationFetch",
            swiftSettings: strict
        ),
        // MARK: Analysis and output
        .target(
            name: "Findings",
            dependencies: [
                "SiteAssociation", "MachOReader", "AppInspection", "AssociationFetch", "AndroidApp", "LinkReadings",
            ],
            path: "Shared/Findings",
            swiftSettings: strict
        ),
        .target(
            name: "Reports",
            dependencies: ["Findings", "SiteAssociation", .product(name: "Plot", package: "Plot")],
            path: "Shared/Reports",
            swiftSettings: strict
        ),
        .target(
            name: "Workbench",
            dependencies: [
                "SiteAssociation", "MachOReader", "AppInspection", "AssociationFetch", "Findings", "Reports",
                "DeviceTools", "AndroidApp",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Shared/Workbench",
            swiftSettings: strict
        ),
        .target(
            name: "DeviceTools",
            dependencies: ["SiteAssociation"],
            path: "Shared/DeviceTools",
            swiftSettings: strict
        ),
        // MARK: Faces
        .target(
            name: "WebWorkbench",
            dependencies: [
                "Workbench", "Reports", "AssociationFetch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Web",
            exclude: ["Assets", "scripts"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "linklab",
            dependencies: [
                "Workbench", "Reports", "WebWorkbench", "AndroidApp", "AssociationFetch", "Findings", "SiteAssociation",
                "LinkReadings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "CLI/linklab",
            swiftSettings: strict
        ),
        // MARK: Benchmarks (release mode: swift run -c release <Name>)
        .executableTarget(
            name: "MatcherBenchmark",
            dependencies: ["SiteAssociation"],
            path: "Benchmarks/MatcherBenchmark",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "FetchBenchmark",
            dependencies: ["AssociationFetch", "TestServer"],
            path: "Benchmarks/FetchBenchmark",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "InspectBenchmark",
            dependencies: ["AppInspection"],
            path: "Benchmarks/InspectBenchmark",
            exclude: ["make-large-ipa.py"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "AndroidBenchmark",
            dependencies: ["AndroidApp"],
            path: "Benchmarks/AndroidBenchmark",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "SessionBenchmark",
            dependencies: ["Workbench", "Reports", "SiteAssociation"],
            path: "Benchmarks/SessionBenchmark",
            swiftSettings: strict
        ),
        // MARK: Tools (Apple's matcher as an oracle: docs/apple-oracle.md)
        .executableTarget(
            name: "AppleOracle",
            dependencies: ["DeviceTools"],
            path: "Tools/AppleOracle",
            swiftSettings: strict
        ),
        // MARK: Tests
        .target(
            name: "TestSupport",
            path: "Tests/Support",
            swiftSettings: strict
        ),
        // AOSP's own matcher as an oracle (docs/android.md §4d): the case grammar, the driver's
        // input format and the comparison, shared by AndroidAppTests and Fuzz/AndroidMatcher.
        .target(
            name: "AndroidOracle",
            dependencies: ["AndroidApp"],
            path: "Tests/AndroidOracle",
            swiftSettings: strict
        ),
        .target(
            name: "TestServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Tests/Server",
            swiftSettings: strict
        ),
        .testTarget(
            name: "SiteAssociationTests", dependencies: ["SiteAssociation", "TestSupport"], exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(name: "MachOReaderTests", dependencies: ["MachOReader", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AppInspectionTests", dependencies: ["AppInspection", "MachOReader", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AndroidAppTests",
            dependencies: ["AndroidApp", "AndroidOracle", "AppInspection", "SiteAssociation", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AssociationFetchTests",
            dependencies: ["AssociationFetch", "SiteAssociation", "TestSupport", "TestServer"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FindingsTests",
            dependencies: [
                "Findings", "AndroidApp", "AppInspection", "AssociationFetch", "MachOReader", "SiteAssociation",
                "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReportsTests", dependencies: ["Reports", "Findings", "TestSupport"], exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WorkbenchTests",
            dependencies: [
                "Workbench", "AndroidApp", "AppInspection", "AssociationFetch", "CZlib", "DeviceTools", "Findings",
                "Reports", "SiteAssociation", "TestSupport", "TestServer",
            ],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "TestServer"], swiftSettings: strict),
        // Linux checks of the Mac app: its sources parse, its Xcode project, scheme, Info.plist,
        // entitlements and accessibility identifiers are consistent (the app builds on macOS CI).
        .testTarget(
            name: "MacAppProjectTests", dependencies: ["Workbench", "Reports", "TestSupport"], swiftSettings: strict
        ),
        .testTarget(
            name: "LinkReadingsTests",
            dependencies: ["LinkReadings", "AndroidApp", "AndroidOracle", "SiteAssociation", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DeviceToolsTests", dependencies: ["DeviceTools", "SiteAssociation", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebWorkbenchTests",
            dependencies: [
                "WebWorkbench", "Workbench", "TestSupport", "TestServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ]
)
