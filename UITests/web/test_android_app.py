"""Both apps of a product in the web workbench: the sample IPA, then the sample APK added to the same
document (the App tab's Android section, each host's apple-app-site-association beside its
assetlinks.json on Domains), an APK-only document, and a hostile .apk refused in clear words.
Screenshots (LINKLAB_SCREENSHOTS=folder) at 1280x800 and 1440x900, light and dark, each of a settled
frame (frames.settle: no reload, scroll or animation under way; a capture right after a scroll once
mixed two scroll offsets)."""
import os
import pathlib
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import (SAMPLE_APK, SAMPLE_IPA, by_testid, chrome, login, show_tab, wait, wait_phase,
                      upload_through_input)
from frames import settle, settled_screenshot

ANDROID_HOSTS = {"example.com", "example.org", "shop.example.com"}
# Every host the sample APK verifies: those with a file in Samples/assetlinks/, and the two planted
# hosts no file stands for (linklab.page.link, shut down; links.linklab.invalid, never resolves).
APK_HOSTS = ANDROID_HOSTS | {"linklab.page.link", "links.linklab.invalid"}
FINGERPRINT = re.compile(r"^([0-9A-F]{2}:){31}[0-9A-F]{2}$")
SHOTS = os.environ.get("LINKLAB_SCREENSHOTS")


def add_app(driver, path):
    """Adds a file to the open document through the App tab's control (as a drop does)."""
    show_tab(driver, "app")
    driver.find_element(*by_testid("add-app-input")).send_keys(str(path))


def android_section(driver):
    return wait(driver).until(lambda d: d.find_element(*by_testid("android-app")))


def open_both(driver, server):
    login(driver, server)
    upload_through_input(driver, SAMPLE_IPA)
    add_app(driver, SAMPLE_APK)
    section = android_section(driver)
    wait_phase(driver)
    return section


def test_android_app_joins_the_ipa_document_and_the_app_tab_shows_it(browser, android_server):
    section = open_both(browser, android_server)
    assert section.get_attribute("data-platform") == "android"
    assert section.get_attribute("data-package") == "com.example.app"
    # The iOS bundles are still there, marked as the iOS part.
    assert browser.find_elements(By.CSS_SELECTOR, '[data-platform="ios"] [data-testid="bundle"]')
    identifiers = section.find_element(By.CSS_SELECTOR, "dl.pairs").text
    assert "com.example.app" in identifiers and "Modelled on" in identifiers
    certificates = section.find_elements(By.CSS_SELECTOR, '[data-testid="android-certificates"] tr[data-sha256]')
    assert certificates, "no signing certificate listed"
    assert all(FINGERPRINT.match(row.get_attribute("data-sha256")) for row in certificates)
    # Each activity is a table of its intent filters (a row each; the last column what it claims).
    activities = section.find_elements(By.CSS_SELECTOR, 'table[data-testid="android-activity"][data-activity]')
    assert activities, "no link-handling activity listed"
    filters = section.find_elements(*by_testid("android-filter"))
    assert any(f.get_attribute("data-auto-verify") == "true" for f in filters)
    claims = " ".join(e.text for e in section.find_elements(
        By.CSS_SELECTOR, '[data-testid="android-filter"] td:nth-child(4)'))
    assert "https://example.com" in claims, claims
    assert "LinkLabSample.apk" in browser.find_element(*by_testid("add-app-status")).text


def test_domains_show_both_files_per_host(browser, android_server):
    open_both(browser, android_server)
    show_tab(browser, "domains")
    rows = wait(browser).until(lambda d: d.find_elements(*by_testid("product-host")))
    hosts = {row.get_attribute("data-host"): row for row in rows}
    assert ANDROID_HOSTS <= set(hosts), hosts.keys()
    both = hosts["example.com"]
    assert both.get_attribute("data-platforms") == "ios android"
    ios = both.find_element(By.CSS_SELECTOR, '[data-platform="ios"] [data-testid="domain"]')
    assert ios.get_attribute("data-host") == "example.com"
    android = both.find_element(By.CSS_SELECTOR, '[data-platform="android"] [data-testid="android-host"]')
    assert android.get_attribute("data-state") == "supplied"
    assert android.get_attribute("data-verified") in ("true", "false")
    verdict = android.find_element(*by_testid("android-verdict")).text
    assert "example.com" in verdict and "verif" in verdict
    route = android.find_element(By.CSS_SELECTOR, '[data-testid="android-routes"] tr[data-route="local"]')
    assert "file://" in route.text and "/tmp" not in route.text
    served = android.find_element(*by_testid("android-file")).text
    assert "com.example.app" in served and "sha256_cert_fingerprints" in served
    assert android.find_element(*by_testid("android-lint-summary")).text
    # A host only iOS claims says the Android app does not name it (and the reverse).
    for host, row in hosts.items():
        platforms = row.get_attribute("data-platforms")
        assert platforms in ("ios", "android", "ios android"), host
        if platforms == "ios":
            assert row.find_element(By.CSS_SELECTOR, '[data-platform="android"] .absent')
        if platforms == "android":
            assert row.find_element(By.CSS_SELECTOR, '[data-platform="ios"] .absent')


