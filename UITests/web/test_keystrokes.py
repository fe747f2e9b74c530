"""The URL tester's keystrokes, in real Chromium (issue 21): the typed URL's rows are updated in
place, and what they show is always the server's presentation of the URL in the field. Answers
that arrive out of order never show a URL the field no longer holds, across a document change
too; a row that stays keeps its element, and a trace opened for one URL never stays open for
another."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import SAMPLE_IPA, login, open_document, type_url, wait

APP_ID = "ABCDE12345.com.example.app"
GO_FIXED = json.dumps({"applinks": {"details": [
    {"appIDs": [APP_ID], "components": [{"/": "/promo/*"}]}]}}, indent=2)
SINGLE = "#single-verdicts"
ROW = f'{SINGLE} [data-testid="verdict"]'


@pytest.fixture
def sample(server, browser):
    """A fresh sample document (a test may edit it), open on the URL tester."""
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="urls")
    return document_id


def shown(driver):
    """What the typed URL's block shows, read from the page: problem, note and every row."""
    return driver.execute_script("""
      const out = document.querySelector(arguments[0]);
      const text = (root, selector) => root.querySelector(selector)?.textContent ?? null;
      return {
        url: out.dataset.url,
        problem: text(out, '[data-testid=url-problem]'),
        note: text(out, '[data-testid=verdict-note]'),
        children: out.children.length,
        rows: [...out.querySelectorAll('[data-testid=verdict]')].map((row) => ({
          appID: row.dataset.appId, decision: row.dataset.decision, url: row.dataset.url,
          audited: row.dataset.audited, label: row.getAttribute('aria-label'), className: row.className,
          headline: text(row, '.pill'), pill: row.querySelector('.pill').className, appLabel: text(row, '.app-label'),
          shownID: text(row, '.app-id'), location: text(row, ':scope > .muted'),
          rules: [...row.querySelectorAll('[data-testid=deciding-rule]')].map((rule) => rule.textContent),
          trace: text(row, '[data-testid=verdict-trace] button.trace-toggle'),
          steps: row.querySelectorAll('[data-testid=verdict-trace] li').length,
          open: row.querySelector('[data-testid=verdict-trace] button.trace-toggle').getAttribute('aria-expanded') === 'true',
        })),
      };""", SINGLE)


def expected(test):
    """The same block as the server's URLTestPresentation says it must be."""
    if test.get("problem") is not None:
        return {"url": test["url"], "problem": test["problem"], "note": None, "children": 1, "rows": []}
    rows = [{
        "appID": v["appID"], "decision": v["decision"], "url": test["url"], "audited": str(v["isAuditedApp"]).lower(),
        "label": v["accessibilityLabel"], "className": f"verdict decision-{v['decision']}", "headline": v["headline"],
        "pill": f"pill decision-{v['decision']}", "appLabel": v["appLabel"], "shownID": v["appID"],
        "location": v["ruleLocation"], "rules": [v["ruleText"]] if v.get("ruleText") else [],
        "trace": f"Trace ({len(v['trace'])} steps)" if v.get("trace") else "Trace", "steps": 0, "open": False,
    } for v in test["verdicts"]]
    note = test.get("note") or None
    return {"url": test["url"], "problem": None, "note": note, "children": len(rows) + (1 if note else 0), "rows": rows}


def test_rows_updated_in_place_show_exactly_the_servers_presentation(browser, server, sample):
    # Two apps, one, a rule and none, an exclusion, not a URL, an unclaimed host, two apps again.
    for url in ["https://go.example.net/promo/spring", "https://example.com/buy/42", "https://example.com/",
                "https://example.com/buy/42#no_universal_links", "https://example.com/buy/42 x",
                "https://unclaimed.example.test/path", "https://go.example.net/promo/spring",
                "https://shop.example.com/shop/shoes/1", "https://shop.example.com/shop/shoes/12"]:
        type_url(browser, url)
        status, test = server.json("POST", f"/api/documents/{sample}/tester", {"url": url, "trace": False})
        assert status == 200, test
        page, server_says = shown(browser), expected(test)
        assert page == server_says, (url, page, server_says)


