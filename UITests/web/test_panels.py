"""The page renders what the package computes without knowing the platform (issue 30): each card
of the App tab and each platform's card on Domains is a `Panel` drawn by panel.js, each verdict
row of the URL tester a `Verdict` of any platform. With the sample IPA and APK in one document,
every check compares the page with the API's view: a panel of each platform shows its blocks
(the Android app's signing certificates, the iOS app's entitlements), a host's panel its badges,
and a verdict row of each platform carries its hooks (`data-KEY`), badge and platform tag."""
import json
import time

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from frames import settle
from conftest import REPO, SAMPLE_IPA, Server, binary_path, by_testid, login, open_document, wait

SAMPLE_APK = REPO / "Samples" / "LinkLabSample.apk"
URL = "https://example.com/open/item/7"


@pytest.fixture(scope="module")
def both_server():
    if not binary_path().exists():
        pytest.fail(f"no linklab binary at {binary_path()} (set LINKLAB_BIN)")
    instance = Server("--assetlinks", str(REPO / "Samples" / "assetlinks"))
    yield instance
    instance.stop()


def view(server, document_id):
    status, answer = server.json("GET", f"/api/documents/{document_id}/view")
    assert status == 200, answer
    return answer


@pytest.fixture(scope="module")
def both(both_server):
    """The sample IPA with the sample APK added: (document ID, its settled view)."""
    document_id = both_server.upload(SAMPLE_IPA)
    both_server.wait_ready(document_id)
    status, _, body = both_server.request(
        "POST", f"/api/documents/{document_id}/apps", SAMPLE_APK.read_bytes(),
        headers={"X-LinkLab-Filename": SAMPLE_APK.name, "Content-Type": "application/octet-stream"})
    assert status == 202, (status, body)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = view(both_server, document_id)
        if len(answer["apps"]) > 1 and all(s["panels"] for s in answer["apps"]) \
                and answer["phase"]["phase"] == "ready" and answer["hosts"]:
            return document_id, answer
        time.sleep(0.2)
    raise AssertionError("the APK never joined the document")


def text_of(element):
    """An element's text, closed disclosures included (`textContent`), whitespace collapsed."""
    return " ".join((element.get_attribute("textContent") or "").split())


def table_block(panel, hook):
    return next(block for block in panel["blocks"] if block["kind"] == "table" and block["hook"] == hook)


