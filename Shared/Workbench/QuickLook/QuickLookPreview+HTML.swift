import Reports

extension QuickLookPreview {
    /// The preview as one self-contained HTML page (inline style, no script, no external
    /// resource, every text escaped): what the extension hands to Quick Look.
    public var html: String {
        var out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        out += "<title>" + HTMLEscape.text(title) + "</title><style>" + Self.style + "</style></head>\n"
        out += "<body class=\"\(kind.rawValue)\">\n<h1>" + HTMLEscape.text(title) + "</h1>\n"
        if !subtitle.isEmpty { out += "<p class=\"subtitle\">" + HTMLEscape.text(subtitle) + "</p>\n" }
        for notice in notices {
            out += "<p class=\"notice \(notice.tone.rawValue)\">" + HTMLEscape.text(notice.text) + "</p>\n"
        }
        for section in sections {
            out += "<section><h2>" + HTMLEscape.text(section.title) + "</h2>\n<table>\n"
            for row in section.rows {
                out += "<tr class=\"\(row.tone.rawValue)\"><th>" + HTMLEscape.text(row.label) + "</th><td>"
                out += HTMLEscape.text(row.value)
                if !row.details.isEmpty {
                    out += "<ul>" + row.details.map { "<li>" + HTMLEscape.text($0) + "</li>" }.joined() + "</ul>"
                }
                out += "</td></tr>\n"
            }
            out += "</table></section>\n"
        }
        return out + "<footer>UniversalLinkLab</footer>\n</body></html>\n"
    }

    private static let style = """
        body{font:13px -apple-system,system-ui,sans-serif;margin:16px;color:#1d1d1f;background:#fff}\
        h1{font-size:20px;margin:0}h2{font-size:14px;margin:16px 0 4px;border-bottom:1px solid #ddd}\
        .subtitle{color:#666;margin:2px 0 8px}table{border-collapse:collapse;width:100%}\
        th{text-align:left;font-weight:500;color:#555;width:30%;padding:2px 8px 2px 0;vertical-align:top}\
        td{padding:2px 0;word-break:break-all}ul{margin:2px 0;padding-left:16px;color:#555}\
        tr.good td{color:#1a7f37}tr.warning td{color:#9a6700}tr.error td{color:#cf222e}\
        .notice{padding:6px 8px;border-radius:4px;background:#f6f8fa}.notice.error{background:#ffebe9}\
        .notice.warning{background:#fff8c5}footer{margin-top:16px;color:#999;font-size:11px}\
        @media (prefers-color-scheme:dark){body{background:#1e1e1e;color:#eee}th,.subtitle,ul{color:#aaa}\
        .notice{background:#333}.notice.error{background:#5a1d1d}.notice.warning{background:#4d3d00}}
        """
}
