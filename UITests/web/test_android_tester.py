"""The URL tester with both apps of one product (issue 28): the sample IPA and APK in one document
(the APK added through `POST …/apps`), one row per platform for a typed URL, the both-platforms
table of Samples/urls-both.txt, and a what-if edit of an assetlinks.json that changes an Android
verdict and nothing else. The page decides nothing: every check compares it with the API's answer.
Screenshots (LINKLAB_SCREENSHOTS=folder) at 1280x800 and 1440x900, light and dark."""
import json
import os
import pathlib
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, SAMPLE_IPA, by_testid, chrome, login, open_document, wait

SAMPLE_APK = REPO / "Samples" / "LinkLabSample.apk"
URLS_BOTH = (REPO / "Samples" / "urls-both.txt").read_text()
EXAMPLE_COM_FILE = (REPO / "Samples" / "assetlinks" / "example.com.json").read_text()


def dark(driver, on=True):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


def view(server, document_id):
    status, answer = server.json("GET", f"/api/documents/{document_id}/view")
    assert status == 200, answer
    return answer


@pytest.fixture(scope="module")
def pair(server):
    """The sample IPA, then the sample APK added to the same document (offline: the Android hosts
    are not fetched, so no Android web link verifies until a what-if supplies a file)."""
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    status, _, body = server.request("POST", f"/api/documents/{document_id}/apps", SAMPLE_APK.read_bytes(), headers={
        "X-LinkLab-Filename": SAMPLE_APK.name, "Content-Type": "application/octet-stream"})
    if status in (404, 405):
        pytest.skip(f"this build has no route to add an app to a document (POST …/apps answered {status})")
    assert status == 202, (status, body)
    assert json.loads(body)["platform"] == "android"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, _, data = server.request("PUT", f"/api/documents/{document_id}/urls",
                                         json.dumps({"lines": URLS_BOTH}).encode(),
                                         headers={"Content-Type": "application/json"})
        assert status == 200, data
        answer = view(server, document_id)
        if answer["urls"].get("crossPlatform") and answer["phase"]["phase"] == "ready":
            return document_id
        time.sleep(0.2)
    raise AssertionError("the APK never joined the document")


def decided(server, document_id, url, trace=False):
    status, answer = server.json("POST", f"/api/documents/{document_id}/tester", {"url": url, "trace": trace})
    assert status == 200, answer
    return answer


def list_items(server, document_id):
    status, page = server.json("GET", f"/api/documents/{document_id}/urls?offset=0&limit=2000")
    assert status == 200, page
    return [item for item in page["items"] if item.get("problem") is None]


def type_url(driver, url):
    field = driver.find_element(*by_testid("url-input"))
    field.clear()
    field.send_keys(url)
    wait(driver).until(lambda d: d.find_element(By.ID, "single-verdicts").get_attribute("data-url") == url)


def rows(driver, platform, scope="#single-verdicts"):
    return driver.find_elements(By.CSS_SELECTOR, f'{scope} [data-testid="verdict"][data-platform="{platform}"]')


