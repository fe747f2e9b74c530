"""Security of `linklab serve` as a browser and a hostile neighbour see it: authentication,
the Host allow-list (DNS rebinding end to end), another local server's page, CSRF and Origin
checks, the upload cap, and hostile strings that must render as text."""
import functools
import http.client
import http.server
import json
import pathlib
import plistlib
import threading
import zipfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import (SAMPLE_IPA, Server, by_testid, click, chrome, findings, login, open_document, severe_console_entries,
                      show_tab, type_url, wait, wait_phase)


def raw_request(server, method, path, headers, body=None):
    """http.client, so the Host header is exactly what the test says."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), data


def page_cookie(server, browser):
    login(browser, server)
    return "; ".join(f"{c['name']}={c['value']}" for c in browser.get_cookies())


def test_no_credentials_gets_401_and_no_data(server):
    host = f"127.0.0.1:{server.port}"
    for path in ["/api/documents", "/", "/app.js", "/api/openapi.json"]:
        status, _, body = raw_request(server, "GET", path, {"Host": host})
        assert status == 401, (path, status)
        assert b"linklab-csrf" not in body and b"findings" not in body
    status, _, _ = raw_request(server, "GET", "/?token=" + "0" * len(server.token), {"Host": host})
    assert status == 401


def test_a_wrong_host_gets_421_even_with_the_token(server):
    for host in ["evil.test", f"evil.test:{server.port}", f"localhost.evil.test:{server.port}",
                 f"127.0.0.1.evil.test:{server.port}", "127.0.0.1:1"]:
        status, _, body = raw_request(server, "GET", "/api/documents",
                                      {"Host": host, "Authorization": f"Bearer {server.token}"})
        assert status in (421, 403), (host, status)
        assert b"findings" not in body
    status, _, _ = raw_request(server, "GET", "/api/documents",
                               {"Host": f"localhost:{server.port}", "Authorization": f"Bearer {server.token}"})
    assert status == 200


def test_dns_rebinding_in_chromium_sees_no_page_and_no_data(server):
    # The attacker's name resolves to 127.0.0.1: the browser sends Host: rebind.test:PORT.
    driver = chrome(["--host-resolver-rules=MAP rebind.test 127.0.0.1"])
    try:
        driver.get(f"http://rebind.test:{server.port}/?token={server.token}")
        source = driver.page_source
        assert "linklab-csrf" not in source and "drop-zone" not in source
        answer = driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          fetch('/api/documents', {headers: {'Authorization': 'Bearer ' + arguments[0]}})
            .then(r => done(r.status)).catch(e => done(String(e)));""", server.token)
        assert answer in (421, 403), answer
    finally:
        driver.quit()


class NeighbourPage(http.server.SimpleHTTPRequestHandler):
    """Another local web server's page: it tries to read and change the workbench."""
    target = ""

    def do_GET(self):
        page = f"""<!doctype html><title>neighbour</title><pre id=out></pre><script>
        const target = {json.dumps(self.target)};
        const results = {{}};
        async function attempt(name, url, init) {{
          try {{ const r = await fetch(url, init); results[name] = r.status + ' ' + (await r.text()).slice(0, 200); }}
          catch (e) {{ results[name] = 'blocked: ' + e; }}
        }}
        (async () => {{
          await attempt('read', target + '/api/documents', {{credentials: 'include'}});
          await attempt('read-header', target + '/api/documents', {{credentials: 'include', headers: {{'X-LinkLab-CSRF': 'guess'}}}});
          await attempt('create', target + '/api/documents', {{method: 'POST', credentials: 'include', body: 'x',
            headers: {{'X-LinkLab-Filename': 'evil.ipa'}}}});
          await attempt('create-no-cors', target + '/api/documents', {{method: 'POST', credentials: 'include', body: 'x', mode: 'no-cors'}});
          document.getElementById('out').textContent = JSON.stringify(results);
          document.title = 'done';
        }})();
        </script>""".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *arguments):
        pass


