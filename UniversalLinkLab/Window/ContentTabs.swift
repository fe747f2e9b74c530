import SwiftUI

/// App / Domains / URL tester / Probes: a segmented control above the selected tab.
struct ContentTabs: View {
    @Bindable var model: WindowModel

    var body: some View {
        VStack(spacing: 0) {
            Picker("View", selection: $model.tab) {
                ForEach(WindowModel.Tab.allCases) { tab in
                    Text(tab.title).tag(tab).accessibilityIdentifier(tab.hook)
                }
            }
            .pickerStyle(.segmented)
            .labelsHidden()
            .fixedSize()
            .padding(8)
            Divider()
            switch model.tab {
            case .app: AppTab(model: model)
            case .domains: DomainsTab(model: model)
            case .urls: URLTesterTab(model: model)
            case .probes: ProbesTab(model: model)
            }
        }
    }
}
