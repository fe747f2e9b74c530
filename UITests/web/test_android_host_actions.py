"""An Android host's slot on Domains has the iOS card's operations (Refetch, "Use a file…", the
what-if editor, Revert), rendered from the slot's `actions` (`HostActions`): the sample IPA and APK
in one document (Samples/assetlinks supplies each Android host's file), then on example.com's
Android slot an edit that drops the app from assetlinks.json flips the host's Android verdict in
the URL tester to the browser, Revert brings it back, and a supplied `[]` is used as the host's
file. The page decides nothing: each check compares it with the API's view.
Screenshots (LINKLAB_SCREENSHOTS=folder) of the slot with its editor open, edited, at 1280x800 and
1440x900, light and dark."""
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By

from conftest import (SAMPLE_APK, SAMPLE_ASSETLINKS, SAMPLE_IPA, by_testid, chrome, login, show_tab, wait,
                      wait_phase, upload_through_input)
from frames import settle, settled_screenshot

HOST = "example.com"
URL = "https://example.com/open/item/7"
# example.com's file with the app's package renamed: it no longer grants the app anything.
NOT_THE_APP = (SAMPLE_ASSETLINKS / "example.com.json").read_text().replace('"com.example.app"', '"com.example.other"')
SHOTS = os.environ.get("LINKLAB_SCREENSHOTS")


def open_both(driver, server):
    """The sample IPA, then the sample APK added through the App tab; returns the document's id."""
    login(driver, server)
    upload_through_input(driver, SAMPLE_IPA)
    show_tab(driver, "app")
    driver.find_element(*by_testid("add-app-input")).send_keys(str(SAMPLE_APK))
    wait(driver).until(lambda d: d.find_element(*by_testid("android-app")))
    wait_phase(driver)
    return driver.execute_script("return location.hash").split("/")[2].split("?")[0]


def slot_actions(server, document_id, host=HOST, platform="android"):
    """The slot's `actions` as the API's view writes them."""
    status, view = server.json("GET", f"/api/documents/{document_id}/view")
    assert status == 200, view
    row = next(row for row in view["hosts"] if row["host"] == host)
    return next(slot for slot in row["slots"] if slot["platform"] == platform)["actions"]


def android_card(driver, host=HOST):
    selector = (f'[data-testid="product-host"][data-host="{host}"] .platform-slot[data-platform="android"] '
                '[data-testid="android-host"]')
    return wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, selector))


def card_state(driver, host=HOST):
    """(data-state, the state badge's words) of the host's Android card, read in one go."""
    def read(d):
        card = android_card(d, host)
        return card.get_attribute("data-state"), card.find_element(*by_testid("android-state")).text
    return wait(driver).until(read)


def android_decision(server, document_id, driver, url=URL):
    """The deciding Android row's decision on the page, once it is what the API says; returns it."""
    status, answer = server.json("POST", f"/api/documents/{document_id}/tester", {"url": url, "trace": False})
    assert status == 200, answer
    expected = [v for v in answer["verdicts"] if v["platform"] == "android"][0]["decision"]
    show_tab(driver, "urls")
    field = driver.find_element(*by_testid("url-input"))
    field.clear()
    field.send_keys(url)

    def shown(d):
        if d.find_element(By.ID, "single-verdicts").get_attribute("data-url") != url:
            return None
        rows = d.find_elements(By.CSS_SELECTOR, '#single-verdicts [data-testid="verdict"][data-platform="android"]')
        return rows and rows[0].get_attribute("data-decision") == expected and expected
    return wait(driver).until(shown)


def edit(driver, text, host=HOST):
    """Types `text` into the Android slot's what-if editor as a user does (the editor's input event:
    it applies while typing, after the pause the iOS editor waits for)."""
    card = android_card(driver, host)
    if card.find_element(By.CSS_SELECTOR, "details.edit-block").get_attribute("open") is None:
        card.find_element(*by_testid("edit-open")).click()
    editor = card.find_element(*by_testid("edit-aasa"))
    driver.execute_script("arguments[0].value = arguments[1];"
                          "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", editor, text)


