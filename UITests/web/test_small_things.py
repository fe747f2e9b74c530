"""Small things a tester noticed (issue 26, item 13), in headless Chromium against the built server:
`HEAD /` answers as `GET /`, two files dropped at once are not silently half-handled, the hidden
file inputs show keyboard focus on their labels, and a typed URL obeys the list's line limit."""
import pathlib

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SAMPLE_IPA, by_testid, login, open_document, show_tab, wait, wait_phase


def test_head_answers_as_get(server):
    for path in ("/", "/app.js", "/app.css"):
        get_status, get_headers, get_body = server.request("GET", path, bearer=False)
        head_status, head_headers, head_body = server.request("HEAD", path, bearer=False)
        assert (get_status, head_status) == (200, 200), (path, get_status, head_status)
        assert head_body == b""
        assert int(head_headers["Content-Length"]) == len(get_body), path
        assert head_headers["Content-Type"] == get_headers["Content-Type"]


def test_two_files_dropped_at_once_open_the_first_and_name_the_other(browser, server, tmp_path):
    second = tmp_path / "second.linklab"
    second.write_text("{}")
    login(browser, server)
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


def test_a_typed_url_obeys_the_lists_line_limit(browser, server):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    open_document(browser, server, document_id, tab="urls")
    field = browser.find_element(*by_testid("url-input"))
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));",
                           field, "https://example.com/" + "a" * 9000)
    problem = wait(browser).until(lambda d: d.find_element(*by_testid("url-problem")).text)
    assert "longer than 8192 characters" in problem, problem
