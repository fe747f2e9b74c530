"""A hostile session in the Probes view (issues 28-30): a session from someone else carries a stale
probe outcome whose note is markup and whose link is a `javascript:` URL, and names its app with a
right-to-left override. The page shows the note and link as text (no element, no script run, no
followable link), and the kit's download is saved under a name with no override or control
character. The built `linklab serve --offline`, headless Chromium."""
import json

from selenium.webdriver.common.by import By

from conftest import REPO, by_testid, login, severe_console_entries, show_tab, upload_through_input, wait
from test_page import wait_download

NOTE = '<img src=x onerror="window.__pwned=1"><b>bold</b>'
LINK = "javascript:window.__pwned=2"
NAME = "invoice\u202efdp.exe\u200d.ipa"


def hostile_session(folder):
    session = json.loads((REPO / "Fuzz" / "Session" / "seeds" / "sample.linklab").read_text())
    session["source"]["name"] = NAME
    session["probes"] = {"outcomes": [{
        "id": "P001", "outcome": "vulnerable", "note": NOTE, "kit": "0123456789abcdef", "url": LINK,
        "recordedAt": "2026-01-01T00:00:00Z"}]}
    path = folder / "from-a-client.linklab"
    path.write_text(json.dumps(session))
    return path


def test_a_hostile_stale_outcome_is_text_and_the_kits_download_name_is_safe(browser, server, downloads, tmp_path):
    login(browser, server)
    upload_through_input(browser, hostile_session(tmp_path))
    show_tab(browser, "probes")
    stale = wait(browser).until(lambda d: d.find_element(
        By.CSS_SELECTOR, '[data-testid="probe"][data-stale="true"][data-probe-id="P001"]'))
    # The note and the link are the text they were, never markup or a link to follow.
    assert stale.find_element(By.CSS_SELECTOR, ".probe-note-text").text == NOTE
    assert stale.find_element(*by_testid("probe-link")).get_attribute("value") == LINK
    pane = browser.find_element(*by_testid("probes"))
    assert not pane.find_elements(By.CSS_SELECTOR, "img, b, a[href^='javascript']")
    assert browser.execute_script("return window.__pwned === undefined")

    browser.find_element(*by_testid("probe-export-script")).click()
    script = wait_download(downloads, ".sh")
    assert "fdp.exe" in script.name, script.name
    assert not any(ord(c) < 0x20 or c in "\u202e\u200d\u2066\u2067\u2068\u2069" for c in script.name), script.name
    assert script.read_text().startswith("#!")
    assert browser.execute_script("return window.__pwned === undefined")
    assert not severe_console_entries(browser)
