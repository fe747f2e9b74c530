"""Issue 16, in real Chromium: every face shows exactly what the document holds. The what-if
editor holds the served text and an unchanged Apply changes nothing; the typed URL's verdict
follows the document without a keystroke; states, names, problems and counts are the
document's own; Esc clears the filter; nothing is clipped at 1280x800 or 1440x900."""
import json
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (REPO, SAMPLE_IPA, by_testid, findings, login, open_document, show_tab, type_url, wait,
                      chrome)

APP_ID = "ABCDE12345.com.example.app"
URLS = (REPO / "Samples" / "urls.txt").read_text()
GO_FIXED = json.dumps({"applinks": {"details": [
    {"appIDs": [APP_ID], "components": [{"/": "/promo/*"}]}]}}, indent=2)


def list_verdicts(driver):
    """(line, app ID, decision) of every verdict row of the decided list, as the page shows them."""
    rows = driver.find_elements(By.CSS_SELECTOR, '#list-verdicts tr[data-url]')
    return sorted((row.get_attribute("data-line"), verdict.get_attribute("data-app-id"),
                   verdict.get_attribute("data-decision"))
                  for row in rows for verdict in row.find_elements(*by_testid("verdict")))


def view(server, document_id):
    status, answer = server.json("GET", f"/api/documents/{document_id}/view")
    assert status == 200, answer
    return answer


def open_sample_with_urls(browser, server, tab):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    status, _ = server.json("POST", f"/api/documents/{document_id}/urls", {"lines": URLS})
    assert status == 200
    login(browser, server)
    open_document(browser, server, document_id, tab=tab)
    return document_id


def test_apply_without_an_edit_changes_nothing_and_marks_nothing_edited(browser, server):
    document_id = open_sample_with_urls(browser, server, "urls")
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list-verdicts tr[data-url]")) >= 17)
    before_rows = list_verdicts(browser)
    before_findings = sorted(findings(browser))
    before = view(server, document_id)
    show_tab(browser, "domains")
    for card_view in before["domains"]:
        host = card_view["host"]
        card = browser.find_element(*by_testid("domain", host=host))
        card.find_element(*by_testid("edit-open")).click()
        editor = card.find_element(*by_testid("edit-aasa"))
        # The editor holds the text that decides, byte for byte (the sample's files are LF).
        assert editor.get_attribute("value") == card_view["editorText"], host
        assert '"appIDSource"' not in editor.get_attribute("value") and '"detailsForm"' not in editor.get_attribute("value")
        card.find_element(*by_testid("edit-aasa-apply")).click()
        # The request has answered (Resource Timing), and the served text applied unchanged is no
        # what-if edit: the host keeps its state (issue 26, item 1).
        wait(browser).until(lambda d: d.execute_script(
            "return performance.getEntriesByType('resource').some(e => e.name.includes(arguments[0]) && e.responseEnd > 0)",
            f"/hosts/{host}/text"))
        card = browser.find_element(*by_testid("domain", host=host))
        assert card.get_attribute("data-state") == card_view["state"], host
        assert card.get_attribute("data-edited") == "false", host
        assert not card.find_elements(*by_testid("domain-served")), f"{host}: shown as edited"
    after = view(server, document_id)
    assert after["urls"] == before["urls"]
    assert after["findings"] == before["findings"]
    show_tab(browser, "urls")
    wait(browser).until(lambda d: list_verdicts(d) == before_rows)
    assert sorted(findings(browser)) == before_findings
    # The misspelt "appId" of go.example.net (the AASA-007) is in the editor as served.
    go = next(card for card in after["domains"] if card["host"] == "go.example.net")
    assert '"appId"' in go["editorText"]


def test_the_typed_verdict_follows_a_change_made_through_the_api_without_a_keystroke(browser, server):
    document_id = open_sample_with_urls(browser, server, "urls")
    assert type_url(browser, "https://go.example.net/promo/spring")[APP_ID] == "no_match"
    status, _, _ = server.request("PUT", f"/api/documents/{document_id}/hosts/go.example.net/text",
                                  GO_FIXED.encode(), headers={"Content-Type": "text/plain"})
    assert status == 200
    selector = f'#single-verdicts [data-testid="verdict"][data-app-id="{APP_ID}"]'
    wait(browser, timeout=2).until(
        lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("data-decision") == "match")
    # And back: a revert through the API.
    status, _, _ = server.request("DELETE", f"/api/documents/{document_id}/hosts/go.example.net/file")
    assert status == 200
    wait(browser, timeout=2).until(
        lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("data-decision") == "no_match")


