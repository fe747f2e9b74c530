"""Issue 26, items 10 and 11, in real Chromium: a URL list of thousands of lines arrives in
slices and ends with every line on screen, decided exactly as the CLI decides it; the view
never carries the list's lines; a triage Save patches its sidebar row (the other rows stay the
same elements) without reloading the view. Speed is measured by
Benchmarks/WebBenchmark/bench-scale.py, not here."""
import json
import subprocess
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, SAMPLE_AASA, SAMPLE_IPA, binary_path, by_testid, findings, login, open_document, wait

HOSTS = ["example.com", "shop.example.com", "example.org", "go.example.net"]
PATHS = ["/buy/{n}", "/help/{n}?articleNumber=4815", "/shop/shoes/{n}", "/open/item/{n}", "/promo/{n}",
         "/track/{n}?campaign=spring", "/wwdc/{n}", "/buy/{n}#no_universal_links", "/login{n}"]


def long_list(count):
    """`count` lines over the sample's hosts, every 20th `!`, every 20th (offset 10) `=`, one not a URL."""
    lines = []
    for n in range(count):
        url = f"https://{HOSTS[n % len(HOSTS)]}" + PATHS[(n // len(HOSTS)) % len(PATHS)].format(n=n)
        lines.append("not a url" if n == 1234 else ("! " if n % 20 == 0 else "= " if n % 20 == 10 else "") + url)
    return "\n".join(lines)


SHOWN_ROWS = r"""
return [...document.querySelectorAll('#list-verdicts tr[data-line]')].map((row) => [
  Number(row.dataset.line), row.dataset.url,
  [...row.querySelectorAll('[data-testid="verdict"]')].map((v) => [v.dataset.appId, v.dataset.decision]),
  row.querySelector('[data-testid="url-problem"]') !== null]);
"""


def decide_in_page(driver, lines):
    driver.execute_script("""
        const box = document.querySelector('[data-testid="url-lines"]');
        box.value = arguments[0];
        box.dispatchEvent(new Event('input', { bubbles: true }));
        performance.clearResourceTimings();
        performance.setResourceTimingBufferSize(10000);""", lines)
    driver.find_element(*by_testid("url-lines-decide")).click()


def test_a_long_list_ends_with_every_line_on_screen_decided_as_the_cli_decides(browser, fresh_server, tmp_path):
    server = fresh_server  # its own: these tests open documents past the shared server's share
    count = 2600  # more than the 2,000 lines one view carried before
    lines = long_list(count)
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="urls")
    decide_in_page(browser, lines)
    wait(browser, 120).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#list-verdicts tr[data-line]")) == count)
    assert browser.find_element(*by_testid("list-verdicts")).get_attribute("data-shown") == str(count)
    shown = browser.execute_script(SHOWN_ROWS)
    assert [row[0] for row in shown] == list(range(1, count + 1))
    problem = shown[1234]
    assert problem[3] and problem[2] == [] and problem[1] == "not a url"

    # The CLI on the same list (without the line that is not a URL: the CLI stops at it).
    path = tmp_path / "urls.txt"
    path.write_text("\n".join(line if n != 1234 else "# not a url" for n, line in enumerate(lines.split("\n"))) + "\n")
    result = subprocess.run([str(binary_path()), "scan", str(SAMPLE_IPA), "--aasa", str(SAMPLE_AASA), "--offline",
                             "--urls", str(path), "--format", "json"], cwd=REPO, capture_output=True, text=True)
    cli = {test["line"]: (test["url"], sorted((app["appID"], app["decision"]) for app in test["apps"]))
           for test in json.loads(result.stdout)["urlTests"]}
    assert len(cli) == count - 1
    page = {row[0]: (row[1], sorted(tuple(verdict) for verdict in row[2])) for row in shown if not row[3]}
    assert page == cli

    # The summary is the server's, for every line; the list came in slices, none of them the view.
    summary = browser.find_element(*by_testid("url-list-summary")).text
    assert summary.startswith(f"{count - 1} URLs: ") and "1 line is not a URL" in summary, summary
    requests = browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => [e.name, e.encodedBodySize]);")
    slices = [name for name, _ in requests if "/urls?offset=" in name]
    assert slices, requests
    status, view = server.json("GET", f"/api/documents/{document_id}/view")
    assert status == 200 and view["urls"]["items"] == [] and view["urlList"]["total"] == count
    # The page lists the first links; the test-link page has every one.
    links = browser.find_elements(By.CSS_SELECTOR, '[data-testid="test-links"] .link-list li')
    assert len(links) == 100
    more = browser.find_element(*by_testid("test-links-more")).text
    assert more.startswith(f"… and {count - 1 - 100} more"), more