def test_a_row_whose_verdict_stays_keeps_its_element_and_an_open_trace_closes_for_the_next_url(browser, sample):
    type_url(browser, "https://shop.example.com/shop/shoes/1")
    browser.execute_script("window.keptRow = document.querySelector(arguments[0]);", ROW)
    browser.find_element(By.CSS_SELECTOR, f"{ROW} [data-testid=verdict-trace] button.trace-toggle").click()
    first = wait(browser).until(lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, f"{ROW} [data-testid=verdict-trace] li")])
    assert '"/shop/shoes/1"' in first[0], first
    field = browser.find_element(By.CSS_SELECTOR, "[data-testid=url-input]")
    field.send_keys("2")
    wait(browser).until(lambda d: d.find_element(By.ID, "single-verdicts").get_attribute("data-url").endswith("/12"))
    # The same verdict: the same element, pointed at the new URL; the old URL's trace is gone.
    assert browser.execute_script("return document.querySelector(arguments[0]) === window.keptRow;", ROW)
    row = shown(browser)["rows"][0]
    assert (row["url"], row["decision"], row["open"], row["steps"]) == \
        ("https://shop.example.com/shop/shoes/12", "match", False, 0)
    browser.find_element(By.CSS_SELECTOR, f"{ROW} [data-testid=verdict-trace] button.trace-toggle").click()
    second = wait(browser).until(lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, f"{ROW} [data-testid=verdict-trace] li")])
    assert '"/shop/shoes/12"' in second[0], second


HOLD = """
  // Holds the tester's first answer for one URL until window.release() (the answer itself is
  // the server's, only later); the URL's later requests pass.
  const held = arguments[0];
  const realFetch = window.fetch;
  let holding = true;
  window.delivered = false;
  window.fetch = (input, init) => {
    const answer = realFetch(input, init);
    if (!holding || !String(input).endsWith('/tester') || JSON.parse(init.body).url !== held) return answer;
    holding = false;
    return new Promise((resolve) => {
      window.release = () => { resolve(answer); answer.then(() => setTimeout(() => { window.delivered = true; }, 50)); };
    });
  };
  // Every URL the block claims to show, in order.
  window.claims = [];
  new MutationObserver(() => window.claims.push(document.getElementById('single-verdicts').dataset.url))
    .observe(document.getElementById('single-verdicts'), {attributes: true, attributeFilter: ['data-url']});
"""


def release_and_settle(driver):
    driver.execute_script("window.release();")
    wait(driver).until(lambda d: d.execute_script("return window.delivered;"))


def test_an_answer_that_arrives_after_a_newer_one_is_never_shown(browser, server, sample):
    older, newer = "https://go.example.net/promo/spring", "https://example.com/buy/42"
    browser.execute_script(HOLD, older)
    field = browser.find_element(By.CSS_SELECTOR, "[data-testid=url-input]")
    field.send_keys(older)
    wait(browser).until(lambda d: d.execute_script("return typeof window.release === 'function';"))
    field.clear()
    assert type_url(browser, newer)[APP_ID] == "match"
    before = shown(browser)
    release_and_settle(browser)
    assert shown(browser) == before
    assert before["url"] == newer and len(before["rows"]) == len(server.json(
        "POST", f"/api/documents/{sample}/tester", {"url": newer})[1]["verdicts"])
    assert older not in browser.execute_script("return window.claims;")


def test_an_answer_from_before_a_document_change_never_replaces_the_answer_after_it(browser, server, sample):
    url = "https://go.example.net/promo/spring"
    browser.execute_script(HOLD, url)
    field = browser.find_element(By.CSS_SELECTOR, "[data-testid=url-input]")
    field.send_keys(url)
    wait(browser).until(lambda d: d.execute_script("return typeof window.release === 'function';"))
    # The first answer (no_match for the audited app) is held; the document changes meanwhile.
    status, _, _ = server.request("PUT", f"/api/documents/{sample}/hosts/go.example.net/text",
                                  GO_FIXED.encode(), headers={"Content-Type": "text/plain"})
    assert status == 200
    # The re-decision after the change (the same URL, not held) shows the new verdict...
    selector = f'{ROW}[data-app-id="{APP_ID}"]'
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("data-decision") == "match")
    # ...and the older answer, delivered now, does not replace it.
    assert shown(browser)["url"] == url
    release_and_settle(browser)
    assert browser.find_element(By.CSS_SELECTOR, selector).get_attribute("data-decision") == "match"
    assert browser.execute_script("return window.claims;")[-1] == url
