"""Small things a tester noticed (issue 26, item 13), in headless Chromium against the built server:
`HEAD /` answers as `GET /`, two files dropped at once are not silently half-handled, the hidden
file inputs show keyboard focus on their labels, and a typed URL obeys the list's line limit."""
import pathlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SAMPLE_IPA, Server, by_testid, login, open_document, show_tab, wait, wait_phase


def test_head_answers_as_get(server):
    for path in ("/", "/app.js", "/app.css"):
        get_status, get_headers, get_body = server.request("GET", path, bearer=False)
        head_status, head_headers, head_body = server.request("HEAD", path, bearer=False)
        assert (get_status, head_status) == (200, 200), (path, get_status, head_status)
        assert head_body == b""
        assert int(head_headers["Content-Length"]) == len(get_body), path
        assert head_headers["Content-Type"] == get_headers["Content-Type"]


def test_two_files_dropped_at_once_open_the_first_and_name_the_other(browser, fresh_server, tmp_path):
    second = tmp_path / "second.linklab"
    second.write_text("{}")
    login(browser, fresh_server)
    scratch = browser.execute_script(
        "const i = document.createElement('input'); i.type = 'file'; i.multiple = true; i.id = 'scratch-drop';"
        "document.body.append(i); return i;")
    scratch.send_keys(f"{SAMPLE_IPA}\n{second}")
    browser.execute_script(
        "const files = document.getElementById('scratch-drop').files;"
        "const zone = document.querySelector('[data-testid=drop-zone]');"
        "const data = new DataTransfer(); for (const f of files) data.items.add(f);"
        "for (const type of ['dragenter', 'dragover', 'drop'])"
        "  zone.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));")
    message = wait(browser).until(lambda d: d.find_element(By.ID, "toast").text)
    assert "not opened: second.linklab" in message, message
    wait_phase(browser)


def test_the_labels_of_hidden_file_inputs_show_keyboard_focus(browser, server):
    login(browser, server)
    field = browser.find_element(*by_testid("file-input"))
    label = browser.find_element(By.CSS_SELECTOR, 'label[for="file-input"]')
    assert label.value_of_css_property("outline-style") == "none"
    # Reach the input with the keyboard alone: Tab through the page until it has the focus.
    actions = ActionChains(browser)
    for _ in range(40):
        actions.send_keys(Keys.TAB).perform()
        if browser.switch_to.active_element == field:
            break
    assert browser.switch_to.active_element == field, "Tab never reached the file input"
    assert label.value_of_css_property("outline-style") == "solid"


def test_a_typed_url_obeys_the_lists_line_limit(browser, fresh_server):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    login(browser, fresh_server)
    open_document(browser, fresh_server, document_id, tab="urls")
    field = browser.find_element(*by_testid("url-input"))
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));",
                           field, "https://example.com/" + "a" * 9000)
    problem = wait(browser).until(lambda d: d.find_element(*by_testid("url-problem")).text)
    assert "longer than 8192 characters" in problem, problem


def test_triage_is_a_few_keys_from_a_finding_and_keeps_the_focus_after_save(browser, fresh_server):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    login(browser, fresh_server)
    open_document(browser, fresh_server, document_id)
    actions = ActionChains(browser)
    browser.find_element(By.TAG_NAME, "body").click()
    actions.send_keys("j").perform()  # the first finding, in the inspector
    inspector = wait(browser).until(lambda d: d.find_element(*by_testid("inspector")))
    fingerprint = inspector.get_attribute("data-fingerprint")
    actions.send_keys("s").perform()
    assert browser.switch_to.active_element.get_attribute("data-testid") == "triage-status"
    # Status "Confirmed" (one down from Open), Tab to the note, Tab to Save, Enter.
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).send_keys(Keys.TAB).send_keys("seen on a device")\
        .send_keys(Keys.TAB).send_keys(Keys.ENTER).perform()
    wait(browser).until(lambda d: d.find_element(*by_testid("finding", fingerprint=fingerprint))
                        .get_attribute("data-triage") == "confirmed")
    wait(browser).until(lambda d: d.find_element(*by_testid("inspector")).find_element(*by_testid("triage-status"))
                        .get_attribute("value") == "confirmed")
    assert browser.switch_to.active_element.get_attribute("data-testid") == "triage-save"


