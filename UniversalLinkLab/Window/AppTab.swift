import SwiftUI
import Workbench

/// The bundles of the app: identifiers, versions and their associated-domains claims.
struct AppTab: View {
    let model: WindowModel

    var body: some View {
        if let app = model.document.app {
            List {
                ForEach(app.bundles.map(BundleCard.init), id: \.path) { card in
                    VStack(alignment: .leading, spacing: 6) {
                        Text(card.title).font(.headline)
                        ForEach(card.lines, id: \.self) { line in
                            Text(line).font(.callout).textSelection(.enabled)
                        }
                        if !card.claims.isEmpty {
                            Text("Associated domains").font(.subheadline.weight(.semibold)).padding(.top, 4)
                            ForEach(card.claims, id: \.self) { claim in
                                Text(claim).font(.callout.monospaced()).textSelection(.enabled)
                            }
                        }
                    }
                    .padding(.vertical, 6)
                    .accessibilityElement(children: .contain)
                    .accessibilityIdentifier("bundle")
                }
            }
        } else {
            EmptyDocumentView(model: model)
        }
    }
}

/// Shown before anything is loaded, or when opening failed.
struct EmptyDocumentView: View {
    let model: WindowModel

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "shippingbox").font(.system(size: 40)).foregroundStyle(.secondary)
            Text(PhaseStatus(model.document.phase).text).foregroundStyle(.secondary)
            Text("Drop an .ipa or a .linklab session here, or onto the Dock icon.")
                .font(.callout).foregroundStyle(.tertiary)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("drop-zone")
    }
}
