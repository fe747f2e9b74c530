#!/usr/bin/env python3
"""The web workbench at scale (issue 26, items 10 and 11). Prints numbers; asserts nothing.

    python3 Benchmarks/WebBenchmark/bench-scale.py [--linklab .build/release/linklab] [--runs 3]
        [--only urls|triage] [--lines 5000] [--shown N]

(`--shown 2000` for a build whose page shows at most 2,000 lines of a list, as before issue 26:
the every-row time is then the time to those.)

Needs Debian chromium + chromium-driver and PyPI selenium (UITests/web/run.sh installs them).

1. A 5,000-line URL list (the sample's four hosts, a tenth of the lines with a `!` or `=`
   expectation) decided on Samples/LinkLabSample.ipa with `--aasa Samples/aasa`, in a real
   headless Chromium: the time from the click on "Decide the list" to the first verdict row on
   screen and to every row on screen (both measured in the page, on the frame that shows them),
   and the bytes the page fetched for that change (Resource Timing: body sizes). Then the bytes
   of one whole view reload (GET …/view), and `linklab scan … --urls` on the same list (the CLI's
   time, process start included).
2. An association file with 300 details (1,200 findings: AASA-014, -016, -018): the time from the
   click on "Save triage" to the sidebar row showing the new triage (measured in the page), and
   the bytes fetched for that change.
"""
import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_IPA = ROOT / "Samples" / "LinkLabSample.ipa"
SAMPLE_AASA = ROOT / "Samples" / "aasa"

PATHS = {
    "example.com": ["/buy/{n}", "/help/{n}?articleNumber=4815", "/help/website/{n}", "/wwdc/{n}", "/other/{n}",
                    "/buy/{n}#no_universal_links"],
    "shop.example.com": ["/shop/shoes/{n}", "/shop/checkout/pay{n}", "/?ref={n}", "/files/public/{n}.pdf"],
    "example.org": ["/open/item/{n}", "/open/admin/{n}", "/track/{n}?campaign=spring", "/login{n}"],
    "go.example.net": ["/promo/{n}", "/x/{n}"],
}


