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
    routes.add(
        "/.well-known/apple-app-site-association", host: hostName(index),
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

/// CPU time of the whole process (every thread: the fetcher's and the in-process test server's).
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

var single: [Double] = []
var all: [Double] = []
var singleCPU: [Double] = []
var allCPU: [Double] = []
var failures = 0
for _ in 0..<rounds {
    // A fresh client each round, so every round pays its TLS handshakes.
    let fetcher = try AssociationFetcher(configuration: configuration)
    let clock = ContinuousClock()
    var cpu = processCPUMilliseconds()
    let one = await clock.measure {
        let reports = await fetcher.fetch([hosts[0]])
        failures += reports.filter { $0.routes.first?.status != 200 }.count
    }
    singleCPU.append(processCPUMilliseconds() - cpu)
    await fetcher.shutdown()
    let fetcherAll = try AssociationFetcher(configuration: configuration)
    cpu = processCPUMilliseconds()
    let fifty = await clock.measure {
        let reports = await fetcherAll.fetch(hosts)
        failures += reports.filter { $0.routes.first?.status != 200 }.count
    }
    allCPU.append(processCPUMilliseconds() - cpu)
    await fetcherAll.shutdown()
    single.append(milliseconds(one))
    all.append(milliseconds(fifty))
}
await server.stop()

let oneMs = median(single)
let allMs = median(all)
let ratio = oneMs > 0 ? allMs / oneMs : 0
print(
    """
    FetchBenchmark: \(hostCount) hosts, \(Int(milliseconds(latency))) ms server latency each, median of \(rounds) \
    rounds
    """)
print(String(format: "  1 host:   %7.1f ms", oneMs))
print(String(format: "  %d hosts: %7.1f ms", hostCount, allMs))
print(String(format: "  ratio:    %7.2fx (target <= 1.25x)  %@", ratio, ratio <= 1.25 ? "PASS" : "OVER TARGET"))
// CPU: client and server in one process, both TLS ends of every handshake (the fetch of one
// host pays a fixed cost too: the client's TLS context, tasks, the warm-up).
let oneCPU = median(singleCPU)
let allCPUms = median(allCPU)
print(
    String(
        format: "  CPU:      1 host %.1f ms, %d hosts %.1f ms: %.2f ms per host (client + in-process server)",
        oneCPU, hostCount, allCPUms, allCPUms / Double(hostCount)))
print("  failed fetches: \(failures)")