def test_an_apk_only_document_shows_the_android_app_and_its_hosts(browser, android_server):
    login(browser, android_server)
    upload_through_input(browser, SAMPLE_APK)
    section = android_section(browser)
    assert section.get_attribute("data-package") == "com.example.app"
    note = browser.find_element(*by_testid("bundles-note")).text
    assert "No iOS app" in note
    assert "com.example.app" in browser.find_element(By.ID, "doc-title").text
    show_tab(browser, "domains")
    rows = wait(browser).until(lambda d: d.find_elements(*by_testid("product-host")))
    assert {row.get_attribute("data-host") for row in rows} == APK_HOSTS
    assert all(row.get_attribute("data-platforms") == "android" for row in rows)
    absent = [row.find_element(By.CSS_SELECTOR, '[data-platform="ios"] .absent').text for row in rows]
    assert all(text == "No iOS app in this document." for text in absent), absent
    states = [card.get_attribute("data-state") for card in browser.find_elements(*by_testid("android-host"))]
    assert sorted(states) == ["not-fetched"] * 2 + ["supplied"] * len(ANDROID_HOSTS), states
    # The IPA joins it as the iOS half.
    add_app(browser, SAMPLE_IPA)
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-platform="ios"] [data-testid="bundle"]'))
    show_tab(browser, "domains")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="product-host"][data-platforms="ios android"]'))


def test_a_hostile_apk_gets_a_clear_error(browser, android_server, tmp_path):
    garbage = tmp_path / "evil.apk"
    garbage.write_bytes(b"PK\x03\x04" + b"\x41" * 4096)
    login(browser, android_server)
    browser.find_element(*by_testid("file-input")).send_keys(str(garbage))
    wait_phase(browser, "failed")
    status = browser.find_element(*by_testid("document-status")).text
    assert "evil.apk" in status, status
    assert "/tmp" not in status and "linklab-" not in status, status
    # Added to a document that holds the IPA: the iOS half stays and a note says why.
    login(browser, android_server)
    upload_through_input(browser, SAMPLE_IPA)
    add_app(browser, garbage)
    # The pane is rebuilt as events arrive: read the note's text inside the retried wait, never
    # through an element found before (a stale reference).
    note = wait(browser).until(lambda d: [e.text for e in d.find_elements(*by_testid("document-note"))
                                          if e.text.startswith("evil.apk: ")])
    assert "/tmp" not in note[0]
    assert not browser.find_elements(*by_testid("android-app"))
    wait(browser).until(lambda d: d.find_elements(*by_testid("bundle")))


def dark(driver, on):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


@pytest.mark.skipif(not SHOTS, reason="set LINKLAB_SCREENSHOTS=folder to write the screenshots")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1440,900", "1280,800"])
def test_android_app_screenshots(android_server, scheme, size):
    folder = pathlib.Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    tag = size.replace(",", "x")
    driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        dark(driver, scheme == "dark")
        open_both(driver, android_server)
        settle(driver)  # each scroll is measured on the layout a late reload leaves
        driver.execute_script(
            "const pane = document.querySelector('.center');"
            "const section = document.querySelector('[data-testid=\"android-app\"]').closest('section');"
            "pane.scrollTop += section.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;")
        settled_screenshot(driver, folder / f"android-app-{tag}-{scheme}.png")
        show_tab(driver, "domains")
        wait(driver).until(lambda d: d.find_elements(*by_testid("android-host")))
        settle(driver)
        driver.execute_script(
            "const pane = document.querySelector('.center');"
            "const row = document.querySelector('[data-testid=\"product-host\"][data-platforms=\"ios android\"]');"
            "pane.scrollTop += row.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;")
        settled_screenshot(driver, folder / f"android-domains-{tag}-{scheme}.png")
        # The Android card itself (below the iOS card when the pane is too narrow for both).
        driver.execute_script(
            "const pane = document.querySelector('.center');"
            "const card = document.querySelector('[data-platforms=\"ios android\"] [data-testid=\"android-host\"]');"
            "pane.scrollTop += card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;")
        settled_screenshot(driver, folder / f"android-host-{tag}-{scheme}.png")
    finally:
        driver.quit()
