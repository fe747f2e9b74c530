// Prints the Swift source of SiteAssociation's `$(region)` and `$(lang)` tables from
// Foundation's locale data. Run through scripts/generate-locale-tables.sh; do not edit the
// generated file by hand.
import Foundation

// `$(region)`: the two-letter ISO 3166-1 codes, as NSLocale.ISOCountryCodes lists them
// (Foundation's list also carries UN M.49 numeric areas such as "001"; those are not
// country codes and are left out).
let regions = Locale.Region.isoRegions
    .map(\.identifier)
    .filter { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isUppercase } }
// `$(lang)`: every ISO 639 code Foundation knows (two- and three-letter), as
// NSLocale.ISOLanguageCodes lists them.
let languages = Locale.LanguageCode.isoLanguageCodes
    .map(\.identifier)
    .filter { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLowercase } }

func literal(_ codes: [String]) -> String {
    var lines: [String] = []
    var line = "       "
    for code in Set(codes).sorted() {
        let item = " \"\(code)\","
        if line.count + item.count > 96 { lines.append(line); line = "       " }
        line += item
    }
    lines.append(line)
    return lines.joined(separator: "\n")
}

print("""
// GENERATED FILE — do not edit. Produced by scripts/generate-locale-tables.sh
// (scripts/generate-locale-tables.swift) from Foundation's locale data
// (Locale.Region.isoRegions, Locale.LanguageCode.isoLanguageCodes).
// \(Set(regions).count) region codes, \(Set(languages).count) language codes.

/// The values of the built-in substitution variables `$(region)` and `$(lang)`.
enum LocaleTables {
    /// ISO 3166-1 alpha-2 region codes (`GB` is in the list, `UK` is not).
    static let regions: [String] = [
\(literal(regions))
    ]

    /// ISO 639 language codes (two- and three-letter).
    static let languages: [String] = [
\(literal(languages))
    ]
}
""")
