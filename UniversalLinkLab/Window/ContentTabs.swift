import SwiftUI

/// App / Domains / URL tester, as a segmented control above the selected tab.
struct ContentTabs: View {
    @Bindable var model: WindowModel

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                ForEach(WindowModel.Tab.allCases) { tab in
                    Button(tab.title) { model.tab = tab }
                        .buttonStyle(.borderless)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 6)
                        .background(model.tab == tab ? AnyShapeStyle(.selection) : AnyShapeStyle(.clear),
                                    in: RoundedRectangle(cornerRadius: 6))
                        .accessibilityIdentifier(tab.hook)
                        .accessibilityAddTraits(model.tab == tab ? .isSelected : [])
                }
            }
            .padding(8)
            Divider()
            switch model.tab {
            case .app: AppTab(model: model)
            case .domains: DomainsTab(model: model)
            case .urls: URLTesterTab(model: model)
            }
        }
    }
}
