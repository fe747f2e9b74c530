import Foundation

@testable import SiteAssociation

/// The app ID most tests ask about.
let appA = "ABCDE12345.com.example.app"
let appB = "ABCDE12345.com.example.app2"

/// Parses JSON text as a served body.
func document(_ json: String) -> AssociationDocument {
    AssociationDocument.parse(Data(json.utf8))
}

/// A file whose one detail names `appA` with `components`, plus optional defaults/variables.
func componentsFile(
    _ components: String, defaults: String? = nil, detailDefaults: String? = nil,
    variables: String? = nil
) -> String {
    var applinks: [String] = []
    if let defaults { applinks.append("\"defaults\": \(defaults)") }
    if let variables { applinks.append("\"substitutionVariables\": \(variables)") }
    var detail = "\"appIDs\": [\"\(appA)\"], \"components\": \(components)"
    if let detailDefaults { detail += ", \"defaults\": \(detailDefaults)" }
    applinks.append("\"details\": [{\(detail)}]")
    return "{\"applinks\": {\(applinks.joined(separator: ", "))}}"
}

/// A file whose one detail names `appA` with legacy `paths`.
func pathsFile(_ paths: String, defaults: String? = nil) -> String {
    let extra = defaults.map { "\"defaults\": \($0), " } ?? ""
    return "{\"applinks\": {\"apps\": [], \(extra)\"details\": [{\"appID\": \"\(appA)\", \"paths\": \(paths)}]}}"
}

/// The decision for `url` and `appID` on `domain`.
func decide(_ json: String, _ url: String, appID: String = appA, domain: String = "example.com") -> AppVerdict {
    let parsed = document(json)
    guard let file = parsed.file else {
        return AppVerdict(appID: appID, decision: .noMatch, trace: ["no file"])
    }
    return AssociationMatcher(file: file, domain: domain).decide(url: url, appID: appID)
}

/// Apple's example rule list R of spec §12.
let appleExample = """
    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
      "components": [{"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"},
                     {"/": "/help/website/*", "exclude": true}, {"/": "/help/*", "?": {"articleNumber": "????"}}]}]}}
    """
