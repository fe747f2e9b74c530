"""Security of `linklab serve` as a browser and a hostile neighbour see it: no cookie at all, the
bearer token the only credential (kept in the page origin's localStorage), the Host allow-list
(DNS rebinding end to end), another local server's page and its backend replaying everything
the browser holds, Origin checks, the upload cap, and hostile strings that must render as text."""
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
                      show_tab, type_url, upload_through_input, wait, wait_phase)


def raw_request(server, method, path, headers, body=None):
    """http.client, so the Host header (and every other) is exactly what the test says."""
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
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def raw_bytes(server, data, timeout=30):
    """Sends `data` as it is over a socket; returns the status line of the answer."""
    import socket
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as connection:
        connection.sendall(data)
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n")[0].decode()


STATIC = ["/", "/index.html", "/app.js", "/api.js", "/app.css"]


def test_data_needs_the_bearer_and_the_shell_carries_no_secret_and_no_cookie(server):
    host = f"127.0.0.1:{server.port}"
    for path in ["/api/documents", "/api/openapi.json", f"/api/documents?token={server.token}", "/no-such-page"]:
        status, headers, body = raw_request(server, "GET", path, {"Host": host})
        assert status == 401, (path, status)
        assert b"findings" not in body and server.token.encode() not in body
        assert "set-cookie" not in headers
    for path in STATIC + [f"/?token={server.token}"]:
        status, headers, body = raw_request(server, "GET", path, {"Host": host})
        assert status == 200, (path, status)
        assert server.token.encode() not in body, path
        assert "set-cookie" not in headers, path
    status, _, _ = raw_request(server, "GET", "/api/documents", {"Host": host, "Authorization": f"Bearer {server.token}"})
    assert status == 200


def test_the_browser_holds_no_cookie_after_a_whole_session(browser, server, downloads):
    login(browser, server)
    assert "token" not in browser.current_url, "the token must leave the address bar"
    assert browser.execute_script("return localStorage.getItem('linklab-token')") == server.token
    upload_through_input(browser, SAMPLE_IPA)
    browser.find_element(*by_testid("export-json")).click()
    wait(browser).until(lambda _: any(p.suffix == ".json" for p in downloads.iterdir()))
    # Downloaded through fetch and a blob: URL, under the server's own name for it.
    document_id = browser.current_url.split("#/doc/")[1].split("?")[0]
    _, headers, _ = server.request("GET", f"/api/documents/{document_id}/export/json")
    disposition = {k.lower(): v for k, v in headers.items()}["content-disposition"]
    assert [p.name for p in downloads.iterdir()] == [disposition.split('filename="')[1].split('"')[0]]
    show_tab(browser, "urls")
    type_url(browser, "https://example.com/buy/1")
    assert browser.get_cookies() == []
    assert browser.execute_script("return document.cookie") == ""


def test_absolute_form_targets_are_refused_over_a_socket(server):
    host = f"Host: 127.0.0.1:{server.port}\r\nAuthorization: Bearer {server.token}\r\nConnection: close\r\n"
    assert raw_bytes(server, f"GET /api/documents HTTP/1.1\r\n{host}\r\n".encode()) == "HTTP/1.1 200 OK"
    for target in ["http://evil.example/api/documents", f"http://127.0.0.1:{server.port}/api/documents",
                   "//evil.example/api/documents"]:
        line = raw_bytes(server, f"GET {target} HTTP/1.1\r\n{host}\r\n".encode())
        assert line.split()[1] in ("400", "403"), (target, line)