def test_the_android_slot_shows_its_actions_as_the_view_writes_them(browser, android_server):
    document_id = open_both(browser, android_server)
    show_tab(browser, "domains")
    actions = slot_actions(android_server, document_id)
    assert actions["platform"] == "android" and actions["host"] == HOST
    card = android_card(browser)
    refetch = card.find_element(*by_testid("refetch"))
    assert refetch.text == "Refetch" and refetch.is_enabled() == actions["canRefetch"]
    assert HOST in refetch.get_attribute("aria-label") and actions["fileName"] in refetch.get_attribute("aria-label")
    assert card.find_element(*by_testid("use-file")).text == "Use a file…"
    file_input = card.find_element(*by_testid("use-file-input"))
    assert file_input.get_attribute("id") == card.find_element(*by_testid("use-file")).get_attribute("for")
    revert = card.find_element(*by_testid("revert"))
    assert revert.is_enabled() == actions["canRevert"]
    summary = card.find_element(*by_testid("edit-open"))
    assert summary.text == actions["editTitle"]
    summary.click()
    editor = card.find_element(*by_testid("edit-aasa"))
    assert editor.get_attribute("value") == actions["editorText"]
    assert editor.get_attribute("data-platform") == "android"
    label = card.find_element(By.CSS_SELECTOR, f'label[for="{editor.get_attribute("id")}"]').text
    assert actions["fileName"] in label and HOST in label
    assert card.find_element(*by_testid("edit-note")).text == (actions.get("editorNote") or "")
    # The iOS card of the same row keeps its own controls and routes.
    ios = browser.find_element(By.CSS_SELECTOR, f'[data-testid="domain"][data-host="{HOST}"]')
    assert ios.find_element(*by_testid("edit-open")).text == "Edit (what-if)"
    assert ios.find_element(*by_testid("edit-aasa")).get_attribute("id") != editor.get_attribute("id")


def test_an_edit_flips_the_android_verdict_and_revert_brings_it_back(browser, android_server):
    document_id = open_both(browser, android_server)
    before = android_decision(android_server, document_id, browser)
    assert before == "opens_app", before
    ios_before = android_server.json("POST", f"/api/documents/{document_id}/tester", {"url": URL})[1]
    show_tab(browser, "domains")
    state, _ = card_state(browser)
    assert state == "supplied"
    edit(browser, NOT_THE_APP)
    wait(browser).until(lambda d: card_state(d)[0] == "edited")
    actions = slot_actions(android_server, document_id)
    assert actions["isEdited"] and actions["canRevert"]
    assert card_state(browser)[1] == "Edited (what-if)"
    wait(browser).until(lambda d: android_card(d).find_element(*by_testid("revert")).is_enabled())
    # The edit's lint is shown under the editor, as the iOS editor shows its own.
    assert android_card(browser).find_element(*by_testid("edit-lint-list-summary")).text
    assert android_decision(android_server, document_id, browser) == "browser"
    # iOS decides as before.
    ios_after = android_server.json("POST", f"/api/documents/{document_id}/tester", {"url": URL})[1]
    assert [v for v in ios_after["verdicts"] if v["platform"] == "ios"] == \
        [v for v in ios_before["verdicts"] if v["platform"] == "ios"]
    show_tab(browser, "domains")
    android_card(browser).find_element(*by_testid("revert")).click()
    wait(browser).until(lambda d: card_state(d)[0] == "supplied")
    assert not slot_actions(android_server, document_id)["isEdited"]
    wait(browser).until(lambda d: not android_card(d).find_element(*by_testid("revert")).is_enabled())
    # The editor starts again from the file that decides.
    wait(browser).until(lambda d: android_card(d).find_element(*by_testid("edit-aasa")).get_attribute("value")
                        == slot_actions(android_server, document_id)["editorText"])
    assert android_decision(android_server, document_id, browser) == "opens_app"