def url_list(count):
    """`count` lines over the sample's hosts; every 20th line `!`, every 20th (offset 10) `=`."""
    hosts = list(PATHS)
    lines = []
    for n in range(count):
        host = hosts[n % len(hosts)]
        patterns = PATHS[host]
        url = f"https://{host}" + patterns[(n // len(hosts)) % len(patterns)].format(n=n)
        prefix = "! " if n % 20 == 0 else "= " if n % 20 == 10 else ""
        lines.append(prefix + url)
    return "\n".join(lines)


def many_findings_aasa(details=300):
    """An association file whose every detail gives AASA-014, -016 and two AASA-018 rows."""
    return json.dumps({"applinks": {"details": [
        {"appIDs": [f"T{i:09d}.com.example.a{i}"],
         "components": [{"/": "/*"}, {"/": f"/dead{i}/*"}, {"/": f"/x{i}", "?": {"a": 1}}]}
        for i in range(details)]}}).encode()


class Serve:
    def __init__(self, linklab, *extra):
        self.process = subprocess.Popen([linklab, "serve", "--port", "0", "--offline", *extra], cwd=ROOT,
                                        stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        match = re.fullmatch(r"UniversalLinkLab workbench: (http://127\.0\.0\.1:\d+)/\?token=(\S+)", line)
        if not match:
            self.process.kill()
            sys.exit(f"unexpected first line: {line!r}")
        self.base, self.token = match.group(1), match.group(2)

    def request(self, method, path, body=None, headers=None):
        request = urllib.request.Request(self.base + path, data=body, method=method,
                                         headers={"Authorization": f"Bearer {self.token}", **(headers or {})})
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.read()

    def wait_ready(self, document_id):
        for _ in range(600):
            view = json.loads(self.request("GET", f"/api/documents/{document_id}/view"))
            if view["phase"]["phase"] in ("ready", "failed"):
                return view
            time.sleep(0.1)
        sys.exit("the document did not get ready")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def chrome():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,900",
                     "--disable-gpu", "--no-first-run", "--disable-extensions"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options,
                              service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
    driver.set_script_timeout(120)
    return driver


def open_page(driver, serve, document_id, tab):
    driver.get(f"{serve.base}/?token={serve.token}#/doc/{document_id}?tab={tab}")
    for _ in range(600):
        if driver.execute_script("return document.getElementById('document-status')?.dataset.phase") == "ready":
            return
        time.sleep(0.05)
    sys.exit("the page did not show the document")


# Clicks Decide with `lines` in the box; resolves with the times (ms after the click) of the first
# frame showing a row of the list and of the first frame showing `expected` rows, and the bytes of
# every response the page received in the 1.5 s after every row was there.
DECIDE_SCRIPT = r"""
const [lines, expected, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const box = document.querySelector('[data-testid="url-lines"]');
box.value = lines;
box.dispatchEvent(new Event('input', { bubbles: true }));
// A live collection: counting it each frame costs the page nothing measurable (the header row aside).
const live = document.getElementById('list-verdicts').getElementsByTagName('tr');
const rows = () => Math.max(0, live.length - 1);
const before = rows();
performance.clearResourceTimings();
performance.setResourceTimingBufferSize(10000);
let start = null;
let first = null;
function frame() {
  const count = rows();
  const now = performance.now() - start;
  if (first === null && count > 0 && count !== before) first = now;
  if (count >= expected) {
    const all = now;
    setTimeout(() => {
      const entries = performance.getEntriesByType('resource');
      const bytes = entries.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
      done({ first, all, rows: count, bytes, requests: entries.map((e) => [e.name.replace(location.origin, ''), e.encodedBodySize]) });
    }, 1500);
    return;
  }
  if (now > 60000) { done({ first, all: null, rows: count, bytes: null, requests: [] }); return; }
  requestAnimationFrame(frame);
}
// The pasted text is laid out first (as it is long before a tester clicks Decide).
box.getBoundingClientRect();
requestAnimationFrame(() => requestAnimationFrame(() => {
  start = performance.now();
  document.querySelector('[data-testid="url-lines-decide"]').click();
  requestAnimationFrame(frame);
}));
"""

# Selects the finding `fingerprint`, sets its triage to `status` and clicks Save; resolves with the
# time (ms after the click) of the first frame whose sidebar row shows `status`, and the bytes of
# every response in the 1.5 s after.
TRIAGE_SCRIPT = r"""
const [fingerprint, status, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const row = () => document.querySelector(`#finding-list [data-testid="finding"][data-fingerprint="${CSS.escape(fingerprint)}"]`);
row().click();
const waitFor = (test, then) => { if (test()) then(); else requestAnimationFrame(() => waitFor(test, then)); };
waitFor(() => document.querySelector(`[data-testid="inspector"][data-fingerprint="${CSS.escape(fingerprint)}"]`), () => {
  const select = document.querySelector('[data-testid="triage-status"]');
  select.value = status;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  performance.clearResourceTimings();
  const start = performance.now();
  document.querySelector('[data-testid="triage-save"]').click();
  waitFor(() => row()?.dataset.triage === status, () => {
    const shown = performance.now() - start;
    setTimeout(() => {
      const entries = performance.getEntriesByType('resource').filter((e) => !e.name.endsWith('/events'));
      const bytes = entries.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
      done({ shown, bytes, requests: entries.map((e) => [e.name.replace(location.origin, ''), e.encodedBodySize]) });
    }, 1500);
  });
});
"""


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def bench_url_list(linklab, runs, count, shown):
    lines = url_list(count)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "urls.txt"
        path.write_text(lines + "\n")
        cli = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([linklab, "scan", SAMPLE_IPA, "--aasa", SAMPLE_AASA, "--offline", "--urls", path,
                            "--format", "json"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            cli.append(time.perf_counter() - start)
    results = []
    view_bytes = []
    for _ in range(runs):
        serve = Serve(linklab, "--aasa", str(SAMPLE_AASA))
        driver = chrome()
        try:
            document_id = json.loads(serve.request("POST", "/api/documents", SAMPLE_IPA.read_bytes(), {
                "X-LinkLab-Filename": "LinkLabSample.ipa", "Content-Type": "application/octet-stream"}))["id"]
            serve.wait_ready(document_id)
            open_page(driver, serve, document_id, "urls")
            time.sleep(1)
            result = driver.execute_async_script(DECIDE_SCRIPT, lines, shown or count)
            results.append(result)
            view_bytes.append(len(serve.request("GET", f"/api/documents/{document_id}/view")))
        finally:
            driver.quit()
            serve.stop()
    print(f"URL list of {count} lines (LinkLabSample.ipa, --aasa Samples/aasa), {runs} runs:")
    print(f"  Decide -> first verdict row on screen: median {median([r['first'] for r in results]):.0f} ms "
          f"({', '.join('%.0f' % r['first'] for r in results)})")
    print(f"  Decide -> every row on screen:         median {median([r['all'] for r in results]):.0f} ms "
          f"({', '.join('%.0f' % r['all'] for r in results)}); rows shown {results[-1]['rows']}")
    print(f"  bytes fetched by the page for the change: median {median([r['bytes'] for r in results]) / 1e6:.2f} MB "
          f"in {len(results[-1]['requests'])} requests: "
          + ", ".join(f"{name.split('/')[-1].split('?')[0]} {size / 1e3:.0f} kB" for name, size in results[-1]["requests"]))
    print(f"  one view reload (GET …/view): {median(view_bytes) / 1e6:.2f} MB")
    print(f"  linklab scan --urls (CLI, same list): median {median(cli):.2f} s")


def bench_triage(linklab, runs):
    results = []
    for _ in range(runs):
        serve = Serve(linklab)
        driver = chrome()
        try:
            document_id = json.loads(serve.request("POST", "/api/documents", many_findings_aasa(), {
                "X-LinkLab-Domain": "example.com", "Content-Type": "application/json"}))["id"]
            view = serve.wait_ready(document_id)
            rows = [row for group in view["findings"]["groups"] for row in group["rows"]]
            open_page(driver, serve, document_id, "app")
            for _ in range(600):
                if driver.execute_script("return document.querySelectorAll('#finding-list [data-testid=\"finding\"]').length") == len(rows):
                    break
                time.sleep(0.05)
            time.sleep(1)
            # One open finding in the middle of the list, then one more (each a separate change).
            for row, status in [(rows[len(rows) // 2], "confirmed"), (rows[len(rows) // 3], "accepted-risk")]:
                results.append(driver.execute_async_script(TRIAGE_SCRIPT, row["fingerprint"], status))
                time.sleep(0.5)
        finally:
            driver.quit()
            serve.stop()
    print(f"Triage with {len(rows)} findings (an association file of 300 details), {len(results)} saves:")
    print(f"  Save -> sidebar row updated: median {median([r['shown'] for r in results]):.0f} ms "
          f"({', '.join('%.0f' % r['shown'] for r in results)})")
    print(f"  bytes fetched by the page for the change: median {median([r['bytes'] for r in results]) / 1e6:.3f} MB: "
          + ", ".join(f"{name.split('/')[-1].split('?')[0][:20]} {size / 1e3:.1f} kB" for name, size in results[-1]["requests"]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--linklab", default=str(ROOT / ".build" / "release" / "linklab"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--only", choices=["urls", "triage"])
    parser.add_argument("--shown", type=int, default=None,
                        help="rows the page shows at most (a page that caps the list: 2000 before issue 26)")
    arguments = parser.parse_args()
    print("load:", os.getloadavg())
    if arguments.only != "triage":
        bench_url_list(arguments.linklab, arguments.runs, arguments.lines, arguments.shown)
    if arguments.only != "urls":
        bench_triage(arguments.linklab, arguments.runs)
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