def test_a_panel_of_each_platform_renders_its_blocks(browser, both_server, both):
    document_id, answer = both
    panels = {section["platform"]: section["panels"] for section in answer["apps"]}
    assert set(panels) == {"ios", "android"}, panels.keys()
    login(browser, both_server)
    open_document(browser, both_server, document_id, tab="app")
    for section in answer["apps"]:
        shown = wait(browser).until(lambda d, s=section: d.find_element(
            By.CSS_SELECTOR, f'section[data-platform="{s["platform"]}"]'))
        assert text_of(shown.find_element(By.CSS_SELECTOR, "h2")) == section["title"]
        for panel in section["panels"]:
            element = shown.find_element(By.CSS_SELECTOR, f'[data-panel="{panel["id"]}"]')
            assert element.get_attribute("data-testid") == panel["hook"]
            assert element.get_attribute("data-platform") == panel["platform"]
            assert element.tag_name == "details" and (element.get_attribute("open") is not None) == panel["isOpen"]
            for key, value in panel["hooks"].items():
                assert element.get_attribute(f"data-{key}") == value, (panel["id"], key)
            assert panel["title"] in text_of(element.find_element(By.CSS_SELECTOR, "summary"))

    # The Android app's signing certificates: one row per certificate, its fingerprint whole.
    android = panels["android"][0]
    certificates = table_block(android, "android-certificates")
    assert certificates["rows"], "the sample APK lists no certificate"
    table = browser.find_element(By.CSS_SELECTOR,
                                 f'[data-panel="{android["id"]}"] table[data-testid="android-certificates"]')
    assert table.find_element(By.CSS_SELECTOR, "caption").text == certificates["text"]
    assert [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")] == certificates["columns"]
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [row.get_attribute("data-sha256") for row in rows] == \
        [row["hooks"]["sha256"] for row in certificates["rows"]]
    for row, expected in zip(rows, certificates["rows"]):
        cells = row.find_elements(By.CSS_SELECTOR, "td")
        assert [text_of(cell) for cell in cells] == [" ".join(cell["lines"]) for cell in expected["cells"]]
        assert cells[0].find_element(By.CSS_SELECTOR, "code.fingerprint").find_elements(By.CSS_SELECTOR, "wbr")

    # The iOS app's entitlements: the associated-domains row, its XML and DER copies as written.
    app = next(panel for panel in panels["ios"] if panel["hooks"].get("role") == "app")
    entitlements = table_block(app, "entitlements")
    expected = next(row for row in entitlements["rows"]
                    if row["hooks"]["key"] == "com.apple.developer.associated-domains")
    row = browser.find_element(By.CSS_SELECTOR, f'[data-panel="{app["id"]}"] table[data-testid="entitlements"] '
                                                'tr[data-key="com.apple.developer.associated-domains"]')
    assert row.get_attribute("data-differs") == expected["hooks"]["differs"]
    cells = row.find_elements(By.CSS_SELECTOR, "td")
    assert [text_of(cell) for cell in cells[:3]] == [" ".join(c["lines"]) for c in expected["cells"][:3]]
    xml = cells[1].find_element(By.CSS_SELECTOR, "pre").get_attribute("textContent")
    assert xml == expected["cells"][1]["lines"][0]
    # Every heading of the panel is on the page, in order.
    headings = [block["text"] for block in app["blocks"] if block["kind"] == "heading"]
    shown = [text_of(e) for e in browser.find_elements(By.CSS_SELECTOR, f'[data-panel="{app["id"]}"] .panel-heading')]
    assert shown == headings


def test_a_host_row_renders_each_slot(browser, both_server, both):
    document_id, answer = both
    login(browser, both_server)
    open_document(browser, both_server, document_id, tab="domains")
    row = next(row for row in answer["hosts"] if all(slot.get("domain") is not None or slot.get("panel")
                                                       for slot in row["slots"]))
    # The row is checked once the page stops changing; a view that lands meanwhile may replace
    # its nodes (a stale element), and the check then starts again on the new ones.
    def check():
        element = wait(browser).until(lambda d: d.find_element(
            By.CSS_SELECTOR, f'[data-testid="product-host"][data-host="{row["host"]}"]'))
        names = [b.text for b in element.find_elements(By.CSS_SELECTOR, ".product-host-title .badge")]
        assert names == row["platformNames"]
        for slot in row["slots"]:
            shown = element.find_element(By.CSS_SELECTOR, f'.platform-slot[data-platform="{slot["platform"]}"]')
            if slot.get("domain") is not None:
                card = shown.find_element(*by_testid("domain"))
                assert card.get_attribute("data-host") == answer["domains"][slot["domain"]]["host"]
                continue
            panel = slot["panel"]
            card = shown.find_element(By.CSS_SELECTOR, f'[data-panel="{panel["id"]}"]')
            assert card.get_attribute("data-testid") == panel["hook"]
            badges = [(b.text, b.get_attribute("data-testid"))
                      for b in card.find_elements(By.CSS_SELECTOR, "header .badge")]
            assert badges == [(badge["text"], badge["hook"] or None) for badge in panel["badges"]]
            for key, value in panel["hooks"].items():
                assert card.get_attribute(f"data-{key}") == value, key
            kinds = [block["kind"] for block in panel["blocks"]]
            if "file" in kinds:
                hook = panel["blocks"][kinds.index("file")]["hook"]
                assert card.find_element(By.CSS_SELECTOR, f'[data-testid="{hook}"] ol.code li')

    for attempt in range(5):
        settle(browser)
        try:
            check()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise


def test_a_verdict_row_of_each_platform_carries_its_hooks(browser, both_server, both):
    document_id, _ = both
    status, test = both_server.json("POST", f"/api/documents/{document_id}/tester", {"url": URL, "trace": False})
    assert status == 200, test
    assert {verdict["platform"] for verdict in test["verdicts"]} == {"ios", "android"}, json.dumps(test)[:400]
    assert test["showsPlatforms"] is True
    login(browser, both_server)
    open_document(browser, both_server, document_id, tab="urls")
    field = browser.find_element(*by_testid("url-input"))
    field.send_keys(URL)
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"]'))
                        == len(test["verdicts"]))
    for verdict in test["verdicts"]:
        row = browser.find_element(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"]'
                                   f'[data-platform="{verdict["platform"]}"][data-key="{verdict["key"]}"]')
        assert row.get_attribute("data-decision") == verdict["decision"]
        assert verdict["hooks"], verdict
        for key, value in verdict["hooks"].items():
            assert row.get_attribute(f"data-{key}") == value, (verdict["platform"], key)
        assert row.find_element(By.CSS_SELECTOR, ".platform-tag").text == verdict["platformName"]
        assert row.find_element(By.CSS_SELECTOR, ".pill").text == verdict["headline"]
        assert row.find_element(*by_testid("rule-location")).text == verdict["ruleLocation"]
        if verdict.get("badge"):
            assert row.find_element(*by_testid(verdict["badge"]["hook"])).text == verdict["badge"]["text"]
        if verdict.get("detail"):
            assert row.find_element(*by_testid("verdict-detail")).text == verdict["detail"]
    cell = browser.find_element(*by_testid("cross-platform-verdict"))
    for outcome in test["crossPlatform"]["outcomes"]:
        assert f'{outcome["platformName"]}: {outcome["text"]}' in cell.text


def test_a_list_line_shows_each_platforms_expectation(browser, both_server, both):
    document_id, _ = both
    login(browser, both_server)
    open_document(browser, both_server, document_id, tab="urls")
    box = browser.find_element(*by_testid("url-lines"))
    browser.execute_script("arguments[0].value = arguments[1];", box, f"= {URL}\n! https://example.com/buy/42")
    browser.find_element(*by_testid("url-lines-decide")).click()
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#list-verdicts tr[data-url]'))
    status, page = both_server.json("GET", f"/api/documents/{document_id}/urls?offset=0&limit=10")
    assert status == 200, page
    items = [item for item in page["items"] if item.get("problem") is None]
    assert any(item["expectations"] for item in items), items
    for item in items:
        def shown(driver, url=item["url"]):
            row = driver.find_element(By.CSS_SELECTOR, f'#list-verdicts tr[data-url="{url}"]')
            return [(e.get_attribute("data-platform"), e.get_attribute("data-met"), e.text)
                    for e in row.find_elements(*by_testid("platform-expectation"))]
        wanted = [(e["platform"], str(e["met"]).lower(), e["text"]) for e in item["expectations"]]
        wait(browser).until(lambda d, w=wanted, s=shown: s(d) == w)
        row = browser.find_element(By.CSS_SELECTOR, f'#list-verdicts tr[data-url="{item["url"]}"]')
        keys = [(e.get_attribute("data-platform"), e.get_attribute("data-key"))
                for e in row.find_elements(*by_testid("verdict"))]
        assert keys == [(v["platform"], v["key"]) for v in item["verdicts"]]
