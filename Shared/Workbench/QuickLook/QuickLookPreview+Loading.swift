import AndroidApp
import AppInspection
import Foundation

extension QuickLookPreview {
    /// How long Quick Look waits for a preview before the extension says it is out of time.
    public static let defaultDeadline: Duration = .seconds(2)
    /// The largest `.linklab` previewed (a session is decoded whole; larger ones open in the app).
    public static let maximumSessionBytes = 16 << 20
    /// The largest executable read for a preview (larger: the preview says so).
    public static let maximumExecutableBytes: UInt64 = 512 << 20

    /// What the file at `url` is, from its name, then its first bytes.
    public static func kind(of url: URL, prefix: Data) -> Kind {
        switch AppFileKind(fileName: url.lastPathComponent) {
        case .iosApp: return .app
        case .androidApp: return .android
        case .session: return .session
        case .other:
            if ["mobileprovision", "provisionprofile"].contains(url.pathExtension.lowercased()) { return .profile }
        }
        switch prefix.first {
        case UInt8(ascii: "P"): return .app
        case UInt8(ascii: "{"): return .session
        case 0x30: return .profile
        default: return .unavailable
        }
    }

    /// The preview of the file at `url`, built within `deadline` (checked between every chunk
    /// the readers read): an IPA or zipped app is read entry by entry and never held whole;
    /// its archive is not hashed. Never throws: a file that cannot be previewed gives a preview
    /// of kind `.unavailable` saying why.
    public static func make(fileAt url: URL, deadline: Duration = defaultDeadline) -> QuickLookPreview {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        let name = clean(url.lastPathComponent)
        let prefix =
            (try? FileHandle(forReadingFrom: url)).flatMap { handle in
                defer { try? handle.close() }
                return try? handle.read(upToCount: 4)
            } ?? Data()
        switch Self.kind(of: url, prefix: prefix) {
        case .app:
            var inspector = AppInspector(
                maxExecutableBytes: maximumExecutableBytes,
                shouldContinue: { clock.now < end })
            inspector.hashesArchive = false
            do {
                return app(try inspector.inspect(at: url), name: name)
            } catch .cancelled {
                return outOfTime(name: name, deadline: deadline)
            } catch .noAppBundle where url.pathExtension.lowercased() == "zip" {
                var declined = unavailable(name: name, reason: "A ZIP archive without an app.")
                declined.fallsBackToSystemPreview = true
                return declined
            } catch {
                return unavailable(name: name, reason: "Not readable as an app: \(error.description)")
            }
        case .android:
            // The APK reader reads a bounded amount (AndroidLimits) and cannot be interrupted:
            // the deadline is checked once it returned.
            do {
                let snapshot = try APKInspector.inspect(fileAt: url)
                guard clock.now < end else { return outOfTime(name: name, deadline: deadline) }
                return android(snapshot, name: name)
            } catch {
                return unavailable(name: name, reason: "Not readable as an Android app: \(error.description)")
            }
        case .profile:
            guard let data = read(url, limit: ProvisioningProfile.maxBytes) else {
                return unavailable(
                    name: name,
                    reason: "Not readable, or larger than "
                        + "\(ProvisioningProfile.maxBytes >> 20) MiB: not a provisioning profile.")
            }
            do {
                return profile(try ProvisioningProfile.parse(data), name: name)
            } catch {
                return unavailable(name: name, reason: "Not readable as a provisioning profile: \(error.description)")
            }
        case .session:
            guard let data = read(url, limit: maximumSessionBytes) else {
                return unavailable(
                    name: name,
                    reason: "Not readable, or larger than \(maximumSessionBytes >> 20) MiB: "
                        + "open it in UniversalLinkLab.")
            }
            do {
                let session = try SessionFile.read(data)
                guard clock.now < end else { return outOfTime(name: name, deadline: deadline) }
                return self.session(session, name: name)
            } catch {
                return unavailable(
                    name: name,
                    reason: "Not readable as a UniversalLinkLab session: \(error.description)")
            }
        case .unavailable:
            return unavailable(
                name: name,
                reason: "Not an IPA, a zipped app, an APK, a provisioning profile or a session.")
        }
    }

    /// At most `limit` bytes of the file, or nil when it is larger or unreadable.
    static func read(_ url: URL, limit: Int) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit else { return nil }
        return data
    }

    static func unavailable(name: String, reason: String) -> QuickLookPreview {
        QuickLookPreview(kind: .unavailable, title: name, notices: [Notice(.error, clean(reason))])
    }

    static func outOfTime(name: String, deadline: Duration) -> QuickLookPreview {
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        let shown = seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
        return unavailable(
            name: name,
            reason: "The preview could not finish within \(shown) (a large file): "
                + "open it in UniversalLinkLab to inspect it.")
    }
}