def test_use_a_file_supplies_an_empty_list(browser, android_server, tmp_path):
    document_id = open_both(browser, android_server)
    show_tab(browser, "domains")
    empty = tmp_path / "empty-list.json"
    empty.write_text("[]")
    android_card(browser).find_element(*by_testid("use-file-input")).send_keys(str(empty))

    def supplied_empty(d):
        card = android_card(d)
        route = card.find_elements(By.CSS_SELECTOR, '[data-testid="android-routes"] tr[data-route="local"]')
        return (card.get_attribute("data-state") == "supplied" and route and "empty-list.json" in route[0].text
                and card.get_attribute("data-verified") == "false")
    wait(browser).until(supplied_empty)
    assert "/tmp" not in android_card(browser).text
    actions = slot_actions(android_server, document_id)
    assert actions["editorText"] == "[]" and not actions["isEdited"]
    wait(browser).until(lambda d: android_card(d).find_element(*by_testid("edit-aasa")).get_attribute("value") == "[]")
    assert android_decision(android_server, document_id, browser) == "browser"


def test_refetch_follows_can_refetch_and_answers_with_the_new_state(browser, android_server):
    document_id = open_both(browser, android_server)
    show_tab(browser, "domains")
    for host in ("example.com", "example.org"):
        actions = slot_actions(android_server, document_id, host)
        button = android_card(browser, host).find_element(*by_testid("refetch"))
        assert button.is_enabled() == actions["canRefetch"], host
    android_card(browser).find_element(*by_testid("refetch")).click()
    # Whatever the refetch leads to (offline here), the slot comes to the state the view gives.

    def agrees(d):
        status, view = android_server.json("GET", f"/api/documents/{document_id}/view")
        row = next(row for row in view["hosts"] if row["host"] == HOST)
        slot = next(slot for slot in row["slots"] if slot["platform"] == "android")
        card = android_card(d)
        return (slot["actions"]["canRefetch"] and card.get_attribute("data-state") == slot["panel"]["hooks"]["state"]
                and card.find_element(*by_testid("refetch")).is_enabled())
    wait(browser).until(agrees)


def dark(driver, on):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_domains_with_the_android_actions(browser, android_server, scheme):
    from test_views import axe_source
    source = axe_source()
    if source is None:
        pytest.skip("no PyPI package bundling axe-core is installed (axe-selenium-python)")
    dark(browser, scheme == "dark")
    open_both(browser, android_server)
    show_tab(browser, "domains")
    edit(browser, NOT_THE_APP)
    wait(browser).until(lambda d: card_state(d)[0] == "edited")
    browser.execute_script(source)
    result = browser.execute_async_script("""
      const done = arguments[arguments.length - 1];
      axe.run(document.getElementById('panel-domains'), {resultTypes: ['violations']}).then(r => done(
        r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))
        .catch(e => done([{id: 'axe-error', impact: 'critical', nodes: [String(e)]}]));""")
    serious = [v for v in result if v["impact"] in ("serious", "critical")]
    assert serious == [], serious


@pytest.mark.skipif(not SHOTS, reason="set LINKLAB_SCREENSHOTS=folder to write the screenshots")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1440,900", "1280,800"])
def test_android_host_actions_screenshots(android_server, scheme, size):
    folder = pathlib.Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    tag = size.replace(",", "x")
    driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        dark(driver, scheme == "dark")
        open_both(driver, android_server)
        show_tab(driver, "domains")
        edit(driver, NOT_THE_APP)
        wait(driver).until(lambda d: card_state(d)[0] == "edited")
        settle(driver)
        driver.execute_script(
            "const pane = document.querySelector('.center');"
            "const card = document.querySelector('[data-platforms=\"ios android\"] [data-testid=\"android-host\"]');"
            "pane.scrollTop += card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;")
        settled_screenshot(driver, folder / f"android-host-actions-{tag}-{scheme}.png")
        driver.execute_script(
            "const pane = document.querySelector('.center');"
            "const editor = document.querySelector('[data-testid=\"android-host\"] .edit-block');"
            "pane.scrollTop += editor.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;")
        settled_screenshot(driver, folder / f"android-host-editor-{tag}-{scheme}.png")
    finally:
        driver.quit()
