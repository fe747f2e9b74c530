"""The page, end to end in headless Chromium against the built `linklab serve --offline --aasa
Samples/aasa`: uploads, the sample's promised findings, the URL tester, triage, exports, live
edits and a second tab."""
import json
import pathlib
import subprocess
import time

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import (SAMPLE_IPA, attribute, by_testid, click, findings, login, open_document, severe_console_entries, show_tab,
                      type_url, upload_through_input, wait, wait_phase)

APP_ID = "ABCDE12345.com.example.app"
PARTNER = "ZZZZZ99999.com.partner.deals"

# Samples/README.md: what the sample app and its association files promise (URL-* need a URL list).
PROMISED = {
    "ENT-003": "low", "ENT-005": "high", "ENT-007": "info", "ENT-009": "info", "SCH-002": "info",
    "BIN-002": "info", "BIN-003": "low", "BIN-004": "medium", "AASA-015": "medium", "AASA-014": "low",
    "AASA-017": "low", "AASA-013": "low", "AASA-016": "medium", "AASA-018": "medium", "AASA-020": "info",
    "AASA-021": "low", "AASA-007": "high", "AASA-019": "low",
}


def assert_promised_findings(driver):
    shown = findings(driver)
    for finding_id, severity in PROMISED.items():
        assert (finding_id, severity) in {(f[0], f[1]) for f in shown}, f"{finding_id} ({severity}) missing"
    schemes = {f[1] for f in shown if f[0] == "SCH-001"}
    assert schemes == {"low", "medium"}, schemes
    for finding_id, severity, fingerprint, triage in shown:
        assert fingerprint and triage, (finding_id, fingerprint, triage)


def test_upload_through_the_file_input_shows_the_promised_findings(browser, server):
    login(browser, server)
    assert "token=" not in browser.current_url, "the token must leave the address bar"
    upload_through_input(browser, SAMPLE_IPA)
    assert_promised_findings(browser)
    bundles = {e.get_attribute("data-bundle-id") for e in browser.find_elements(*by_testid("bundle"))}
    assert "com.example.app" in bundles and len(bundles) >= 5, bundles
    show_tab(browser, "domains")
    states = {e.get_attribute("data-host"): e.get_attribute("data-state") for e in browser.find_elements(*by_testid("domain"))}
    assert {"example.com", "shop.example.com", "go.example.net"} <= set(states), states
    assert not severe_console_entries(browser)


def test_upload_by_drag_and_drop(browser, server):
    login(browser, server)
    # Chromium cannot drag a real file in headless mode: put the file in a DataTransfer
    # through a scratch input and dispatch the drag events on the drop zone.
    scratch = browser.execute_script(
        "const i = document.createElement('input'); i.type = 'file'; i.id = 'scratch-drop';"
        "document.body.append(i); return i;")
    scratch.send_keys(str(SAMPLE_IPA))
    browser.execute_script(
        "const file = document.getElementById('scratch-drop').files[0];"
        "const zone = document.querySelector('[data-testid=drop-zone]');"
        "const data = new DataTransfer(); data.items.add(file);"
        "for (const type of ['dragenter', 'dragover', 'drop'])"
        "  zone.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));")
    wait_phase(browser)
    assert_promised_findings(browser)


@pytest.fixture(scope="module")
def sample_document(server):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    return document_id