def test_escape_clears_the_filter_and_the_list_with_it(browser, server):
    open_sample_with_urls(browser, server, "app")
    everything = len(findings(browser))
    field = browser.find_element(*by_testid("finding-filter"))
    field.send_keys("AASA-007")
    wait(browser).until(lambda d: len(findings(d)) == 1)
    field.send_keys(Keys.ESCAPE)
    wait(browser).until(lambda d: len(findings(d)) == everything)
    assert field.get_attribute("value") == ""


def test_counts_are_what_the_groups_show(browser, server):
    document_id = open_sample_with_urls(browser, server, "app")
    fingerprint = view(server, document_id)["findings"]["groups"][0]["rows"][0]["fingerprint"]
    status, _ = server.json("PUT", f"/api/documents/{document_id}/triage/{fingerprint}",
                            {"status": "false-positive", "note": "staging"})
    assert status == 200
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-group="suppressed"]'))
    counted = sum(int(e.text) for e in browser.find_elements(By.CSS_SELECTOR, '.counts-bar .count:not(.suppressed) .count-number'))
    listed = len(browser.find_elements(By.CSS_SELECTOR, '.group:not([data-group="suppressed"]) [data-testid="finding"]'))
    assert counted == listed


def test_a_line_that_is_not_a_url_shows_its_problem_in_place(browser, server):
    document_id = open_sample_with_urls(browser, server, "urls")
    status, _ = server.json("POST", f"/api/documents/{document_id}/urls",
                            {"lines": "https://example.com/buy/1\nnot a url\n= https://example.com/open/7"})
    assert status == 200
    row = '#list-verdicts tr[data-line="2"]'
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, row + ' [data-testid="url-problem"]'))
    assert "space" in browser.find_element(By.CSS_SELECTOR, row + ' [data-testid="url-problem"]').text


def test_no_tab_shows_an_object_or_undefined_and_names_are_the_testers(browser, server):
    document_id = server.upload(SAMPLE_IPA, name="Client Build 7.ipa")
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id)
    assert "Client Build 7.ipa" in browser.title
    for tab in ("app", "domains", "urls"):
        show_tab(browser, tab)
        text = browser.find_element(By.TAG_NAME, "main").text
        assert "[object Object]" not in text and "undefined" not in text, tab
        assert ".upload" not in text, tab


@pytest.mark.parametrize("size", [(1280, 800), (1440, 900)])
def test_nothing_is_clipped(server, size):
    driver = chrome()
    try:
        driver.set_window_size(*size)
        document_id = server.upload(SAMPLE_IPA)
        server.wait_ready(document_id)
        server.json("POST", f"/api/documents/{document_id}/urls", {"lines": URLS})
        login(driver, server)
        open_document(driver, server, document_id)
        for tab in ("app", "domains", "urls"):
            show_tab(driver, tab)
            wait(driver).until(lambda d: d.find_element(By.ID, f"panel-{tab}").is_displayed())
            clipped = driver.execute_script("""
                const panel = document.getElementById(arguments[0]);
                const limit = panel.getBoundingClientRect().right + 1;
                const out = [];
                for (const element of panel.querySelectorAll('*')) {
                  const box = element.getBoundingClientRect();
                  if (box.width === 0 || box.right <= limit) continue;
                  // Inside a box that scrolls sideways, a wide table is reachable, not clipped.
                  let scroller = element.parentElement, reachable = false;
                  while (scroller && scroller !== panel) {
                    const style = getComputedStyle(scroller);
                    if (['auto', 'scroll'].includes(style.overflowX)) { reachable = true; break; }
                    scroller = scroller.parentElement;
                  }
                  if (!reachable) out.push(element.tagName + '.' + element.className + ': ' + element.textContent.slice(0, 40));
                }
                return out.slice(0, 10);
            """, f"panel-{tab}")
            assert clipped == [], (size, tab, clipped)
    finally:
        driver.quit()
