import DeviceTools
import Testing

@Suite struct DeviceToolsModuleTests {
    @Test func moduleLinks() { _ = DeviceTools.self }
}