def shown_rows(driver):
    """The typed URL's rows as the page shows them, in order: (platform, key, decision) per row."""
    return [(e.get_attribute("data-platform"), e.get_attribute("data-key"), e.get_attribute("data-decision"))
            for e in driver.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"]')]


def expected_rows(test):
    """Every platform's rows as the API wrote them (`verdicts`: iOS rows, then Android rows)."""
    return [(v["platform"], v["key"], v["decision"]) for v in test["verdicts"]]


def ios_verdicts(test):
    return [v for v in test["verdicts"] if v["platform"] == "ios"]


def android_verdicts(test):
    return [v for v in test["verdicts"] if v["platform"] == "android"]


def decide_list(driver):
    box = driver.find_element(*by_testid("url-lines"))
    driver.execute_script("arguments[0].value = arguments[1];", box, URLS_BOTH)
    driver.find_element(*by_testid("url-lines-decide")).click()


def table_rows(driver):
    return {e.get_attribute("data-url"): e.get_attribute("data-cross-platform")
            for e in driver.find_elements(*by_testid("cross-platform-row"))}


def test_a_typed_url_has_one_row_per_platform(browser, server, pair):
    login(browser, server)
    open_document(browser, server, pair, tab="urls")
    url = "https://example.com/open/item/7"
    expected = decided(server, pair, url)
    assert ios_verdicts(expected) and android_verdicts(expected), expected
    assert expected["showsPlatforms"] is True
    type_url(browser, url)
    wait(browser).until(lambda d: shown_rows(d) == expected_rows(expected))
    deciding = rows(browser, "android")[0]
    row = android_verdicts(expected)[0]
    assert deciding.get_attribute("data-deciding") == "true"
    assert deciding.get_attribute("data-verified") == row["hooks"]["verified"]
    assert deciding.get_attribute("data-activity") == row["key"]
    assert deciding.find_element(*by_testid("rule-location")).text == row["ruleLocation"]
    assert deciding.find_element(*by_testid("verification")).text == row["badge"]["text"]
    # Offline, nothing fetched: the host does not verify, and the row says why the browser opens it.
    assert row["decision"] == "browser" and row["reason"] == "not_verified"
    assert deciding.get_attribute("data-browser-reason") == "not_verified"
    assert deciding.find_element(*by_testid("verdict-detail")).text == row["detail"]
    cell = browser.find_element(By.CSS_SELECTOR, '#single-verdicts [data-testid="cross-platform-verdict"]')
    assert cell.get_attribute("data-cross-platform") == expected["crossPlatform"]["verdict"]
    # The trace on demand: the steps the package wrote, asked for when the disclosure opens.
    deciding.find_element(By.CSS_SELECTOR, "button.trace-toggle").click()
    traced = android_verdicts(decided(server, pair, url, trace=True))[0]["trace"]
    wait(browser).until(lambda d: [li.text for li in rows(d, "android")[0].find_elements(By.CSS_SELECTOR, ".trace li")]
                        == traced)


def test_the_list_has_the_cross_platform_table(browser, server, pair):
    login(browser, server)
    open_document(browser, server, pair, tab="urls")
    decide_list(browser)
    items = list_items(server, pair)
    expected = {item["url"]: item["crossPlatform"]["verdict"] for item in items}
    wait(browser).until(lambda d: d.find_element(*by_testid("cross-platform-table")).is_displayed()
                        and table_rows(d) == expected)
    counts = {count["verdict"]: count["count"] for count in view(server, pair)["urls"]["crossPlatform"]["counts"]}

    def shown_counts(driver):
        cells = driver.find_elements(By.CSS_SELECTOR, '[data-testid="cross-platform-counts"] [data-verdict]')
        return {e.get_attribute("data-verdict"): int(e.get_attribute("data-count")) for e in cells}
    # The pane may be rebuilt while it is read (events): each read is retried by `wait`.
    shown = wait(browser).until(lambda d: (lambda found: found if found == counts else None)(shown_counts(d)))
    assert sum(shown.values()) == len(items) == len(expected) > 0
    assert [verdict for verdict in shown if shown[verdict]] != []
    # Each line of the list shows both platforms' rows too.
    line = '#list-verdicts tr[data-url="https://example.com/buy/42"]'

    def platforms(driver):
        found = {e.get_attribute("data-platform")
                 for e in driver.find_elements(By.CSS_SELECTOR, f'{line} [data-testid="verdict"]')}
        return found if {"ios", "android"} <= found else None
    wait(browser).until(platforms)


def test_an_assetlinks_what_if_changes_an_android_verdict_and_nothing_else(browser, server, pair):
    host_path = f"/api/documents/{pair}/hosts/example.com"
    before = {item["url"]: item for item in list_items(server, pair)}
    status, _, body = server.request("PUT", f"{host_path}/text?platform=android", EXAMPLE_COM_FILE.encode(),
                                     headers={"Content-Type": "text/plain"})
    assert status == 200, body
    card = json.loads(body)
    assert card["host"] == "example.com" and card["state"] == "edited"
    try:
        after = {item["url"]: item for item in list_items(server, pair)}
        assert before.keys() == after.keys()
        changed = [url for url in before if android_verdicts(before[url]) != android_verdicts(after[url])]
        assert changed, "the edited file changed no Android verdict"
        for url in before:
            # iOS: nothing changes; Android: only the edited host's URLs.
            assert ios_verdicts(before[url]) == ios_verdicts(after[url]), url
            if url in changed:
                assert urllib.parse.urlsplit(url).hostname == "example.com", url
        flipped = [url for url in changed
                   if android_verdicts(before[url])[0]["decision"] != android_verdicts(after[url])[0]["decision"]]
        assert flipped
        url = flipped[0]
        login(browser, server)
        open_document(browser, server, pair, tab="urls")
        type_url(browser, url)
        expected = decided(server, pair, url)
        wait(browser).until(lambda d: shown_rows(d) == expected_rows(expected))
        assert rows(browser, "android")[0].get_attribute("data-decision") == \
            android_verdicts(after[url])[0]["decision"]
        assert [e.get_attribute("data-decision") for e in rows(browser, "ios")] == \
            [v["decision"] for v in ios_verdicts(before[url])]
        decide_list(browser)
        wanted = {u: item["crossPlatform"]["verdict"] for u, item in after.items()}
        wait(browser).until(lambda d: table_rows(d) == wanted)
        if SHOTS:
            shoot(server, pair, url, suffix="-what-if")
    finally:
        status, _, body = server.request("DELETE", f"{host_path}/file?platform=android")
        assert status == 200, body
        assert json.loads(body)["state"] != "edited"
    reverted = {item["url"]: item for item in list_items(server, pair)}
    assert {u: android_verdicts(i) for u, i in reverted.items()} == {u: android_verdicts(i) for u, i in before.items()}


def test_the_platform_parameter_is_checked(server, pair):
    status, _, body = server.request("DELETE", f"/api/documents/{pair}/hosts/example.com/file?platform=windows")
    assert status == 400, body
    status, _, body = server.request("PUT", f"/api/documents/{pair}/hosts/evil.example/text?platform=android", b"[]",
                                     headers={"Content-Type": "text/plain"})
    assert status == 404, body


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_in_the_tester_with_both_apps(browser, server, pair, scheme):
    from test_views import axe_source
    source = axe_source()
    if source is None:
        pytest.skip("no PyPI package bundling axe-core is installed (axe-selenium-python)")
    dark(browser, scheme == "dark")
    login(browser, server)
    open_document(browser, server, pair, tab="urls")
    decide_list(browser)
    wait(browser).until(lambda d: d.find_elements(*by_testid("cross-platform-row")))
    type_url(browser, "https://example.com/open/item/7")
    wait(browser).until(lambda d: rows(d, "android"))
    browser.execute_script(source)
    result = browser.execute_async_script("""
      const done = arguments[arguments.length - 1];
      axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v =>
        ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
        .catch(e => done([{id: 'axe-error', impact: 'critical', nodes: [String(e)]}]));""")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], json.dumps(serious, indent=1)


