// Fetch concurrency benchmark: one loopback HTTPS server answers for 50 hosts, each
// answer delayed 200 ms. Fetching all 50 should take about as long as fetching one.
// Run: swift run -c release FetchBenchmark
import AssociationFetch
import Foundation
import TestServer

let hostCount = 50
let latency = Duration.milliseconds(200)
let rounds = 3

func hostName(_ index: Int) -> String { "h\(index).bench.test" }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

let pki = try TestPKI(hostNames: ["*.bench.test"])
var routes = TestRoutes()
for index in 0..<hostCount {
    routes.add("/.well-known/apple-app-site-association", host: hostName(index),
               .delayedHeaders(latency, then: .file(TestAssociationBodies.good)))
}
let server = try await TestHTTPSServer.start(routes: routes, identity: pki.serverIdentity)
let caFile = try pki.writeCAFile()
defer { try? FileManager.default.removeItem(at: caFile) }

var configuration = FetchConfiguration()
configuration.routes = [.origin]
configuration.browserProbe = false
configuration.caFile = caFile.path
configuration.resolve = (0..<hostCount).map { ResolvePin(host: hostName($0), port: server.port, address: "127.0.0.1") }
let hosts = try (0..<hostCount).map { try FetchHost.parse("\(hostName($0)):\(server.port)") }

var single: [Double] = []
var all: [Double] = []
var failures = 0
for _ in 0..<rounds {
    // A fresh client each round, so every round pays its TLS handshakes.
    let fetcher = try AssociationFetcher(configuration: configuration)
    let clock = ContinuousClock()
    let one = await clock.measure {
        let reports = await fetcher.fetch([hosts[0]])
        failures += reports.filter { $0.routes.first?.status != 200 }.count
    }
    await fetcher.shutdown()
    let fetcherAll = try AssociationFetcher(configuration: configuration)
    let fifty = await clock.measure {
        let reports = await fetcherAll.fetch(hosts)
        failures += reports.filter { $0.routes.first?.status != 200 }.count
    }
    await fetcherAll.shutdown()
    single.append(milliseconds(one))
    all.append(milliseconds(fifty))
}
await server.stop()

let oneMs = median(single)
let allMs = median(all)
let ratio = oneMs > 0 ? allMs / oneMs : 0
print("FetchBenchmark: \(hostCount) hosts, \(Int(milliseconds(latency))) ms server latency each, median of \(rounds) rounds")
print(String(format: "  1 host:   %7.1f ms", oneMs))
print(String(format: "  %d hosts: %7.1f ms", hostCount, allMs))
print(String(format: "  ratio:    %7.2fx (target <= 1.50x)  %@", ratio, ratio <= 1.5 ? "PASS" : "OVER TARGET"))
print("  failed fetches: \(failures)")
