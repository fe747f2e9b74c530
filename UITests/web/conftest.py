"""Fixtures for the browser tests: the BUILT `linklab serve` (never a stand-in), headless
Debian Chromium through Selenium, and small helpers to drive the page by its data-testid hooks.

Environment:
  LINKLAB_BIN          path to the built binary (default: .build/debug/linklab)
  LINKLAB_SCREENSHOTS  a folder: the screenshot tests write PNGs there (else they skip)
"""
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
SAMPLE_IPA = REPO / "Samples" / "LinkLabSample.ipa"
SAMPLE_APK = REPO / "Samples" / "LinkLabSample.apk"
SAMPLE_ASSETLINKS = REPO / "Samples" / "assetlinks"
SAMPLE_AASA = REPO / "Samples" / "aasa"
LINE = re.compile(r"^UniversalLinkLab workbench: (http://127\.0\.0\.1:(\d+))/\?token=([0-9A-Za-z_-]+)\s*$")


def binary_path():
    return pathlib.Path(os.environ.get("LINKLAB_BIN", REPO / ".build" / "debug" / "linklab")).resolve()


class Server:
    """One `linklab serve` process: its base URL, token and temporary folder (its TMPDIR)."""

    def __init__(self, *extra, offline=True, aasa=True):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="linklab-ui-"))
        arguments = [str(binary_path()), "serve", "--port", "0"]
        if offline:
            arguments.append("--offline")
        if aasa:
            arguments += ["--aasa", str(SAMPLE_AASA)]
        arguments += list(extra)
        environment = dict(os.environ, TMPDIR=str(self.tmp))
        self.process = subprocess.Popen(arguments, cwd=REPO, env=environment, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.stderr_lines = []
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        line = self._first_line(timeout=60)
        match = LINE.match(line)
        if not match:
            self.stop()
            raise RuntimeError(f"unexpected first line from linklab serve: {line!r}; stderr: {self.stderr_lines[-5:]}")
        self.base, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def _drain_stderr(self):
        for line in self.process.stderr:
            self.stderr_lines.append(line)

    def _first_line(self, timeout):
        result = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not result:
            self.stop()
            raise RuntimeError("linklab serve printed nothing within %ss" % timeout)
        return result[0]

    @property
    def login_url(self):
        return f"{self.base}/?token={self.token}"

    def request(self, method, path, body=None, headers=None, bearer=True, host=None):
        """A script's request (bearer token, no cookie): returns (status, headers, bytes)."""
        request = urllib.request.Request(self.base + path, data=body, method=method)
        if bearer:
            request.add_header("Authorization", f"Bearer {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if host:
            request.add_unredirected_header("Host", host)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def json(self, method, path, payload=None, **options):
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        status, _, data = self.request(method, path, body, headers=headers, **options)
        return status, (json.loads(data) if data else None)

    def upload(self, path, name=None):
        data = pathlib.Path(path).read_bytes()
        status, _, body = self.request("POST", "/api/documents", data, headers={
            "X-LinkLab-Filename": name or pathlib.Path(path).name, "Content-Type": "application/octet-stream"})
        assert status == 201, (status, body)
        return json.loads(body)["id"]

    def wait_ready(self, document_id, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, doc = self.json("GET", f"/api/documents/{document_id}")
            phase = (doc or {}).get("phase")
            name = phase.get("name") if isinstance(phase, dict) else phase
            if status == 200 and name in ("ready", "failed"):
                return doc
            time.sleep(0.2)
        raise AssertionError(f"document {document_id} not ready in {timeout}s")

    def leftover_files(self):
        return [p for p in self.tmp.rglob("*") if p.is_file()]

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    if not binary_path().exists():
        pytest.fail(f"no linklab binary at {binary_path()} (set LINKLAB_BIN)")
    instance = Server()
    yield instance
    instance.stop()


@pytest.fixture(scope="module")
def android_server():
    """A server of its own whose documents use the sample's assetlinks.json files (offline)."""
    if not binary_path().exists():
        pytest.fail(f"no linklab binary at {binary_path()} (set LINKLAB_BIN)")
    instance = Server("--assetlinks", str(SAMPLE_ASSETLINKS))
    yield instance
    instance.stop()


@pytest.fixture(autouse=True, scope="module")
def close_documents_after_each_module(request):
    """Each test module leaves the shared server with no document open, so the suite never meets
    the server's limit of 32 open documents (a module's own documents stay open while it runs)."""
    yield
    instance = request.getfixturevalue("server")
    status, listing = instance.json("GET", "/api/documents")
    if status != 200 or not listing:
        return
    for document in listing.get("documents", []):
        instance.request("DELETE", f"/api/documents/{document['id']}")


@pytest.fixture
def fresh_server():
    instance = Server()
    yield instance
    instance.stop()


def chrome(extra_arguments=(), downloads=None):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,900",
                     "--disable-gpu", "--no-first-run", "--disable-extensions", *extra_arguments]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if downloads:
        options.add_experimental_option("prefs", {
            "download.default_directory": str(downloads), "download.prompt_for_download": False,
            "safebrowsing.enabled": False})
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
    driver.set_script_timeout(60)
    if downloads:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


@pytest.fixture
def downloads(tmp_path):
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def browser(downloads):
    driver = chrome(downloads=downloads)
    yield driver
    driver.quit()


# --- page helpers -----------------------------------------------------------------------------

def by_testid(testid, **attributes):
    selector = f'[data-testid="{testid}"]' + "".join(f'[data-{k.replace("_", "-")}="{v}"]' for k, v in attributes.items())
    return (By.CSS_SELECTOR, selector)


def wait(driver, timeout=60):
    # The page rebuilds a pane when the document changes (events): an element found a moment
    # ago may be replaced, so a wait retries instead of failing on a stale reference.
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def click(driver, testid, **attributes):
    """Clicks the element with that hook, finding it again if the page replaced it meanwhile."""
    def attempt(d):
        element = d.find_element(*by_testid(testid, **attributes))
        element.click()
        return element
    return wait(driver).until(attempt)


def attribute(driver, testid, name, **attributes):
    return wait(driver).until(lambda d: d.find_element(*by_testid(testid, **attributes)).get_attribute(name))


def login(driver, server):
    driver.get(server.login_url)
    wait(driver).until(EC.presence_of_element_located(by_testid("drop-zone")))


def wait_phase(driver, phase="ready", timeout=120):
    wait(driver, timeout).until(EC.text_to_be_present_in_element_attribute(by_testid("document-status"), "data-phase", phase))


def upload_through_input(driver, path):
    driver.find_element(*by_testid("file-input")).send_keys(str(path))
    wait_phase(driver)


def open_document(driver, server, document_id, tab="app"):
    driver.get(f"{server.base}/#/doc/{document_id}?tab={tab}")
    wait_phase(driver)


def show_tab(driver, name):
    driver.find_element(*by_testid(f"tab-{name}")).click()


def findings(driver):
    return [(e.get_attribute("data-finding-id"), e.get_attribute("data-severity"), e.get_attribute("data-fingerprint"),
             e.get_attribute("data-triage")) for e in driver.find_elements(*by_testid("finding"))]


def severe_console_entries(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def type_url(driver, url):
    """Types a URL into the tester and waits until the verdicts for exactly that URL are shown."""
    field = driver.find_element(*by_testid("url-input"))
    field.clear()
    field.send_keys(url)
    wait(driver).until(lambda d: d.find_element(By.ID, "single-verdicts").get_attribute("data-url") == url)
    return {row.get_attribute("data-app-id"): row.get_attribute("data-decision")
            for row in driver.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"]')}
