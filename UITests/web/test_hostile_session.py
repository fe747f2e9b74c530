"""A file from someone else in the browser (issue 26): a hostile `.linklab` session opened through
the page never steers an `--offline` server (its recorded fetch settings are shown, not applied),
and while a host's file is edited (what-if) the export controls say every export is hypothetical.
Against the built `linklab serve` in headless Chromium; the network the session points at is a
real listener on 127.0.0.1 that counts every connection."""
import json
import pathlib
import shutil
import socket
import threading
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import (SAMPLE_AASA, SAMPLE_IPA, Server, by_testid, login, open_document, show_tab, upload_through_input,
                      wait)

APP_ID = "ABCDE12345.com.example.app"
GO_FIXED = json.dumps({"applinks": {"details": [{"appIDs": [APP_ID], "components": [{"/": "/promo/*"}]}]}}, indent=2)


class ConnectionCounter:
    """A TCP listener on 127.0.0.1 that accepts and counts connections (and closes them)."""

    def __init__(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(16)
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.count = 0
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while self.running:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                continue
            self.count += 1
            connection.close()

    def stop(self):
        self.running = False
        self.thread.join(timeout=2)
        self.socket.close()


@pytest.fixture
def counter():
    instance = ConnectionCounter()
    yield instance
    instance.stop()


@pytest.fixture
def partial_server(tmp_path):
    """An --offline server with the sample's files for every host but go.example.net: that host
    has nothing supplied, so fetching it would have to use the network."""
    folder = tmp_path / "aasa"
    shutil.copytree(SAMPLE_AASA, folder)
    (folder / "go.example.net.json").unlink()
    instance = Server("--aasa", str(folder), aasa=False)
    yield instance
    instance.stop()


def hostile_session(server, port):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    status, _, body = server.request("GET", f"/api/documents/{document_id}/export/linklab")
    assert status == 200, status
    session = json.loads(body)
    settings = session["settings"]
    settings["offline"] = False
    settings["fetch"]["cdnBase"] = f"https://127.0.0.1:{port}"
    settings["fetch"]["routes"] = ["cdn", "origin"]
    settings["suppliedFiles"] = {"go.example.net": "/etc/passwd"}
    return json.dumps(session)


def test_a_hostile_session_opened_in_the_page_never_steers_an_offline_server(browser, partial_server, counter, tmp_path):
    path = tmp_path / "from-a-client.linklab"
    path.write_text(hostile_session(partial_server, counter.port))
    login(browser, partial_server)
    upload_through_input(browser, path)
    # The recorded settings are shown as the file's, not applied.
    notes = wait(browser).until(lambda d: d.find_element(*by_testid("document-notes")).text)
    assert "shown, not applied" in notes and f"127.0.0.1:{counter.port}" in notes, notes
    show_tab(browser, "domains")
    hosts = [card.get_attribute("data-host") for card in browser.find_elements(*by_testid("domain"))]
    assert "go.example.net" in hosts, hosts
    for host in hosts:
        browser.find_element(*by_testid("domain", host=host)).find_element(*by_testid("refetch")).click()
    wait(browser).until(lambda d: all(
        card.get_attribute("data-state") not in ("fetching", "pending") for card in d.find_elements(*by_testid("domain"))))
    states = {card.get_attribute("data-host"): card.get_attribute("data-state")
              for card in browser.find_elements(*by_testid("domain"))}
    assert states["shop.example.com"] == "supplied", states
    assert states["go.example.net"] != "supplied", states
    assert "root:" not in browser.find_element(By.TAG_NAME, "body").text
    time.sleep(0.5)  # a stray connection would have arrived by now
    assert counter.count == 0, "the --offline server connected where the session said"


def test_export_controls_warn_while_a_host_is_edited(browser, fresh_server):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    login(browser, fresh_server)
    open_document(browser, fresh_server, document_id, tab="domains")
    warning = browser.find_element(*by_testid("export-warning"))
    assert not warning.is_displayed()
    card = browser.find_element(*by_testid("domain", host="go.example.net"))
    card.find_element(*by_testid("edit-open")).click()
    editor = card.find_element(*by_testid("edit-aasa"))
    browser.execute_script("arguments[0].value = arguments[1];", editor, GO_FIXED)
    card.find_element(*by_testid("edit-aasa-apply")).click()
    wait(browser).until(lambda d: d.find_element(*by_testid("export-warning")).is_displayed())
    text = browser.find_element(*by_testid("export-warning")).text
    assert "What-if edit active on go.example.net" in text, text
    button = browser.find_element(*by_testid("export-pdf"))
    assert button.get_attribute("aria-describedby") == browser.find_element(*by_testid("export-warning")).get_attribute("id")
    browser.find_element(*by_testid("domain", host="go.example.net")).find_element(*by_testid("revert")).click()
    wait(browser).until(lambda d: not d.find_element(*by_testid("export-warning")).is_displayed())


def test_hidden_characters_in_a_served_rule_are_shown_as_markers(browser, fresh_server, tmp_path):
    """A bidi override in a rule reaches the page only as a visible marker."""
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    login(browser, fresh_server)
    open_document(browser, fresh_server, document_id, tab="domains")
    hostile = json.dumps({"applinks": {"details": [
        {"appIDs": [APP_ID], "components": [{"/": "/promo\u202e/*"}]}]}})
    card = browser.find_element(*by_testid("domain", host="go.example.net"))
    card.find_element(*by_testid("edit-open")).click()
    editor = card.find_element(*by_testid("edit-aasa"))
    browser.execute_script("arguments[0].value = arguments[1];", editor, hostile)
    card.find_element(*by_testid("edit-aasa-apply")).click()
    wait(browser).until(lambda d: d.find_elements(*by_testid("finding", finding_id="AASA-027")))
    body = browser.execute_script("return document.body.innerText")
    assert "\u202e" not in body
    assert "‹U+202E›" in body
