import Foundation
import Testing

/// The Mac app, its extensions and its test targets type-check on Linux (scripts/typecheck-app:
/// Swift 6, complete strict concurrency, against the package's built modules and our
/// declaration-only surface of Apple's frameworks), and planted mistakes make the check fail.
/// Linux only: the script's `Darwin` surface module wraps Glibc; on a Mac the macOS workflow
/// builds the app with Xcode instead.
@Suite(
    .serialized,
    .enabled(
        if: AppTypeCheck.runsHere,
        """
        scripts/typecheck-app is Linux-only (its Darwin surface wraps Glibc); Xcode builds \
        the app on a Mac
        """))
struct AppTypeCheckTests {
    @Test func theAppItsExtensionsAndTestsTypeCheck() throws {
        let result = try AppTypeCheck.run([])
        #expect(result.status == 0, "scripts/typecheck-app failed:\n\(result.output)")
        // The compiler renames its output into place: an output of /dev/null, run as root (CI),
        // once replaced the machine's /dev/null with a regular file.
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial, "/dev/null is no longer a device after the check")
    }

    /// The planted file is valid as written: a mutation's failure comes from its mistake alone.
    @Test func thePlantedUsesTypeCheckWhenCorrect() throws {
        let result = try AppTypeCheck.runOnCopy(plantedFile: PlantedMistake.correctFile)
        #expect(result.status == 0, "the correct planted file should type-check:\n\(result.output)")
    }

    @Test(arguments: PlantedMistake.all)
    func aPlantedMistakeFailsTheCheck(_ mistake: PlantedMistake) throws {
        let file = try mistake.apply(to: PlantedMistake.correctFile)
        let result = try AppTypeCheck.runOnCopy(plantedFile: file)
        #expect(result.status == 1, "\(mistake.name): the check should fail:\n\(result.output)")
        #expect(result.output.contains("PlantedMistake.swift"), "\(mistake.name): no error in the planted file")
        #expect(
            mistake.diagnostics.contains { result.output.contains($0) },
            "\(mistake.name): expected one of \(mistake.diagnostics):\n\(result.output)")
    }
}

/// One mistake: a replacement in the correct planted file, and what the compiler must say.
struct PlantedMistake: CustomTestStringConvertible, Sendable {
    let name: String
    let correct: String
    let mistaken: String
    let diagnostics: [String]

    var testDescription: String { name }

    func apply(to file: String) throws -> String {
        guard file.components(separatedBy: correct).count == 2 else {
            throw CheckError("\(name): \"\(correct)\" must occur exactly once in the planted file")
        }
        return file.replacingOccurrences(of: correct, with: mistaken)
    }

    static let all: [PlantedMistake] = [
        PlantedMistake(
            name: "wrong argument label on a package call",
            correct: "document.openApp(at: url)", mistaken: "document.openApp(url: url)",
            diagnostics: [
                "incorrect argument label in call (have 'url:', expected 'at:')",
                "missing argument for parameter 'at' in call",
            ]),
        PlantedMistake(
            name: "a member the package does not have",
            correct: "document.close()", mistaken: "document.closeAll()",
            diagnostics: ["has no member 'closeAll'"]),
        PlantedMistake(
            name: "wrong SwiftUI modifier label",
            correct: ".frame(minWidth: 10, maxWidth: 20)",
            mistaken: ".frame(minimumWidth: 10, maxWidth: 20)",
            diagnostics: ["incorrect argument label in call (have 'minimumWidth:maxWidth:'"]),
        PlantedMistake(
            name: "missing try",
            correct: "try document.save()", mistaken: "document.save()",
            diagnostics: ["call can throw but is not marked with 'try'"]),
        PlantedMistake(
            name: "missing await",
            correct: "await document.settled()", mistaken: "document.settled()",
            diagnostics: ["is 'async' but is not marked with 'await'"]),
        PlantedMistake(
            name: "main-actor state mutated from Task.detached",
            correct: "Task { count += 1 }", mistaken: "Task.detached { count += 1 }",
            diagnostics: ["main actor-isolated property 'count' can not be mutated"]),
        PlantedMistake(
            name: "onChange(of:) on a non-Equatable value",
            correct: "struct PlantedValue: Equatable {", mistaken: "struct PlantedValue {",
            diagnostics: ["requires that 'PlantedValue' conform to 'Equatable'"]),
        // An Objective-C optional requirement misspelled: it compiles, and AppKit never calls it.
        PlantedMistake(
            name: "a misspelled delegate method",
            correct: "func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication)",
            mistaken: "func applicationShouldTerminateAfterLastWindowClose(_ sender: NSApplication)",
            diagnostics: [
                """
                nearly matches optional requirement 'applicationShouldTerminateAfterLastWindowClosed(_:)'
                """
            ]),
        // pointerStyle(_:) is macOS 15.0+; the deployment target is macOS 14.0.
        PlantedMistake(
            name: "an API newer than macOS 14 used without #available",
            correct: "if #available(macOS 15, *) { return AnyView(text.pointerStyle(.link)) }",
            mistaken: "if hovering { return AnyView(text.pointerStyle(.link)) }",
            diagnostics: ["'pointerStyle' is only available in macOS15_0"]),
    ]

