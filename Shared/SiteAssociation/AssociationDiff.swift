/// Semantic comparison of two association files: app IDs, each app's effective rules (after
/// defaults and substitution variables), and the other services. Formatting, key order,
/// comments and dead details do not count.
public struct AssociationDiff: Sendable {
    /// True when both files decide every URL alike for every app and list the same apps.
    public var isEquivalent: Bool { changes.isEmpty }
    /// Readable differences, old → new.
    public var changes: [String]

    /// Compares `old` with `new`.
    public init(old: AssociationFile, new: AssociationFile) {
        var changes: [String] = []
        let oldApps = AssociationDiff.effectiveRules(old)
        let newApps = AssociationDiff.effectiveRules(new)
        let oldIDs = old.applinksAppIDs
        let newIDs = new.applinksAppIDs
        for appID in oldIDs where newApps[appID] == nil {
            changes.append("applinks: \(appID) removed")
        }
        for appID in newIDs where oldApps[appID] == nil {
            changes.append("applinks: \(appID) added")
        }
        for appID in oldIDs {
            guard let before = oldApps[appID], let after = newApps[appID], before != after else { continue }
            let count = max(before.count, after.count)
            var described = 0
            for index in 0..<count {
                let previous = before[safe: index]
                let next = after[safe: index]
                guard previous != next else { continue }
                described += 1
                if described > 10 { break }
                switch (previous, next) {
                case (let previous?, let next?):
                    changes.append("applinks: \(appID) rule \(index) changed: \(previous) → \(next)")
                case (let previous?, nil): changes.append("applinks: \(appID) rule \(index) removed: \(previous)")
                case (nil, let next?): changes.append("applinks: \(appID) rule \(index) added: \(next)")
                case (nil, nil): break
                }
            }
            if described > 10 { changes.append("applinks: \(appID) has further rule changes") }
        }
        let services: [(String, ServiceApps?, ServiceApps?)] = [
            ("webcredentials", old.webcredentials, new.webcredentials),
            ("appclips", old.appclips, new.appclips),
            ("activitycontinuation", old.activitycontinuation, new.activitycontinuation),
        ]
        for (name, before, after) in services {
            let previous = before?.apps ?? []
            let next = after?.apps ?? []
            for appID in previous where !next.contains(appID) { changes.append("\(name): \(appID) removed") }
            for appID in next where !previous.contains(appID) { changes.append("\(name): \(appID) added") }
        }
        self.changes = changes
    }

    /// App ID → the effective rules of its first detail, each as a canonical line.
    private static func effectiveRules(_ file: AssociationFile) -> [String: [String]] {
        guard let applinks = file.applinks else { return [:] }
        var result: [String: [String]] = [:]
        for detail in applinks.details {
            let rules = EffectiveRule.rules(of: detail, fileDefaults: applinks.defaults).map { rule -> String in
                var text = (rule.isLegacyPath ? "path " : "") + rule.effectiveText
                var patterns: [String] = []
                if let path = rule.path.pattern { patterns.append(path) }
                if let fragment = rule.fragment.pattern { patterns.append(fragment) }
                switch rule.query {
                case .pattern(let query): patterns.append(query)
                case .items(let items): patterns.append(contentsOf: items.map(\.pattern))
                case .unconstrained: break
                }
                let names = Set(patterns.flatMap { PatternPiece.variableNames(in: $0) }).sorted()
                for name in names {
                    if let values = applinks.substitutionVariables[name] {
                        text += " $(\(name))=[\(values.map { JSONValue.quoted($0) }.joined(separator: ","))]"
                    }
                }
                return text
            }
            for appID in detail.appIDs where result[appID] == nil {
                result[appID] = rules
            }
        }
        return result
    }
}