def test_another_local_servers_page_cannot_read_or_change_anything(server, browser):
    login(browser, server)  # the browser holds the workbench's cookie
    before = server.json("GET", "/api/documents")[1]
    handler = type("Neighbour", (NeighbourPage,), {"target": server.base})
    neighbour = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=neighbour.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{neighbour.server_address[1]}/")
        wait(browser).until(EC.title_is("done"))
        results = json.loads(browser.find_element(By.ID, "out").text)
        for name, outcome in results.items():
            # Either the browser blocked it (CORS, failed preflight) or the server refused it;
            # never a 2xx with data.
            assert outcome.startswith("blocked") or outcome.split()[0] in ("0", "401", "403"), (name, outcome)
            assert "findings" not in outcome
    finally:
        neighbour.shutdown()
    assert server.json("GET", "/api/documents")[1] == before


def test_a_cookie_without_the_csrf_header_gets_403(server, browser):
    cookie = page_cookie(server, browser)
    host = f"127.0.0.1:{server.port}"
    status, _, body = raw_request(server, "GET", "/api/documents", {"Host": host, "Cookie": cookie})
    assert status == 403 and b"findings" not in body
    status, _, _ = raw_request(server, "POST", "/api/documents",
                               {"Host": host, "Cookie": cookie, "X-LinkLab-Filename": "x.ipa"}, b"x")
    assert status == 403


def test_a_foreign_origin_gets_403(server, browser):
    cookie = page_cookie(server, browser)
    csrf = browser.find_element(By.CSS_SELECTOR, 'meta[name="linklab-csrf"]').get_attribute("content")
    host = f"127.0.0.1:{server.port}"
    base = {"Host": host, "Cookie": cookie, "X-LinkLab-CSRF": csrf}
    assert raw_request(server, "GET", "/api/documents", base)[0] == 200
    for extra in [{"Origin": "http://evil.test"}, {"Origin": f"http://127.0.0.1:{server.port + 1}"},
                  {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}]:
        status, _, _ = raw_request(server, "GET", "/api/documents", {**base, **extra})
        assert status == 403, (extra, status)


