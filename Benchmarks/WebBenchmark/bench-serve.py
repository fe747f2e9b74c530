#!/usr/bin/env python3
"""Benchmarks `linklab serve` (docs/benchmarks.md, the web server under load). Prints numbers; asserts nothing.

    python3 Benchmarks/WebBenchmark/bench-serve.py [--linklab .build/release/linklab] [--megabytes 500]

1. A large IPA (about 200 MB; built by ../InspectBenchmark/make-large-ipa.py, needs PyPI ipasign)
   uploaded to `linklab serve --offline`: the server's peak RSS (VmHWM) and the time from the
   start of the upload to the app snapshot in GET /api/documents/ID, next to `linklab inspect`.
2. 20 documents open at once, each an IPA claiming 10 loopback HTTPS hosts (served here with
   a delay, over a CA made with openssl, reached through --resolve/--ca-file/--cdn-base):
   p50/p95/max of the API while they fetch.
"""
import argparse
import http.server
import json
import os
import re
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKE_IPA = ROOT / "Benchmarks" / "InspectBenchmark" / "make-large-ipa.py"
HOSTS = [f"h{i}.bench.test" for i in range(10)]
AASA = json.dumps({"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.big"],
                                              "components": [{"/": "/shop/*"}]}]}}).encode()


def serve(linklab, *args):
    """Starts linklab serve; returns (process, base URL, token)."""
    proc = subprocess.Popen([linklab, "serve", *args], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    match = re.fullmatch(r"UniversalLinkLab workbench: (http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{32})", line)
    if not match:
        proc.kill()
        sys.exit(f"unexpected first line: {line!r}")
    return proc, match.group(1), match.group(2)


def api(base, token, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method,
                                     headers={"Authorization": f"Bearer {token}", **(headers or {})})
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.status, response.read()


def peak_rss_mib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    return proc.wait(timeout=60)


def large_upload(linklab, workdir, megabytes, prebuilt=None):
    ipa = Path(prebuilt) if prebuilt else workdir / "large.ipa"
    if not prebuilt:
        subprocess.run([sys.executable, MAKE_IPA, ipa, str(megabytes)], check=True, stdout=subprocess.DEVNULL)
    size = ipa.stat().st_size
    inspect_times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([linklab, "inspect", ipa, "--format", "json"], check=True, stdout=subprocess.DEVNULL)
        inspect_times.append(time.perf_counter() - start)
    proc, base, token = serve(linklab, "--offline")
    try:
        idle = peak_rss_mib(proc.pid)
        start = time.perf_counter()
        status, body = api(base, token, "POST", "/api/documents", open(ipa, "rb"),
                           {"X-LinkLab-Filename": "large.ipa", "Content-Length": str(size)})
        uploaded = time.perf_counter() - start
        doc = json.loads(body)["id"]
        while True:
            _, body = api(base, token, "GET", f"/api/documents/{doc}")
            document = json.loads(body)
            if document.get("bundles") or document.get("phase") == "failed":
                break
            time.sleep(0.01)
        snapshot = time.perf_counter() - start
        peak = peak_rss_mib(proc.pid)
    finally:
        code = stop(proc)
    print(f"large IPA: {size / 1e6:.1f} MB; linklab inspect min {min(inspect_times):.2f} s")
    print(f"  serve: upload {uploaded:.2f} s, app snapshot at {snapshot:.2f} s after the upload started "
          f"({snapshot / min(inspect_times):.2f}x inspect; {(snapshot - uploaded) / min(inspect_times):.2f}x "
          f"counting from the end of the upload); phase {document.get('phase')}")
    print(f"  server peak RSS {peak:.1f} MiB (idle {idle:.1f} MiB); exit {code}")


class AASAHandler(http.server.BaseHTTPRequestHandler):
    delay = 0.2

    def do_GET(self):  # noqa: N802 (http.server's name)
        time.sleep(self.delay)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(AASA)))
        self.end_headers()
        self.wfile.write(AASA)

    def log_message(self, *args):
        pass


def make_pki(folder):
    names = ",".join(f"DNS:{host}" for host in HOSTS + ["cdn.bench.test"])
    run = lambda *a: subprocess.run(["openssl", *a], check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder / "ca.key", "-out", folder / "ca.pem",
        "-days", "2", "-subj", "/CN=LinkLab bench CA", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", folder / "site.key", "-out", folder / "site.csr",
        "-subj", "/CN=bench.test")
    (folder / "ext.cnf").write_text(f"subjectAltName={names}\nextendedKeyUsage=serverAuth\n")
    run("x509", "-req", "-in", folder / "site.csr", "-CA", folder / "ca.pem", "-CAkey", folder / "ca.key",
        "-CAcreateserial", "-out", folder / "site.pem", "-days", "2", "-extfile", folder / "ext.cnf")


def many_documents(linklab, workdir):
    make_pki(workdir)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(workdir / "site.pem", workdir / "site.key")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 443), AASAHandler)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    ipa = workdir / "ten-hosts.ipa"
    subprocess.run([sys.executable, MAKE_IPA, ipa, "1", ",".join(f"applinks:{h}" for h in HOSTS)], check=True,
                   stdout=subprocess.DEVNULL)
    data = ipa.read_bytes()
    pins = [arg for host in HOSTS + ["cdn.bench.test"] for arg in ("--resolve", f"{host}:443:127.0.0.1")]
    proc, base, token = serve(linklab, "--ca-file", str(workdir / "ca.pem"), "--cdn-base",
                              "https://cdn.bench.test/a/v1/", "--timeout", "30", *pins)
    latencies = []
    try:
        ids = []
        for index in range(20):
            _, body = api(base, token, "POST", "/api/documents", data, {"X-LinkLab-Filename": f"app{index}.ipa"})
            ids.append(json.loads(body)["id"])
        deadline = time.time() + 300
        while time.time() < deadline:
            for path in ["/api/documents"] + [f"/api/documents/{i}" for i in ids]:
                start = time.perf_counter()
                _, body = api(base, token, "GET", path)
                latencies.append((time.perf_counter() - start) * 1000)
            _, body = api(base, token, "GET", "/api/documents")
            if all(d["phase"] in ("ready", "failed") for d in json.loads(body)["documents"]):
                break
        phases = [d["phase"] for d in json.loads(body)["documents"]]
        peak = peak_rss_mib(proc.pid)
    finally:
        code = stop(proc)
        httpd.shutdown()
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    print(f"20 documents x 10 loopback hosts: {len(latencies)} API calls while fetching; "
          f"p50 {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms; "
          f"phases {sorted(set(phases))}; peak RSS {peak:.1f} MiB; exit {code}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--linklab", default=str(ROOT / ".build" / "release" / "linklab"))
    parser.add_argument("--megabytes", type=int, default=500, help="filler for make-large-ipa.py (500: ~200 MB IPA)")
    parser.add_argument("--ipa", help="an existing large IPA (skips building one)")
    parser.add_argument("--skip-large", action="store_true")
    parser.add_argument("--skip-many", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_large:
            large_upload(args.linklab, Path(tmp), args.megabytes, args.ipa)
        if not args.skip_many:
            many_documents(args.linklab, Path(tmp))


if __name__ == "__main__":
    main()
