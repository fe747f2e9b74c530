"""The Probes view (issue 29): the sample IPA's handler probe kit in the workbench page. The tester
records a `vulnerable` outcome on a redirect probe, PRB-001 appears in the findings, the session is
exported and opened again with the outcome kept; the kit's files download. Screenshots
(LINKLAB_SCREENSHOTS=folder) at 1280x800 and 1440x900, light and dark."""
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import (SAMPLE_IPA, by_testid, chrome, findings, login, severe_console_entries, show_tab, wait,
                      upload_through_input)
from test_page import wait_download

SHOTS = os.environ.get("LINKLAB_SCREENSHOTS")
NOTE = "Safari opened attacker.example/linklab-probe"


def redirect_probe(driver):
    """The first iOS redirect probe of the kit, once the Probes view shows it."""
    return wait(driver).until(lambda d: d.find_element(
        By.CSS_SELECTOR, '[data-testid="probe"][data-kind="redirect"][data-platform="ios"][data-stale="false"]'))


def open_probes(driver, path):
    upload_through_input(driver, path)
    show_tab(driver, "probes")
    return redirect_probe(driver)


def record_vulnerable(driver, probe_id):
    row = driver.find_element(*by_testid("probe", probe_id=probe_id))
    Select(row.find_element(*by_testid("probe-outcome"))).select_by_value("vulnerable")
    note = row.find_element(*by_testid("probe-note"))
    note.clear()
    note.send_keys(NOTE)
    row.find_element(*by_testid("probe-save")).click()
    wait(driver).until(lambda d: d.find_element(*by_testid("probe", probe_id=probe_id))
                       .get_attribute("data-outcome") == "vulnerable")


def test_a_vulnerable_outcome_becomes_prb_001_and_survives_the_session(browser, server, downloads):
    login(browser, server)
    probe = open_probes(browser, SAMPLE_IPA)
    probe_id = probe.get_attribute("data-probe-id")
    link = probe.find_element(*by_testid("probe-link")).get_attribute("value")
    # The link is shown to copy, never a followable anchor built from it.
    assert link.startswith("https://") and "attacker.example" in link
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-testid="probes"] a[href^="http"]')
    assert not any(finding[0] == "PRB-001" for finding in findings(browser))
    record_vulnerable(browser, probe_id)
    wait(browser).until(lambda d: any(finding[0] == "PRB-001" for finding in findings(d)))
    summary = browser.find_element(*by_testid("probe-summary")).text
    assert "1 vulnerable" in summary, summary

    # The kit's files download through the same bearer-authenticated fetch as the exports.
    browser.find_element(*by_testid("probe-export-script")).click()
    script = wait_download(downloads, ".probes.sh")
    assert script.read_text().startswith("#!")

    browser.find_element(*by_testid("export-session")).click()
    session = wait_download(downloads, ".linklab")
    assert probe_id in session.read_text() and NOTE in session.read_text()

    # Opened again: the outcome and its finding are there.
    login(browser, server)
    open_probes(browser, session)
    reopened = wait(browser).until(lambda d: d.find_element(*by_testid("probe", probe_id=probe_id)))
    assert reopened.get_attribute("data-outcome") == "vulnerable"
    assert reopened.find_element(*by_testid("probe-note")).get_attribute("value") == NOTE
    wait(browser).until(lambda d: any(finding[0] == "PRB-001" for finding in findings(d)))
    assert not severe_console_entries(browser)


def dark(driver, on):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


@pytest.mark.skipif(not SHOTS, reason="set LINKLAB_SCREENSHOTS=folder to write the screenshots")
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1440,900", "1280,800"])
def test_probes_screenshots(server, scheme, size):
    folder = pathlib.Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    tag = size.replace(",", "x")
    driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        dark(driver, scheme == "dark")
        login(driver, server)
        probe = open_probes(driver, SAMPLE_IPA)
        record_vulnerable(driver, probe.get_attribute("data-probe-id"))
        wait(driver).until(lambda d: any(finding[0] == "PRB-001" for finding in findings(d)))
        # The view from its top: the title, counts, the kit's files, then the probes.
        driver.execute_script("document.activeElement.blur(); document.querySelector('.center').scrollTop = 0;")
        driver.save_screenshot(str(folder / f"probes-{tag}-{scheme}.png"))
    finally:
        driver.quit()