def test_a_list_changed_elsewhere_is_shown_again_in_full(browser, fresh_server):
    server = fresh_server  # its own: these tests open documents past the shared server's share
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="urls")
    decide_in_page(browser, long_list(300))
    wait(browser).until(lambda d: d.find_element(*by_testid("list-verdicts")).get_attribute("data-shown") == "300")
    # Another client replaces the list: the page follows (a new version), every line of it.
    status, _ = server.json("POST", f"/api/documents/{document_id}/urls", {"lines": long_list(1500)})
    assert status == 200
    wait(browser, 120).until(lambda d: d.find_element(*by_testid("list-verdicts")).get_attribute("data-shown") == "1500"
                             and len(d.find_elements(By.CSS_SELECTOR, "#list-verdicts tr[data-line]")) == 1500)
    status, page = server.json("GET", f"/api/documents/{document_id}/urls?offset=1400&limit=100")
    assert status == 200
    shown = browser.execute_script(SHOWN_ROWS)[1400:]
    assert [(row[0], row[1], sorted(map(tuple, row[2]))) for row in shown] == [
        (item["line"], item["url"], sorted((v["appID"], v["decision"]) for v in item["verdicts"])) for item in page["items"]]


def many_findings_document(server, details=100):
    """An association file whose every detail gives AASA-014, -016 and two AASA-018 rows."""
    body = json.dumps({"applinks": {"details": [
        {"appIDs": [f"T{i:09d}.com.example.a{i}"],
         "components": [{"/": "/*"}, {"/": f"/dead{i}/*"}, {"/": f"/x{i}", "?": {"a": 1}}]}
        for i in range(details)]}}).encode()
    status, _, answer = server.request("POST", "/api/documents", body, headers={
        "X-LinkLab-Domain": "example.com", "Content-Type": "application/json"})
    assert status == 201, answer
    document_id = json.loads(answer)["id"]
    server.wait_ready(document_id)
    return document_id


def save_triage(driver, fingerprint, status):
    driver.find_element(*by_testid("finding", fingerprint=fingerprint)).click()
    wait(driver).until(lambda d: d.find_element(*by_testid("inspector")).get_attribute("data-fingerprint") == fingerprint)
    Select(driver.find_element(*by_testid("triage-status"))).select_by_value(status)
    driver.execute_script("performance.clearResourceTimings();")
    driver.find_element(*by_testid("triage-save")).click()
    wait(driver).until(lambda d: d.find_element(*by_testid("finding", fingerprint=fingerprint))
                       .get_attribute("data-triage") == status)


MARK_ROWS = "for (const b of document.querySelectorAll('#finding-list [data-testid=\"finding\"]')) b.dataset.mark = '1';"
UNMARKED = "return [...document.querySelectorAll('#finding-list [data-testid=\"finding\"]:not([data-mark])')].map((b) => b.dataset.fingerprint);"


