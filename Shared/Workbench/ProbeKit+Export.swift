import DeviceTools
import Foundation
import Reports

// The probe kit's files: a listing, a device script, a Frida script and the test-link page.
extension ProbeKit {
    /// The files `scan --probes FILE` writes, by the name's ending.
    public enum FileKind: String, Sendable, CaseIterable {
        /// `.probes.sh`: runs each probe on a booted Simulator or an `adb` device, one by one, and
        /// records what the tester saw.
        case script = ".probes.sh"
        /// `.probes.js`: a Frida script that logs what the handler receives and then loads or opens.
        case frida = ".probes.js"
        /// `.probes.html`: the test-link page (QR codes) of the probes.
        case page = ".probes.html"
        /// `.probes.json`: the kit as JSON.
        case json = ".probes.json"
        /// `.probes.txt`: the listing `scan` prints.
        case text = ".probes.txt"

        /// Its name in a URL and a hook (`script`, `frida`, `page`, `json`, `text`).
        public var name: String { String(describing: self) }

        /// Its word on a download button.
        public var label: String {
            switch self {
            case .script: "Script"
            case .frida: "Frida"
            case .page: "Page"
            case .json: "JSON"
            case .text: "Text"
            }
        }

        /// The media type a download of it carries.
        public var mediaType: String {
            switch self {
            case .script: "text/x-shellscript; charset=utf-8"
            case .frida: "text/javascript; charset=utf-8"
            case .page: "text/html; charset=utf-8"
            case .json: "application/json; charset=utf-8"
            case .text: "text/plain; charset=utf-8"
            }
        }

        /// The kind `name` names, nil for another.
        public init?(name: String) {
            guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = kind
        }

        /// The kind a file name ends with, nil for another name.
        public init?(fileName: String) {
            guard let kind = Self.allCases.first(where: { fileName.lowercased().hasSuffix($0.rawValue) }) else {
                return nil
            }
            self = kind
        }
    }

    /// The bytes of one probe file.
    public func file(_ kind: FileKind, title: String, toolVersion: String = Workbench.version) throws -> Data {
        switch kind {
        case .script: Data(script(title: title, toolVersion: toolVersion).utf8)
        case .frida: Data(fridaScript(title: title, toolVersion: toolVersion).utf8)
        case .page: Data(page(title: title, toolVersion: toolVersion).html().utf8)
        case .json: try JSONOutput.encode(self) + Data("\n".utf8)
        case .text: Data(text.utf8)
        }
    }

