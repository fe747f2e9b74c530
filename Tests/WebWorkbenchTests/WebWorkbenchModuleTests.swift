import Testing
import WebWorkbench

@Suite struct WebWorkbenchModuleTests {
    @Test func moduleLinks() { _ = WebWorkbench.self }
}
