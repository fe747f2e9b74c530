"""Every export of a document that holds both apps of a product (issue 28): the sample IPA, the
sample APK added to it through `POST …/apps`, the sample URL list; each export button of the page
downloads a file that carries the Android half — the two-platform report (Markdown, HTML, PDF),
the both-platform JSON, SARIF rules for the Android catalogue, and a schema-2 session."""
import json
import shutil
import subprocess
import time

import pytest

from conftest import REPO, SAMPLE_IPA, by_testid, login, open_document
from test_page import wait_download

SAMPLE_APK = REPO / "Samples" / "LinkLabSample.apk"
URLS_BOTH = (REPO / "Samples" / "urls-both.txt").read_text()


def both_apps(server):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    status, _, body = server.request("POST", f"/api/documents/{document_id}/apps", SAMPLE_APK.read_bytes(),
                                     headers={"X-LinkLab-Filename": SAMPLE_APK.name,
                                              "Content-Type": "application/octet-stream"})
    assert status == 202, (status, body)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, _, data = server.request("PUT", f"/api/documents/{document_id}/urls",
                                         json.dumps({"lines": URLS_BOTH}).encode(),
                                         headers={"Content-Type": "application/json"})
        assert status == 200, data
        status, view = server.json("GET", f"/api/documents/{document_id}/view")
        assert status == 200, view
        android = any(section["platform"] == "android" and section["panels"] for section in view.get("apps", []))
        if android and view["phase"]["phase"] == "ready" and view["canExport"]:
            return document_id
        time.sleep(0.2)
    raise AssertionError("the APK never joined the document")


def download(browser, downloads, hook, suffix):
    for old in downloads.iterdir():
        old.unlink()
    browser.find_element(*by_testid(hook)).click()
    return wait_download(downloads, suffix)


def test_every_export_of_both_apps_carries_the_android_half(browser, server, downloads):
    document_id = both_apps(server)
    login(browser, server)
    open_document(browser, server, document_id)
    for hook, suffix in [("export-md", ".md"), ("export-html", ".html")]:
        text = download(browser, downloads, hook, suffix).read_text()
        assert "Universal links and App Links assessment" in text, hook
        assert "Both platforms: one verdict per URL" in text, hook
        # Offline, the Android hosts are not fetched: AND-002 ("not checked") stands for them.
        assert "AND-0" in text and "XPL-001" in text and "ENT-005" in text, hook
        assert str(REPO) not in text and "/tmp/" not in text, f"{hook} names a folder of this machine"
    pdf = download(browser, downloads, "export-pdf", ".pdf")
    assert pdf.read_bytes().startswith(b"%PDF-")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert "AND-0" in text and "Both platforms" in text
    exported = json.loads(download(browser, downloads, "export-json", ".json").read_text())
    assert exported["platform"] == "both" and "android" in exported and "crossPlatform" in exported
    ids = {finding["id"] for finding in exported["findings"]}
    assert {"XPL-001", "ENT-005"} <= ids and any(i.startswith("AND-") for i in ids)
    assert all(finding.get("fingerprint") for finding in exported["findings"])
    sarif = json.loads(download(browser, downloads, "export-sarif", ".sarif").read_text())
    rules = {rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert "XPL-001" in rules and "ENT-005" in rules and any(i.startswith("AND-") for i in rules)
    session = json.loads(download(browser, downloads, "export-session", ".linklab").read_text())
    assert session["schemaVersion"] == 2 and session["android"]["apk"]["manifest"]["packageName"] == "com.example.app"


def test_an_android_only_document_exports_its_report(browser, server, downloads):
    document_id = server.upload(SAMPLE_APK)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, view = server.json("GET", f"/api/documents/{document_id}/view")
        assert status == 200, view
        if view["phase"]["phase"] == "ready":
            break
        time.sleep(0.2)
    assert view["canExport"], "an APK-only document offers no export"
    login(browser, server)
    open_document(browser, server, document_id)
    text = download(browser, downloads, "export-md", ".md").read_text()
    assert text.startswith("# Android App Links assessment: com.example.app")