    /// Small, correct uses of the package and of SwiftUI; each mistake changes one of them.
    static let correctFile = """
        import AppKit
        import SwiftUI
        import Workbench

        @MainActor func plantedOpen(_ document: WorkbenchDocument, _ url: URL) {
            document.openApp(at: url)
            document.close()
        }

        @MainActor func plantedSave(_ document: WorkbenchDocument) throws -> Data {
            try document.save()
        }

        @MainActor func plantedSettle(_ document: WorkbenchDocument) async {
            await document.settled()
        }

        struct PlantedValue: Equatable {
            var count = 0
        }

        struct PlantedView: View {
            @State private var count = 0
            @State private var value = PlantedValue()

            var body: some View {
                Button("Count") { Task { count += 1 } }
                    .frame(minWidth: 10, maxWidth: 20)
                    .onChange(of: value) { count = value.count }
            }
        }

        final class PlantedDelegate: NSObject, NSApplicationDelegate {
            func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { false }
        }

        @MainActor func plantedPointer(_ text: Text, hovering: Bool) -> AnyView {
            if #available(macOS 15, *) { return AnyView(text.pointerStyle(.link)) }
            return AnyView(text)
        }

        """
}

/// Runs scripts/typecheck-app from inside `swift test`: never a nested `swift build` (this
/// process's `swift test` holds the build lock), the modules of the running build instead.
enum AppTypeCheck {
    static let script = ProjectFiles.root.appendingPathComponent("scripts/typecheck-app")

    /// The script runs on Linux only (it exits 2 elsewhere).
    static var runsHere: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// The build folder of the running tests: the ancestor of this test bundle that holds `debug.yaml`.
    static var scratchPath: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while folder.path != "/" {
            let yaml = folder.appendingPathComponent("debug.yaml")
            if FileManager.default.fileExists(atPath: yaml.path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return ProjectFiles.root.appendingPathComponent(".build")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let bash = try #require(ProjectFiles.tool("bash"))
        return try ProjectFiles.run(bash, [script.path, "--no-build", "--scratch-path", scratchPath.path] + arguments)
    }

    /// Checks a copy of the app's sources with `plantedFile` added as PlantedMistake.swift.
    static func runOnCopy(plantedFile: String) throws -> (status: Int32, output: String) {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("linklab-typecheck-\(UUID())")
        defer { try? FileManager.default.removeItem(at: copy) }
        let app = copy.appendingPathComponent("UniversalLinkLab")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ProjectFiles.root.appendingPathComponent("UniversalLinkLab"), to: app)
        try Data(plantedFile.utf8).write(to: app.appendingPathComponent("PlantedMistake.swift"))
        return try run(["--source-root", copy.path, "--only", "UniversalLinkLab"])
    }
}