def test_errors_are_in_the_pages_words(browser, tmp_path):
    """A file over the upload limit and a server that stopped answering read as the page says
    them, not as an HTTP status line or a browser's network error."""
    small = Server("--max-upload", "4096")
    try:
        login(browser, small)
        browser.find_element(*by_testid("file-input")).send_keys(str(SAMPLE_IPA))
        message = wait(browser).until(lambda d: d.find_element(By.ID, "toast").text)
        assert "larger than this server accepts" in message, message
    finally:
        small.stop()
    # The server is gone: the next action says so in the page's words.
    browser.find_element(By.ID, "aasa-host").send_keys("example.com")
    browser.find_element(By.ID, "aasa-host").submit()
    message = wait(browser).until(lambda d: "did not answer" in d.find_element(By.ID, "toast").text
                                  and d.find_element(By.ID, "toast").text)
    assert "is linklab serve still running?" in message, message


def test_at_200_percent_zoom_the_page_scrolls_and_every_pane_is_usable(browser, fresh_server):
    """A 1280×800 window at 200 % zoom: 640×400 CSS pixels at a device scale of 2."""
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    browser.set_window_size(1280, 800)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 640, "height": 400, "deviceScaleFactor": 2, "mobile": False})
    try:
        login(browser, fresh_server)
        open_document(browser, fresh_server, document_id, tab="app")
        ActionChains(browser).send_keys("j").perform()
        wait(browser).until(lambda d: d.find_element(*by_testid("inspector")))
        sizes = browser.execute_script(
            "const box = (s) => document.querySelector(s).getBoundingClientRect();"
            "return {page: document.scrollingElement.scrollHeight, view: innerHeight,"
            " panes: ['.sidebar', '.center', '.inspector'].map((s) => [box(s).width, box(s).height])};")
        assert sizes["page"] > sizes["view"] * 2, sizes  # the page itself scrolls
        for width, height in sizes["panes"]:
            assert width >= 600 and height >= 150, sizes  # no pane squeezed to a sliver
        # Every pane can be reached by scrolling the page: the inspector's triage control too.
        status = browser.find_element(*by_testid("triage-status"))
        browser.execute_script("arguments[0].scrollIntoView()", status)
        assert status.is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_two_reopenings_of_one_session_are_told_apart_in_the_home_list(browser, fresh_server, tmp_path):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    status, _, session = fresh_server.request("GET", f"/api/documents/{document_id}/export/linklab")
    assert status == 200
    path = tmp_path / "from-a-client.linklab"
    path.write_bytes(session)
    for _ in range(2):
        fresh_server.wait_ready(fresh_server.upload(path))
    login(browser, fresh_server)
    names = wait(browser).until(lambda d: [link.text for link in d.find_elements(*by_testid("document-link"))]
                                if len(d.find_elements(*by_testid("document-link"))) == 3 else None)
    # A session is named after the app it holds: the three rows differ by the order they were opened in.
    assert names == ["LinkLabSample.ipa", "LinkLabSample.ipa (2)", "LinkLabSample.ipa (3)"], names


def test_the_list_tables_headers_do_not_wrap_letter_by_letter(browser, fresh_server):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)
    for width, height in ((1280, 800), (1440, 900)):
        browser.set_window_size(width, height)
        login(browser, fresh_server)
        open_document(browser, fresh_server, document_id, tab="urls")
        lines = (SAMPLE_IPA.parent / "urls.txt").read_text()
        browser.execute_script("const t = document.getElementById('url-lines'); t.value = arguments[0];"
                               "t.dispatchEvent(new Event('input'));", lines)
        browser.find_element(*by_testid("url-lines-decide")).click()
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".url-results [role=columnheader], .url-results th"))
        for header in browser.find_elements(By.CSS_SELECTOR, ".url-results [role=columnheader], .url-results th"):
            line = float(browser.execute_script("return parseFloat(getComputedStyle(arguments[0]).lineHeight)", header))
            words = len(header.text.split())
            # A header is at most one line per word: never a letter per line.
            assert header.size["height"] <= line * max(words, 1) + 16, (width, header.text, header.size, line)