SHOTS = os.environ.get("LINKLAB_SCREENSHOTS")


def shoot(server, document_id, url, suffix=""):
    """The tester (a typed URL, its Android trace open) and the both-platforms table, each size and scheme."""
    for size in ["1280,800", "1440,900"]:
        folder = pathlib.Path(SHOTS) / size.replace(",", "x")
        folder.mkdir(parents=True, exist_ok=True)
        for scheme in ["light", "dark"]:
            driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
            try:
                dark(driver, scheme == "dark")
                login(driver, server)
                open_document(driver, server, document_id, tab="urls")
                decide_list(driver)
                wait(driver).until(lambda d: d.find_element(*by_testid("cross-platform-table")).is_displayed()
                                   and d.find_elements(*by_testid("cross-platform-row")))
                type_url(driver, url)
                wait(driver).until(lambda d: rows(d, "android"))
                rows(driver, "android")[0].find_element(By.CSS_SELECTOR, "button.trace-toggle").click()
                wait(driver).until(lambda d: rows(d, "android")[0].find_elements(By.CSS_SELECTOR, ".trace li"))
                driver.execute_script("document.querySelector('#single-verdicts .platform-heading')"
                                      ".scrollIntoView({block: 'start'});")
                driver.save_screenshot(str(folder / f"android-tester{suffix}-{scheme}.png"))
                driver.execute_script(
                    "document.querySelector('[data-testid=\"cross-platform-table\"]').scrollIntoView({block: 'start'});")
                driver.save_screenshot(str(folder / f"android-table{suffix}-{scheme}.png"))
                driver.execute_script(
                    "document.querySelector('#list-verdicts tr[data-url]').scrollIntoView({block: 'start'});")
                driver.save_screenshot(str(folder / f"android-list{suffix}-{scheme}.png"))
            finally:
                driver.quit()


@pytest.mark.skipif(not SHOTS, reason="set LINKLAB_SCREENSHOTS=folder to write the tester's screenshots")
def test_screenshots_of_the_tester_and_the_table(server, pair):
    shoot(server, pair, "https://example.com/open/item/7")