def sidebar_as_shown(driver):
    return driver.execute_script("""
        return {
          counts: [...document.querySelectorAll('[data-testid="finding-counts"] .count')].map((c) => [c.dataset.severity, c.querySelector('.count-number').textContent]),
          summary: document.querySelector('[data-testid="finding-summary"]').textContent,
          groups: [...document.querySelectorAll('#finding-list .group')].map((g) => [g.dataset.group, g.querySelector('h3').textContent,
            [...g.querySelectorAll('[data-testid="finding"]')].map((b) => [b.dataset.fingerprint, b.dataset.triage])]),
        };""")


def sidebar_of_view(server, document_id, search=""):
    status, view = server.json("GET", f"/api/documents/{document_id}/view{search}")
    assert status == 200
    findings_view = view["findings"]
    counts = [[c["severity"], str(c["count"])] for c in findings_view["counts"]]
    if findings_view["suppressed"]:
        counts.append(["suppressed", str(findings_view["suppressed"])])
    return {"counts": counts, "summary": findings_view["summary"],
            "groups": [[g["key"], g["title"], [[r["fingerprint"], r["triage"]] for r in g["rows"]]]
                       for g in findings_view["groups"]]}


def test_triage_save_patches_its_sidebar_row_without_reloading_the_view(browser, fresh_server):
    server = fresh_server  # its own: these tests open documents past the shared server's share
    document_id = many_findings_document(server)
    login(browser, server)
    open_document(browser, server, document_id, tab="app")
    rows = findings(browser)
    assert len(rows) >= 400
    browser.execute_script(MARK_ROWS)

    # Confirmed: the row stays where it is, with its new triage.
    target = rows[len(rows) // 2][2]
    save_triage(browser, target, "confirmed")
    assert browser.execute_script(UNMARKED) == [target]  # only that row was built anew
    assert sidebar_as_shown(browser) == sidebar_of_view(server, document_id)

    # False positive: the row moves to the suppressed group, the counts and titles follow.
    browser.execute_script(MARK_ROWS)
    other = rows[len(rows) // 3][2]
    save_triage(browser, other, "false-positive")
    assert browser.execute_script(UNMARKED) == [other]
    assert browser.find_element(By.CSS_SELECTOR, f'.group[data-group="suppressed"] [data-fingerprint="{other}"]')
    assert sidebar_as_shown(browser) == sidebar_of_view(server, document_id)
    # The inspector shows the saved triage too (its detail asked for anew).
    wait(browser).until(lambda d: d.find_element(*by_testid("inspector")).get_attribute("data-fingerprint") == other
                        and Select(d.find_element(*by_testid("triage-status"))).first_selected_option
                        .get_attribute("value") == "false-positive")
    # The Save asked for no view: its answer carried the patch (its own findings event is not a reload).
    time.sleep(1)
    names = browser.execute_script("return performance.getEntriesByType('resource').map((e) => e.name);")
    assert [name for name in names if "/view" in name] == [], names
    assert [name for name in names if "/triage/" in name], names


def test_triage_save_with_a_filter_patches_the_filtered_list(browser, fresh_server):
    server = fresh_server  # its own: these tests open documents past the shared server's share
    document_id = many_findings_document(server, details=40)
    login(browser, server)
    open_document(browser, server, document_id, tab="app")
    field = browser.find_element(*by_testid("finding-filter"))
    field.send_keys("AASA-016")
    wait(browser).until(lambda d: {row[0] for row in findings(d)} == {"AASA-016"})
    target = findings(browser)[5][2]
    save_triage(browser, target, "accepted-risk")
    assert sidebar_as_shown(browser) == sidebar_of_view(server, document_id, "?query=AASA-016")
    # Reopening the page shows the same list the patch made.
    expected = sidebar_as_shown(browser)
    browser.refresh()
    wait(browser).until(lambda d: d.find_elements(*by_testid("finding")))
    field = browser.find_element(*by_testid("finding-filter"))
    field.send_keys("AASA-016")
    wait(browser).until(lambda d: sidebar_as_shown(d) == expected)