def test_a_wrong_host_gets_421_even_with_the_token(server):
    for host in ["evil.test", f"evil.test:{server.port}", f"localhost.evil.test:{server.port}",
                 f"127.0.0.1.evil.test:{server.port}", "127.0.0.1:1"]:
        for path in ["/api/documents", "/"]:
            status, _, body = raw_request(server, "GET", path, {"Host": host, "Authorization": f"Bearer {server.token}"})
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
        assert "drop-zone" not in source and "app.js" not in source
        answer = driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          fetch('/api/documents', {headers: {'Authorization': 'Bearer ' + arguments[0]}})
            .then(r => done(r.status)).catch(e => done(String(e)));""", server.token)
        assert answer in (421, 403), answer
    finally:
        driver.quit()


class NeighbourPage(http.server.BaseHTTPRequestHandler):
    """Another local web server's page: it tries everything a page can to read and change the
    workbench, and to read the workbench's token from storage. It records what the browser sent
    it (a cookie for 127.0.0.1 would arrive here too)."""
    target = ""
    received = []

    def do_GET(self):
        type(self).received.append({k.lower(): v for k, v in self.headers.items()})
        page = f"""<!doctype html><title>neighbour</title><pre id=out></pre>
        <iframe name=sink></iframe><iframe id=framed></iframe><script>
        const target = {json.dumps(self.target)};
        const results = {{}};
        async function attempt(name, url, init) {{
          try {{ const r = await fetch(url, init); results[name] = r.status + ' ' + (await r.text()).slice(0, 300); }}
          catch (e) {{ results[name] = 'blocked: ' + e; }}
        }}
        function xhr(name, method, url, body) {{
          return new Promise((resolve) => {{
            const x = new XMLHttpRequest();
            x.open(method, url);
            x.withCredentials = true;
            x.onload = () => {{ results[name] = x.status + ' ' + x.responseText.slice(0, 300); resolve(); }};
            x.onerror = () => {{ results[name] = 'blocked: xhr error'; resolve(); }};
            x.send(body);
          }});
        }}
        function image(name, url) {{
          return new Promise((resolve) => {{
            const i = new Image();
            i.onload = () => {{ results[name] = 'loaded ' + i.width; resolve(); }};
            i.onerror = () => {{ results[name] = 'blocked: image error'; resolve(); }};
            i.src = url;
          }});
        }}
        (async () => {{
          results['storage'] = JSON.stringify(Object.entries(localStorage)) + ' ' + JSON.stringify(Object.entries(sessionStorage));
          results['cookie'] = document.cookie;
          await attempt('read', target + '/api/documents', {{credentials: 'include'}});
          await attempt('read-no-cors', target + '/api/documents', {{credentials: 'include', mode: 'no-cors'}});
          await attempt('read-guessed-bearer', target + '/api/documents', {{headers: {{'Authorization': 'Bearer 0123'}}}});
          await attempt('create', target + '/api/documents', {{method: 'POST', credentials: 'include', body: 'x',
            headers: {{'X-LinkLab-Filename': 'evil.ipa'}}}});
          await attempt('create-no-cors', target + '/api/documents', {{method: 'POST', credentials: 'include',
            body: 'x', mode: 'no-cors'}});
          await xhr('xhr-read', 'GET', target + '/api/documents');
          await xhr('xhr-create', 'POST', target + '/api/documents', 'x');
          await image('image', target + '/api/documents');
          const form = document.createElement('form');
          form.method = 'POST'; form.action = target + '/api/documents'; form.target = 'sink';
          form.enctype = 'text/plain';
          const field = document.createElement('input'); field.name = 'x'; field.value = 'y'; form.append(field);
          document.body.append(form);
          form.submit();
          const framed = document.getElementById('framed');
          await new Promise((resolve) => {{ framed.onload = resolve; framed.src = target + '/'; setTimeout(resolve, 3000); }});
          try {{ results['framed-storage'] = String(framed.contentWindow.localStorage.getItem('linklab-token')); }}
          catch (e) {{ results['framed-storage'] = 'blocked: ' + e.name; }}
          await new Promise((resolve) => setTimeout(resolve, 1000));  // the form's POST lands
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
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)  # the browser holds the workbench's token (in that origin's storage)
    open_document(browser, server, document_id)
    assert browser.execute_script("return localStorage.getItem('linklab-token')") == server.token
    before = server.json("GET", "/api/documents")[1]
    handler = type("Neighbour", (NeighbourPage,), {"target": server.base, "received": []})
    neighbour = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=neighbour.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{neighbour.server_address[1]}/")
        wait(browser).until(EC.title_is("done"))
        results = json.loads(browser.find_element(By.ID, "out").text)
    finally:
        neighbour.shutdown()
    assert server.token not in json.dumps(results)
    assert results.pop("storage") == "[] []"  # another port is another origin: not the workbench's storage
    assert results.pop("cookie") == ""
    assert results.pop("framed-storage").startswith("blocked"), "the workbench's storage was reachable"
    for name, outcome in results.items():
        # The browser blocked it (CORS, failed preflight, opaque answer) or the server refused it:
        # never a 2xx, never data.
        assert outcome.startswith("blocked") or outcome.split()[0] in ("0", "401", "403"), (name, outcome)
        assert "findings" not in outcome and '"documents"' not in outcome, (name, outcome)
    assert all("cookie" not in headers for headers in handler.received), handler.received
    assert server.json("GET", "/api/documents")[1] == before


def test_a_replay_of_everything_the_browser_holds_reads_and_changes_nothing(server, browser):
    """What another local server's backend can do: take every cookie the browser holds for
    127.0.0.1 (there must be none) and the workbench's page (it can load it too), then replay
    from outside the browser with the right Host header and any browser-like header."""
    document_id = server.upload(SAMPLE_IPA)
    doc = server.wait_ready(document_id)
    fingerprint = doc["findings"][0]["fingerprint"]
    login(browser, server)
    open_document(browser, server, document_id)
    cookies = browser.get_cookies()
    assert cookies == []
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
    host = f"127.0.0.1:{server.port}"
    shell = b"".join(raw_request(server, "GET", path, {"Host": host, "Cookie": cookie})[2] for path in STATIC)
    assert server.token.encode() not in shell
    assert server.token not in browser.page_source  # nor in the rendered page
    # Everything but the token: the browser's cookies, and any header a browser would send.
    base = {"Host": host, "Cookie": cookie, "Origin": f"http://{host}", "Sec-Fetch-Site": "same-origin",
            "Referer": f"http://{host}/"}
    attempts = [("GET", "/api/documents", None), ("GET", f"/api/documents/{document_id}", None),
                ("GET", f"/api/documents/{document_id}/export/json", None),
                ("GET", f"/api/documents/{document_id}/events", None),
                ("POST", "/api/documents", b"x"),
                ("POST", f"/api/documents/{document_id}/urls", b'{"lines": "https://example.com/"}'),
                ("PUT", f"/api/documents/{document_id}/triage/{fingerprint}", b'{"status": "false_positive", "note": ""}'),
                ("PUT", f"/api/documents/{document_id}/hosts/example.com/file", b"{}"),
                ("DELETE", f"/api/documents/{document_id}", None)]
    for method, path, body in attempts:
        status, headers, answer = raw_request(server, method, path, base, body)
        assert status in (401, 403), (method, path, status)
        assert b"findings" not in answer and "set-cookie" not in headers
    after = server.json("GET", f"/api/documents/{document_id}")[1]
    assert [f.get("triage") for f in after["findings"]] == [f.get("triage") for f in doc["findings"]]
    assert len(server.json("GET", "/api/documents")[1]["documents"]) >= 1


def test_a_second_tab_of_the_same_address_works_after_the_token_left_the_address_bar(server, browser):
    document_id = server.upload(SAMPLE_IPA)
    server.wait_ready(document_id)
    login(browser, server)
    assert "token" not in browser.current_url
    browser.switch_to.new_window("tab")
    browser.get(server.base + "/")  # the address as it now reads: no token
    wait(browser).until(EC.presence_of_element_located(by_testid("document-link", id=document_id)))
    click(browser, "document-link", id=document_id)
    wait_phase(browser)
    assert findings(browser)
    browser.refresh()
    wait_phase(browser)
    assert findings(browser)
    # A browser that never opened the printed address (no token stored) gets nothing, and says why.
    stranger = chrome()
    try:
        stranger.get(server.base + "/")
        wait(stranger).until(lambda d: "no valid token" in d.find_element(By.TAG_NAME, "main").text)
        assert not stranger.find_elements(*by_testid("document-link"))
    finally:
        stranger.quit()


def test_an_upload_goes_through_xhr_with_the_bearer_and_shows_byte_progress(fresh_server, browser, tmp_path):
    big = tmp_path / "Big.ipa"
    with open(big, "wb") as out:
        out.truncate(64 * 1024 * 1024)  # not an app: what matters here is the transfer
    login(browser, fresh_server)
    # Every text the progress line shows, as it changes.
    browser.execute_script("""
      window.__progress = [];
      const line = document.querySelector('.upload-progress');
      new MutationObserver(() => window.__progress.push(line.textContent))
        .observe(line, {childList: true, characterData: true, subtree: true});""")
    browser.find_element(*by_testid("file-input")).send_keys(str(big))
    wait(browser, 120).until(lambda d: "#/doc/" in d.current_url)
    texts = browser.execute_script("return window.__progress")
    shares = [int(t.rsplit(" ", 1)[1][:-1]) for t in texts if t.endswith("%")]
    assert shares and shares[-1] == 100, texts
    assert any(0 <= share < 100 for share in shares), texts  # it moved while bytes were on the way
    assert all("Big.ipa" in t for t in texts if t), texts
    listed = fresh_server.json("GET", "/api/documents")[1]["documents"]
    assert [d["name"] for d in listed] == ["Big.ipa"]
    assert browser.get_cookies() == []


def test_a_foreign_origin_gets_403_even_with_the_bearer(server):
    host = f"127.0.0.1:{server.port}"
    base = {"Host": host, "Authorization": f"Bearer {server.token}"}
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
    import shutil
    import tempfile
    folder = pathlib.Path(tempfile.mkdtemp(prefix="linklab-hostile-"))
    try:
        hostile_strings_render_as_text(browser, server, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def hostile_strings_render_as_text(browser, server, folder):
    login(browser, server)
    driver = browser
    driver.find_element(*by_testid("file-input")).send_keys(str(hostile_ipa(folder)))
    wait_phase(driver)
    assert_inert(driver)
    page_text = driver.find_element(By.TAG_NAME, "main").text
    assert BUNDLE_PAYLOAD in page_text
    assert "<script>window.__xss=2</script>" in page_text  # the URL scheme
    assert BUNDLE_PAYLOAD in driver.find_element(By.ID, "doc-title").text  # the subtitle: bundle ID, app ID
    assert driver.title.startswith("Hostile.ipa")  # the tester's file name names the document
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