def test_url_tester_decides_per_app_id_on_every_keystroke(browser, server, sample_document):
    login(browser, server)
    open_document(browser, server, sample_document, tab="urls")
    # The share extension claims applinks too (the sample's ENT-015 case): its app ID has a row.
    assert type_url(browser, "https://go.example.net/promo/spring") == {APP_ID: "no_match", PARTNER: "match",
                                                                        APP_ID + ".share": "no_match"}
    assert type_url(browser, "https://example.com/buy/42")[APP_ID] == "match"
    assert type_url(browser, "https://example.com/buy/42#no_universal_links")[APP_ID] == "exclude"
    assert type_url(browser, "https://shop.example.com/shop/checkout/pay")[APP_ID] == "match"
    assert type_url(browser, "https://shop.example.com/?ref=newsletter")[APP_ID] == "no_match"
    # Keystrokes are decided without traces; opening one asks the server for it.
    rule = browser.find_element(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"] [data-testid="verdict-trace"] button.trace-toggle')
    assert rule.text == "Trace"
    rule.click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"] [data-testid="verdict-trace"] li'))
    steps = browser.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"] [data-testid="verdict-trace"] li')
    assert any("decision" in step.text for step in steps), [s.text for s in steps]


def test_a_list_verdict_without_a_trace_loads_it_when_opened(browser, server, sample_document):
    """The document re-decides a list without traces (only contradicted expectations carry
    theirs); opening a row's trace asks the server for that URL's and shows its steps."""
    login(browser, server)
    open_document(browser, server, sample_document, tab="urls")
    box = browser.find_element(*by_testid("url-lines"))
    box.clear()
    box.send_keys("https://example.com/buy/42\n! https://shop.example.com/shop/checkout/pay")
    browser.find_element(*by_testid("url-lines-decide")).click()
    row = '#list-verdicts tr[data-url="https://example.com/buy/42"]'
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, row + ' [data-testid="verdict-trace"]'))
    selector = f'{row} [data-testid="verdict"][data-app-id="{APP_ID}"] [data-testid="verdict-trace"]'
    # A satisfied line came without steps: the disclosure says only "Trace" until it is opened.
    trace = browser.find_element(By.CSS_SELECTOR, selector)
    assert trace.find_element(By.CSS_SELECTOR, "button.trace-toggle").text == "Trace"
    assert trace.find_elements(By.TAG_NAME, "li") == []

    def opened_steps(driver):
        # The list re-renders when the document's change event lands: find the row afresh.
        try:
            block = driver.find_element(By.CSS_SELECTOR, selector)
            toggle = block.find_element(By.CSS_SELECTOR, "button.trace-toggle")
            if toggle.get_attribute("aria-expanded") != "true":
                toggle.click()
            return [step.text for step in block.find_elements(By.TAG_NAME, "li")]
        except StaleElementReferenceException:
            return None

    steps = wait(browser).until(opened_steps)
    assert steps[-1].startswith("decision: match"), steps
    assert any("rule" in step for step in steps), steps
    # The contradicted line ("must not open", and it opens) carries its trace already.
    contradicted = browser.find_element(
        By.CSS_SELECTOR, f'#list-verdicts tr[data-url="https://shop.example.com/shop/checkout/pay"] '
                         f'[data-testid="verdict"][data-app-id="{APP_ID}"] [data-testid="verdict-trace"] button.trace-toggle')
    assert contradicted.text.startswith("Trace (") and contradicted.text.endswith(" steps)"), contradicted.text
    assert severe_console_entries(browser) == []


def test_triage_is_saved_and_exported(browser, server, downloads):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id)
    fingerprint = click(browser, "finding", finding_id="ENT-007").get_attribute("data-fingerprint")
    status = browser.find_element(*by_testid("triage-status"))
    status.find_element(By.CSS_SELECTOR, 'option[value="accepted-risk"]').click()
    note = browser.find_element(*by_testid("triage-note"))
    note.send_keys("development build for the test lab")
    browser.find_element(*by_testid("triage-save")).click()
    wait(browser).until(EC.text_to_be_present_in_element_attribute(
        by_testid("finding", fingerprint=fingerprint), "data-triage", "accepted-risk"))
    browser.refresh()
    wait_phase(browser)
    assert attribute(browser, "finding", "data-triage", fingerprint=fingerprint) == "accepted-risk"
    browser.find_element(*by_testid("export-json")).click()
    exported = json.loads(wait_download(downloads, ".json").read_text())
    triaged = [f for f in exported["findings"] if f.get("fingerprint") == fingerprint]
    assert triaged and triaged[0]["triage"]["status"] == "accepted-risk", triaged
    assert triaged[0]["triage"]["note"] == "development build for the test lab"


