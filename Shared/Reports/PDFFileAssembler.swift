import Foundation

/// Turns laid-out pages into PDF objects: catalog, page tree, fonts, content streams with
/// header and "page N of M" footer, link annotations, outline, document information.
struct PDFFileAssembler {
    let document: ReportDocument
    let composer: PDFComposer

    func bytes() -> [UInt8] {
        var writer = PDFWriter()
        let catalog = writer.reserve()
        let pageTree = writer.reserve()
        var fontObjects: [String] = []
        let differences = EmbeddedFonts.differences.map { "\($0.code) /\($0.name)" }.joined(separator: " ")
        let encoding = writer.add("<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [\(differences)] >>")
        for font in PDFFont.allCases {
            let embedded = font.embedded
            let file = writer.addStream(
                embedded.compressed,
                extraDictionary: " /Filter /FlateDecode /Length1 \(embedded.length)")
            let descriptor = writer.add(
                "<< /Type /FontDescriptor /FontName /\(embedded.name) /Flags \(embedded.flags) "
                    + "/FontBBox [\(embedded.bbox.map(String.init).joined(separator: " "))] "
                    + "/ItalicAngle \(PDFNumber.format(embedded.italicAngle)) /Ascent \(embedded.ascent) "
                    + "/Descent \(embedded.descent) /CapHeight \(embedded.capHeight) /StemV \(embedded.stemV) "
                    + "/FontFile2 \(file) 0 R >>")
            let widths = embedded.widths[32...255].map(String.init).joined(separator: " ")
            let number = writer.add(
                "<< /Type /Font /Subtype /TrueType /BaseFont /\(embedded.name) /FirstChar 32 "
                    + "/LastChar 255 /Widths [\(widths)] /FontDescriptor \(descriptor) 0 R "
                    + "/Encoding \(encoding) 0 R >>")
            fontObjects.append("/\(font.resourceName) \(number) 0 R")
        }
        let resources = writer.add("<< /Font << \(fontObjects.joined(separator: " ")) >> /ProcSet [/PDF /Text] >>")

        let pages = composer.pages
        let total = pages.count
        let pageNumbers = pages.map { _ in writer.reserve() }
        for (index, laidOut) in pages.enumerated() {
            let content = laidOut.content + decorations(pageIndex: index, total: total)
            let stream = writer.addStream(Array(content.utf8))
            var annotations: [String] = []
            for link in laidOut.links {
                let rect = link.rect.map(PDFNumber.format).joined(separator: " ")
                let annotation = writer.add(
                    "<< /Type /Annot /Subtype /Link /Rect [\(rect)] /Border [0 0 0] "
                        + "/A << /S /URI /URI \(PDFStringLiteral.make(text: link.uri)) >> >>")
                annotations.append("\(annotation) 0 R")
            }
            var dictionary =
                "<< /Type /Page /Parent \(pageTree) 0 R /MediaBox [0 0 \(PDFNumber.format(composer.pageWidth)) "
                + "\(PDFNumber.format(composer.pageHeight))] /Resources \(resources) 0 R /Contents \(stream) 0 R"
            if !annotations.isEmpty { dictionary += " /Annots [\(annotations.joined(separator: " "))]" }
            writer.set(pageNumbers[index], dictionary + " >>")
        }
        let kids = pageNumbers.map { "\($0) 0 R" }.joined(separator: " ")
        writer.set(pageTree, "<< /Type /Pages /Kids [\(kids)] /Count \(total) >>")

        var catalogBody = "<< /Type /Catalog /Pages \(pageTree) 0 R"
        if let outlines = outline(&writer, pageNumbers: pageNumbers) {
            catalogBody += " /Outlines \(outlines) 0 R /PageMode /UseOutlines"
        }
        writer.set(catalog, catalogBody + " >>")

        var info = """
            << /Title \(PDFStringLiteral.utf16(document.title)) \
            /Producer \(PDFStringLiteral.utf16(document.generatedBy))
            """
        if let date = document.generatedAt {
            let components =
                Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
            let stamp = [
                components.year ?? 1970, components.month ?? 1, components.day ?? 1,
                components.hour ?? 0, components.minute ?? 0, components.second ?? 0,
            ]
            .enumerated().map { String($0.element).leftPadded(to: $0.offset == 0 ? 4 : 2) }.joined()
            info += " /CreationDate (D:\(stamp)Z)"
        }
        let infoObject = writer.add(info + " >>")
        return writer.bytes(root: catalog, info: infoObject)
    }

    /// Running header (pages after the first) and footer (all pages).
    private func decorations(pageIndex: Int, total: Int) -> String {
        var decor = PDFComposer()
        decor.newPage()
        let size = 7.5
        let left = composer.marginLeft
        let right = composer.pageWidth - composer.marginRight
        if pageIndex > 0 {
            let headerBaseline = composer.pageHeight - 40
            let title =
                PDFComposer.wrap(
                    document.title, font: .regular, size: size,
                    width: composer.contentWidth * 0.7
                ).first ?? []
            decor.drawText(title, x: left, baseline: headerBaseline, font: .regular, size: size, color: .muted)
            let tag = WinAnsi.encode(document.kind)
            decor.drawText(
                tag, x: right - PDFFontMetrics.width(of: tag, font: .regular, size: size),
                baseline: headerBaseline,
                font: .regular, size: size, color: .muted)
            decor.line(from: (left, headerBaseline - 6), to: (right, headerBaseline - 6))
        }
        let footerBaseline = 36.0
        decor.line(from: (left, footerBaseline + 10), to: (right, footerBaseline + 10))
        var generated = document.generatedBy
        if let date = document.generatedAtText { generated += " - " + date }
        let generatedLine =
            PDFComposer.wrap(generated, font: .regular, size: size, width: composer.contentWidth * 0.7).first ?? []
        decor.drawText(generatedLine, x: left, baseline: footerBaseline, font: .regular, size: size, color: .muted)
        let number = WinAnsi.encode("page \(pageIndex + 1) of \(total)")
        decor.drawText(
            number, x: right - PDFFontMetrics.width(of: number, font: .regular, size: size),
            baseline: footerBaseline,
            font: .regular, size: size, color: .muted)
        return decor.pages.first?.content ?? ""
    }

    /// A flat outline: one bookmark per section. Returns the outline root, nil when empty.
    private func outline(_ writer: inout PDFWriter, pageNumbers: [Int]) -> Int? {
        let entries = composer.outline.filter { $0.page < pageNumbers.count }
        guard !entries.isEmpty else { return nil }
        let root = writer.reserve()
        let items = entries.map { _ in writer.reserve() }
        for (index, entry) in entries.enumerated() {
            var body =
                "<< /Title \(PDFStringLiteral.utf16(entry.title)) /Parent \(root) 0 R "
                + "/Dest [\(pageNumbers[entry.page]) 0 R /XYZ 0 \(PDFNumber.format(entry.top)) 0]"
            if index > 0 { body += " /Prev \(items[index - 1]) 0 R" }
            if index + 1 < items.count { body += " /Next \(items[index + 1]) 0 R" }
            writer.set(items[index], body + " >>")
        }
        writer.set(
            root,
            """
            << /Type /Outlines /First \(items[0]) 0 R /Last \(items[items.count - 1]) 0 R /Count \(items.count) >>
            """)
        return root
    }
}