def test_an_upload_over_the_limit_gets_413_and_leaves_no_file(tmp_path):
    limited = Server("--max-upload", "100000")
    try:
        big = tmp_path / "big.ipa"
        big.write_bytes(b"\0" * 300_000)
        status, _, body = limited.request("POST", "/api/documents", big.read_bytes(),
                                          headers={"X-LinkLab-Filename": "big.ipa"})
        assert status == 413, (status, body)
        assert "error" in json.loads(body)
        # Without Content-Length (chunked): the streaming counter must trip too.
        connection = http.client.HTTPConnection("127.0.0.1", limited.port, timeout=30)
        connection.putrequest("POST", "/api/documents")
        connection.putheader("Authorization", f"Bearer {limited.token}")
        connection.putheader("X-LinkLab-Filename", "big.ipa")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        try:
            for _ in range(30):
                chunk = b"\0" * 16384
                connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            connection.send(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before the body ends
        status = connection.getresponse().status
        assert status == 413
        assert limited.leftover_files() == []
    finally:
        limited.stop()


# --- hostile strings ----------------------------------------------------------------------------

PAYLOAD = '"><img src=x onerror="window.__xss=1">'
BUNDLE_PAYLOAD = 'com.example.app"><img src=x onerror=window.__xss=7>'


def hostile_ipa(folder):
    """The sample with a hostile bundle name and identifier (Info.plist) and a hostile DER
    entitlement (same length, so the signature blob keeps its layout)."""
    target = folder / "Hostile.ipa"
    with zipfile.ZipFile(SAMPLE_IPA) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "Payload/LinkLab.app/Info.plist":
                plist = plistlib.loads(data)
                plist["CFBundleName"] = PAYLOAD
                plist["CFBundleDisplayName"] = PAYLOAD
                plist["CFBundleIdentifier"] = BUNDLE_PAYLOAD
                plist["CFBundleURLTypes"] = [{"CFBundleURLSchemes": ["<script>window.__xss=2</script>"]}]
                data = plistlib.dumps(plist, fmt=plistlib.FMT_BINARY)
            elif info.filename == "Payload/LinkLab.app/LinkLab":
                needle = b"\x0c\x14applinks:example.com"
                data = data.replace(needle, b"\x0c\x14<img/src/onerror=x> ")
            out.writestr(info, data)
    return target


def assert_inert(driver):
    assert driver.execute_script("return window.__xss === undefined")
    assert driver.find_elements(By.CSS_SELECTOR, "main img, main script, main svg[onload], main [onerror], main [onclick]") == []
    entries = severe_console_entries(driver)
    assert not [e for e in entries if "Trusted" in e["message"] or "Content Security Policy" in e["message"]], entries


def test_hostile_strings_render_as_text_with_no_script_and_no_trusted_types_violation(browser, server):
    import tempfile
    folder = pathlib.Path(tempfile.mkdtemp())
    login(browser, server)
    driver = browser
    driver.find_element(*by_testid("file-input")).send_keys(str(hostile_ipa(folder)))
    wait_phase(driver)
    assert_inert(driver)
    page_text = driver.find_element(By.TAG_NAME, "main").text
    assert BUNDLE_PAYLOAD in page_text
    assert "<script>window.__xss=2</script>" in page_text  # the URL scheme
    assert BUNDLE_PAYLOAD in driver.find_element(By.ID, "doc-title").text  # the subtitle: bundle ID, app ID
    # The tampered DER entitlement: the XML/DER disagreement finding quotes both values.
    assert "<img/src/onerror=x>" in page_text
    show_tab(driver, "domains")
    # An association file with hostile rules, applied through the page's editor.
    hostile_file = json.dumps({"applinks": {"details": [{"appIDs": [f"ABCDE12345.com.example.app"],
                               "components": [{"/": f"/{PAYLOAD}*", "comment": "</textarea><script>window.__xss=3</script>"}]}]}})
    card = driver.find_element(*by_testid("domain", host="example.com"))
    card.find_element(*by_testid("edit-open")).click()
    editor = card.find_element(*by_testid("edit-aasa"))
    driver.execute_script("arguments[0].value = arguments[1];", editor, hostile_file)
    card.find_element(*by_testid("edit-aasa-apply")).click()
    wait(driver).until(lambda d: d.find_element(*by_testid("domain", host="example.com")).get_attribute("data-state") in ("edited", "supplied"))
    # The file is shown as JSON text, so the payload's quotes appear escaped; its markup must be visible as text.
    wait(driver).until(lambda d: "<img src=x onerror=" in d.find_element(*by_testid("domain", host="example.com")).text)
    assert_inert(driver)
    # A hostile URL in the tester.
    show_tab(driver, "urls")
    type_url(driver, f"https://example.com/{PAYLOAD}<script>window.__xss=4</script>")  # decided or refused: shown as text
    type_url(driver, "https://example.com/%22%3E%3Cimg%20src=x%20onerror=window.__xss=6%3E")
    assert_inert(driver)
    # A hostile triage note.
    fingerprint = click(driver, "finding", finding_id="AASA-007").get_attribute("data-fingerprint")
    driver.find_element(*by_testid("triage-note")).send_keys("<img src=x onerror=window.__xss=5>")
    driver.find_element(*by_testid("triage-save")).click()
    document_id = driver.current_url.split("#/doc/")[1].split("?")[0]

    def note_saved(_):
        doc = server.json("GET", f"/api/documents/{document_id}")[1]
        return any((f.get("triage") or {}).get("note") == "<img src=x onerror=window.__xss=5>" for f in doc["findings"])
    wait(driver).until(note_saved)
    driver.refresh()
    wait_phase(driver)
    click(driver, "finding", fingerprint=fingerprint)
    assert driver.find_element(*by_testid("triage-note")).get_attribute("value") == "<img src=x onerror=window.__xss=5>"
    assert_inert(driver)