def wait_download(folder, suffix, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = [p for p in folder.iterdir() if p.name.endswith(suffix) and not p.name.endswith(".crdownload")]
        if done and done[0].stat().st_size > 0:
            return done[0]
        time.sleep(0.1)
    raise AssertionError(f"no {suffix} download in {timeout}s: {[p.name for p in folder.iterdir()]}")


def sarif_schema():
    for candidate in [pathlib.Path("/work/shared/schemas/sarif-schema-2.1.0.json"),
                      *sorted(pathlib.Path(__file__).resolve().parents[2].glob("Tests/**/sarif-schema-2.1.0.json"))]:
        if candidate.exists():
            return json.loads(candidate.read_text())
    pytest.skip("no SARIF 2.1.0 schema found (in-repo copy or shared/schemas)")


def test_every_export_downloads_and_is_valid(browser, server, sample_document, downloads):
    import jsonschema
    login(browser, server)
    open_document(browser, server, sample_document)
    for testid, suffix in [("export-md", ".md"), ("export-html", ".html"), ("export-pdf", ".pdf"),
                           ("export-json", ".json"), ("export-sarif", ".sarif"), ("export-session", ".linklab")]:
        browser.find_element(*by_testid(testid)).click()
        path = wait_download(downloads, suffix)
        data = path.read_bytes()
        if suffix == ".md":
            assert b"AASA-007" in data
        elif suffix == ".html":
            assert b"<html" in data.lower() and b"AASA-007" in data
        elif suffix == ".pdf":
            check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
            assert check.returncode == 0, check.stdout + check.stderr
        elif suffix == ".json":
            assert {f["id"] for f in json.loads(data)["findings"]} >= set(PROMISED)
        elif suffix == ".sarif":
            document = json.loads(data)
            jsonschema.validate(document, sarif_schema())
            assert document["runs"][0]["results"]
        else:
            assert len(data) > 0
    # The test-link page: one link (and QR code) per URL to try on a device.
    show = browser.find_element(*by_testid("tab-urls"))
    show.click()
    browser.find_element(*by_testid("export-links")).click()
    links = wait_download(downloads, ".links.html").read_text()
    assert "<svg" in links and "https://" in links
    # A saved session opens again, with the same findings.
    session = next(p for p in downloads.iterdir() if p.name.endswith(".linklab"))
    reopened = server.upload(session)
    doc = server.wait_ready(reopened)
    assert {f["id"] for f in doc["findings"]} >= set(PROMISED)


GO_FIXED = json.dumps({"applinks": {"details": [
    {"appIDs": [APP_ID], "components": [{"/": "/promo/*"}]},
    {"appIDs": [PARTNER], "components": [{"/": "*"}]}]}}, indent=2)


def test_an_edited_host_file_changes_verdicts_and_findings_live(browser, server, tmp_path):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="urls")
    assert type_url(browser, "https://go.example.net/promo/spring")[APP_ID] == "no_match"
    assert browser.find_elements(*by_testid("finding", finding_id="AASA-007"))
    show_tab(browser, "domains")
    card = browser.find_element(*by_testid("domain", host="go.example.net"))
    card.find_element(*by_testid("edit-open")).click()
    editor = card.find_element(*by_testid("edit-aasa"))
    browser.execute_script("arguments[0].value = arguments[1];", editor, GO_FIXED)
    card.find_element(*by_testid("edit-aasa-apply")).click()
    wait(browser).until(lambda d: not d.find_elements(*by_testid("finding", finding_id="AASA-007")))
    wait(browser).until(lambda d: d.find_element(*by_testid("domain", host="go.example.net")).get_attribute("data-state") in ("edited", "supplied"))
    show_tab(browser, "urls")
    assert type_url(browser, "https://go.example.net/promo/summer")[APP_ID] == "match"
    # Revert: the served file decides again.
    show_tab(browser, "domains")
    browser.find_element(*by_testid("domain", host="go.example.net")).find_element(*by_testid("revert")).click()
    wait(browser).until(lambda d: d.find_elements(*by_testid("finding", finding_id="AASA-007")))
    # "Use a file…": the same fix from a file on disk.
    fixed = tmp_path / "go.example.net.json"
    fixed.write_text(GO_FIXED)
    card = browser.find_element(*by_testid("domain", host="go.example.net"))
    card.find_element(*by_testid("use-file-input")).send_keys(str(fixed))
    wait(browser).until(lambda d: not d.find_elements(*by_testid("finding", finding_id="AASA-007")))