    /// One probe per paragraph: ID, platform, kind, URL, the claim, why, what to watch.
    public var text: String {
        var lines = ["\(probes.count) probe\(probes.count == 1 ? "" : "s") (attacker host \(attackerHost))"]
        for probe in probes {
            lines.append("")
            lines.append("\(probe.id) [\(probe.platform)] \(probe.kind.rawValue): \(TerminalText.safe(probe.url))")
            lines.append("  claim: \(TerminalText.safe(probe.claim))")
            lines.append("  why: \(TerminalText.safe(probe.why)); OS: \(TerminalText.safe(probe.predicted))")
            lines.append("  watch: \(probe.watch)")
        }
        if omitted > 0 { lines.append("\n\(omitted) more probes left out (at most \(Self.maxProbes)).") }
        for note in notes { lines.append("note: \(TerminalText.safe(note))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The test-link page: every probe a link (with its QR code where one fits), its note saying
    /// what to watch. A probe is expected to reach the app; what the app then does is the test.
    public func page(title: String, toolVersion: String) -> TestLinkPage {
        TestLinkPage(
            title: "Probe links: \(title)",
            introduction: "Each link reaches the app's link handler with a hostile value. Tap it on the device "
                + "(iOS: from another app, not Safari's address bar), watch what the app does, and record the "
                + "outcome. Redirect probes point at \(attackerHost).",
            links: probes.map { probe in
                TestLinkPage.Link(
                    url: probe.url, expectation: .opensApp,
                    note: "\(probe.id) [\(probe.platform)] \(probe.kind.rawValue): \(probe.watch) "
                        + "(\(probe.claim); \(probe.why))")
            },
            generatedBy: "UniversalLinkLab \(toolVersion) (handler probe kit)")
    }

    /// A POSIX shell script that opens each probe — `xcrun simctl openurl booted URL` for iOS,
    /// `adb shell am start … -d URL` for Android (the `DeviceTools` builders' arguments, so the
    /// URL is quoted for the device's shell as well as this one) — waits for the tester, and
    /// appends `ID<TAB>outcome<TAB>note<TAB>digest` to the results file (`$1`, default
    /// `probe-results.tsv`), which `observations(from:)` reads back. `PLATFORM=ios|android` runs
    /// one platform's probes; `ADB` names adb.
    public func script(title: String, toolVersion: String) -> String {
        var lines = [
            "#!/bin/sh",
            "# Probe links for \(Self.comment(title)),",
            "# made by UniversalLinkLab \(toolVersion) (handler probe kit).",
            "# Opens each probe on a booted Simulator (iOS) or the adb device (Android), one by one; after each,",
            "# type what happened: e = as expected (safe), v = vulnerable, n = never reached the app, s = skip.",
            "# Results: ID<TAB>outcome<TAB>note<TAB>kit lines appended to $1 (default probe-results.tsv);",
            "# linklab scan … --probe-results FILE turns the vulnerable ones into PRB-001 findings.",
            "set -u",
            "KIT=\(digest)",
            "RESULTS=\"${1:-probe-results.tsv}\"",
            "ADB=\"${ADB:-adb}\"",
            "ONLY=\"${PLATFORM:-}\"",
            "probe() {",
            "  id=\"$1\"; platform=\"$2\"; watch=\"$3\"; shift 3",
            "  [ -n \"$ONLY\" ] && [ \"$ONLY\" != \"$platform\" ] && return 0",
            "  printf '\\n%s [%s]\\n  watch: %s\\n' \"$id\" \"$platform\" \"$watch\"",
            "  \"$@\" || printf '  the command failed (exit %s)\\n' \"$?\"",
            "  printf '  outcome [e/v/n/s]: '; read -r outcome || exit 0",
            "  case \"$outcome\" in e) outcome=expected ;; v) outcome=vulnerable ;; n) outcome=not-reached ;;"
                + " *) return 0 ;; esac",
            "  printf '  note: '; read -r note || note=''",
            "  clean=$(printf '%s' \"$note\" | tr '\\t' ' ')",
            "  printf '%s\\t%s\\t%s\\t%s\\n' \"$id\" \"$outcome\" \"$clean\" \"$KIT\" \\",
            "    >> \"$RESULTS\"",
            "}",
        ]
        var skipped: [String] = []
        for probe in probes {
            let words: [String]
            do throws(ToolInputError) {
                if probe.platform == "android" {
                    let command = try AndroidDeviceCommands.openURL(probe.url, adb: "/adb")
                    words = ["\"$ADB\""] + command.arguments.map(ToolCommand.shellQuoted)
                } else {
                    let command = try SimulatorCommands.openURL(probe.url)
                    words = ["xcrun"] + command.arguments.map(ToolCommand.shellQuoted)
                }
            } catch {
                skipped.append("\(probe.id): \(error.description)")
                continue
            }
            lines.append(
                "probe \(probe.id) \(probe.platform) \(ToolCommand.shellQuoted(probe.watch)) "
                    + words.joined(separator: " "))
        }
        for line in skipped { lines.append("# not run: \(Self.comment(line))") }
        lines.append("printf '\\nDone: results in %s\\n' \"$RESULTS\"")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Frida script (`frida -U -f APP -l FILE`) that logs each URL the app's link handlers
    /// receive and each URL it then loads in a web view, opens, or shows in Safari — iOS:
    /// `continueUserActivity`, `openURL:options:`, `openURLContexts:`, `-[WKWebView loadRequest:]`,
    /// `-[UIApplication openURL:options:completionHandler:]`, `SFSafariViewController`; Android:
    /// the intent data of every activity created or given a new intent, `WebView.loadUrl`,
    /// `startActivity` — naming the probe a received URL is.
    public func fridaScript(title: String, toolVersion: String) -> String {
        // One entry per URL: the iOS and the Android kit may hold the same link.
        var order: [String] = []
        var ids: [String: [String]] = [:]
        for probe in probes {
            if ids[probe.url] == nil { order.append(probe.url) }
            ids[probe.url, default: []].append(probe.id)
        }
        let entries = order.map { url in
            "  [\(Self.jsString(url)), \(Self.jsString(ids[url, default: []].joined(separator: ", ")))],"
        }
        return """
            // Probe kit for \(Self.comment(title)), made by UniversalLinkLab \(toolVersion) (handler probe kit).
            // Run: frida -U -f BUNDLE_ID_OR_PACKAGE -l THIS_FILE, then open the probes (the .probes.sh script).
            'use strict';
            const PROBES = new Map([
            \(entries.joined(separator: "\n"))
            ]);

            function log(what, url) {
              if (url === null || url === undefined) return;
              const text = String(url);
              const id = PROBES.get(text);
              console.log('[linklab] ' + what + ': ' + text + (id ? ' (probe ' + id + ')' : ''));
            }

            function hookObjC(pattern, what, read) {
              const resolver = new ApiResolver('objc');
              for (const match of resolver.enumerateMatches(pattern)) {
                Interceptor.attach(match.address, {
                  onEnter(args) {
                    try { read(args).forEach(url => log(what, url)); } catch (e) { console.log('[linklab] ' + e); }
                  }
                });
              }
            }

            function nsURL(pointer) {
              if (pointer.isNull()) return [];
              const url = new ObjC.Object(pointer);
              return [url.absoluteString().toString()];
            }

            function activityURL(pointer) {
              const activity = new ObjC.Object(pointer);
              const url = activity.webpageURL();
              return url === null ? [] : [url.absoluteString().toString()];
            }

            if (ObjC.available) {
              hookObjC('-[* application:continueUserActivity:restorationHandler:]', 'received (universal link)',
                args => activityURL(args[3]));
              hookObjC('-[* scene:continueUserActivity:]', 'received (universal link)', args => activityURL(args[3]));
              hookObjC('-[* application:openURL:options:]', 'received (URL)', args => nsURL(args[3]));
              hookObjC('-[* scene:openURLContexts:]', 'received (URL)', args => {
                const contexts = new ObjC.Object(args[3]).allObjects();
                const urls = [];
                for (let i = 0; i < contexts.count(); i++) {
                  urls.push(contexts.objectAtIndex_(i).URL().absoluteString().toString());
                }
                return urls;
              });
              hookObjC('-[WKWebView loadRequest:]', 'web view loads', args => {
                const url = new ObjC.Object(args[2]).URL();
                return url === null ? [] : [url.absoluteString().toString()];
              });
              hookObjC('-[UIApplication openURL:options:completionHandler:]', 'app opens', args => nsURL(args[2]));
              hookObjC('-[SFSafariViewController initWithURL:]', 'Safari view opens', args => nsURL(args[2]));
              hookObjC('-[SFSafariViewController initWithURL:configuration:]', 'Safari view opens',
                args => nsURL(args[2]));
            }

            if (typeof Java !== 'undefined' && Java.available) {
              Java.perform(() => {
                const Activity = Java.use('android.app.Activity');
                Activity.onCreate.overload('android.os.Bundle').implementation = function (state) {
                  const intent = this.getIntent();
                  if (intent !== null) log('received (' + this.getClass().getName() + ')', intent.getDataString());
                  return this.onCreate(state);
                };
                Activity.onNewIntent.overload('android.content.Intent').implementation = function (intent) {
                  if (intent !== null) log('received (' + this.getClass().getName() + ')', intent.getDataString());
                  return this.onNewIntent(intent);
                };
                Activity.startActivity.overload('android.content.Intent').implementation = function (intent) {
                  if (intent !== null) log('app opens', intent.getDataString());
                  return this.startActivity(intent);
                };
                const WebView = Java.use('android.webkit.WebView');
                WebView.loadUrl.overload('java.lang.String').implementation = function (url) {
                  log('web view loads', url);
                  return this.loadUrl(url);
                };
                WebView.loadUrl.overload('java.lang.String', 'java.util.Map').implementation = function (url, headers) {
                  log('web view loads', url);
                  return this.loadUrl(url, headers);
                };
              });
            }

            """
    }

    /// `text` as a JavaScript string literal (JSON's escapes, plus U+2028/U+2029 and `<`).
    static func jsString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028
                || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` safe inside a one-line `#` or `//` comment: line breaks and control characters become spaces.
    static func comment(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
                        ? " " : scalar
                }))
    }
}