def test_a_second_tab_sees_changes_without_reload(browser, server):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id)
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    open_document(browser, server, document_id)
    second = browser.current_window_handle
    fingerprint = attribute(browser, "finding", "data-fingerprint", finding_id="ENT-009")
    browser.switch_to.window(first)
    click(browser, "finding", fingerprint=fingerprint)
    browser.find_element(*by_testid("triage-status")).find_element(By.CSS_SELECTOR, 'option[value="confirmed"]').click()
    browser.find_element(*by_testid("triage-save")).click()
    browser.switch_to.window(second)
    wait(browser).until(EC.text_to_be_present_in_element_attribute(
        by_testid("finding", fingerprint=fingerprint), "data-triage", "confirmed"))


def test_keyboard_alone_reaches_every_tab_and_finding(browser, server, sample_document):
    login(browser, server)
    open_document(browser, server, sample_document)

    def focused(name="data-fingerprint"):
        return wait(browser).until(lambda d: d.switch_to.active_element.get_attribute(name))

    browser.find_element(By.TAG_NAME, "body").send_keys("j")
    assert focused("data-testid") == "finding"
    first = focused()
    browser.switch_to.active_element.send_keys("j")
    second = focused()
    assert second != first
    assert attribute(browser, "inspector", "data-fingerprint") == second
    browser.switch_to.active_element.send_keys("k")
    assert focused() == first
    browser.switch_to.active_element.send_keys("/")
    assert browser.switch_to.active_element.get_attribute("data-testid") == "finding-filter"
    browser.switch_to.active_element.send_keys("ENT-005")
    # The server filters (the page decides nothing): the list follows once its answer is in.
    wait(browser).until(lambda d: [f[0] for f in findings(d)] == ["ENT-005"])
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    # Tabs: WAI-ARIA pattern, arrows move between them.
    browser.find_element(*by_testid("tab-app")).send_keys(Keys.ARROW_RIGHT)
    assert browser.switch_to.active_element.get_attribute("data-testid") == "tab-domains"
    assert browser.find_element(*by_testid("tab-domains")).get_attribute("aria-selected") == "true"
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert browser.switch_to.active_element.get_attribute("data-testid") == "tab-urls"
    browser.switch_to.active_element.send_keys("t")  # on a tab button, not typing: focuses the tester
    assert browser.switch_to.active_element.get_attribute("data-testid") == "url-input"
    # Every control on the page has an accessible name.
    unlabelled = browser.execute_script("""
      const out = [];
      for (const el of document.querySelectorAll('input, select, textarea, button')) {
        if (el.closest('[hidden]') || el.type === 'hidden') continue;
        const named = el.labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
          || (el.tagName === 'BUTTON' && el.textContent.trim());
        if (!named) out.push(el.outerHTML.slice(0, 120));
      }
      return out;""")
    assert unlabelled == []


def test_association_file_only_mode_from_the_home_form(browser, server):
    login(browser, server)
    browser.find_element(By.ID, "aasa-host").send_keys("links.example.test")
    browser.execute_script("arguments[0].value = arguments[1];", browser.find_element(By.ID, "aasa-text"),
                           json.dumps({"applinks": {"details": [{"appIDs": [APP_ID], "components": [{"/": "/open/*"}]}]}}))
    browser.find_element(By.ID, "aasa-open").click()
    wait_phase(browser)
    assert attribute(browser, "domain", "data-state", host="links.example.test")
    show_tab(browser, "urls")
    assert type_url(browser, "https://links.example.test/open/1") == {APP_ID: "match"}
    assert type_url(browser, "https://links.example.test/closed/1") == {APP_ID: "no_match"}


def test_refetch_of_a_supplied_host_rereads_its_file_live(browser, server):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="domains")
    assert attribute(browser, "domain", "data-state", host="go.example.net") == "supplied"
    revision = server.json("GET", f"/api/documents/{document_id}/view")[1]["revision"]
    browser.find_element(*by_testid("domain", host="go.example.net")).find_element(*by_testid("refetch")).click()
    # Offline with --aasa, a refetch reads the supplied file again: the document changes (a new
    # revision) and the host stays supplied, never "not fetched" (issue 26, item 8).
    view = lambda: server.json("GET", f"/api/documents/{document_id}/view")[1]
    wait(browser).until(lambda d: view()["revision"] > revision)
    doc_state = next(card["state"] for card in view()["domains"] if card["host"] == "go.example.net")
    assert doc_state == "supplied"
    wait(browser).until(lambda d: attribute(d, "domain", "data-state", host="go.example.net") == "supplied")
    assert not severe_console_entries(browser)
