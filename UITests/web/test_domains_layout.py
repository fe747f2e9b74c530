"""Domains with both apps of a product (the sample IPA and APK in one document) at 1440x900 and
1280x800, light and dark, scrolled to several places: the host row and the cards' headers never
overlap, on the page and in the pixels a screenshot shows (issue 28: a screenshot showed the first
iOS card's header drawn over its host row and the pane label, the file's text cut at its 4th line).

What is checked at each place:
- geometry: the visible parts (inside the pane) of the pane label, the tab bar, every host row's
  title and every card's header intersect none of the others; an element stuck to a scroller
  (position sticky or fixed) has an opaque background and covers no other stuck element;
- the pane itself has an opaque background (Chromium scrolls a pane as one composited layer only
  then; transparent, the pane was repainted in place while the code boxes inside it were layers
  of their own, and the screenshot of issue 28 mixed two scroll offsets);
- pixels: in a settled screenshot, the padding beside each visible host title and card header
  shows its own container's background (a frame drawn over stale pixels shows something else)."""
import pytest

from conftest import by_testid, chrome, show_tab, wait
from frames import Png, settle
from test_android_app import dark, open_both

PROBE = """
const pane = document.querySelector('.center');
const box = pane.getBoundingClientRect();
const view = { left: Math.max(box.left, 0), top: Math.max(box.top, 0),
               right: Math.min(box.right, innerWidth), bottom: Math.min(box.bottom, innerHeight) };
const panel = document.getElementById('panel-domains');
const shown = (element) => element.getClientRects().length > 0;
function clip(rect) {
  const left = Math.max(rect.left, view.left), top = Math.max(rect.top, view.top);
  const right = Math.min(rect.right, view.right), bottom = Math.min(rect.bottom, view.bottom);
  return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom } : null;
}
function rgba(colour) {
  const parts = colour.match(/[\\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
  return parts.length === 3 ? [...parts, 1] : parts;
}
function label(element) {
  const host = element.closest('[data-host]')?.dataset.host ?? '';
  const platform = element.closest('[data-platform]')?.dataset.platform ?? '';
  return `${element.className || element.tagName}${host ? ' ' + host : ''}${platform ? ' ' + platform : ''}`;
}
const watched = [...pane.querySelectorAll('.tabs'), ...panel.querySelectorAll(
  '.pane-title, .product-host-title, .card-header')].filter(shown);
const visible = watched.map((element) => ({ element, rect: clip(element.getBoundingClientRect()) }))
  .filter((item) => item.rect);
const problems = [];
for (let i = 0; i < visible.length; i++) {
  for (let j = i + 1; j < visible.length; j++) {
    const a = visible[i], b = visible[j];
    if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
    const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
    const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
    if (w > 0.5 && h > 0.5) problems.push(`${label(a.element)} intersects ${label(b.element)} (${w}x${h} px)`);
  }
}
const stuck = [...pane.querySelectorAll('*')].filter((element) => shown(element)
  && ['sticky', 'fixed'].includes(getComputedStyle(element).position));
for (const element of stuck) {
  if (rgba(getComputedStyle(element).backgroundColor)[3] < 1) {
    problems.push(`${label(element)} is ${getComputedStyle(element).position} without an opaque background`);
  }
}
for (let i = 0; i < stuck.length; i++) {
  for (let j = i + 1; j < stuck.length; j++) {
    const a = stuck[i].getBoundingClientRect(), b = stuck[j].getBoundingClientRect();
    if (stuck[i].contains(stuck[j]) || stuck[j].contains(stuck[i])) continue;
    const across = Math.min(a.right, b.right) > Math.max(a.left, b.left);
    if (across && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top)) {
      problems.push(`${label(stuck[i])} covers ${label(stuck[j])} (both stuck)`);
    }
  }
}
if (rgba(getComputedStyle(pane).backgroundColor)[3] < 1) {
  problems.push('the document pane has no opaque background (it is not scrolled as one layer)');
}
// Where the pixels are read: beside each visible host title and card header, inside the padding of
// its container (the host row, the card), halfway down the visible part of the element.
const samples = [];
for (const { element, rect } of visible) {
  const container = element.classList.contains('product-host-title') ? element.closest('.product-host')
    : element.classList.contains('card-header') ? element.closest('.card') : null;
  if (!container || rect.bottom - rect.top < 4) continue;
  const outer = container.getBoundingClientRect();
  const style = getComputedStyle(container);
  const x = Math.round(outer.left + parseFloat(style.borderLeftWidth) + 2);
  const y = Math.round((rect.top + rect.bottom) / 2);
  if (x < view.left || x >= element.getBoundingClientRect().left - 1) continue;
  samples.push({ what: label(element), x, y, colour: rgba(style.backgroundColor).slice(0, 3) });
}
return { problems, samples, scrollTop: pane.scrollTop, labels: visible.map((item) => label(item.element)) };
"""

# Scroll positions, each a script returning the pane's scrollTop target: the top, the row of both
# apps at the pane's top (the screenshot's place), its first card's header half scrolled away, the
# first card well scrolled (its header gone, its file in view: nothing may be stuck there), the next
# host row just below the pane's top, and that row's title half scrolled away.
PLACES = {
    "top": "return 0;",
    "host row": "return at(row()) - 8;",
    "header half": "const header = row().querySelector('.card-header');"
                   "return at(header) + header.getBoundingClientRect().height / 2;",
    "card further": "return at(row().querySelector('.card')) + 300;",
    "next row": "return at(row().nextElementSibling ?? row()) - 40;",
    "next title half": "const title = (row().nextElementSibling ?? row()).querySelector('.product-host-title');"
                       "return at(title) + title.getBoundingClientRect().height / 2;",
}
# Where a host title or a card header must be in view (elsewhere the place may show only a file).
HEADED = {"host row", "header half", "next row", "next title half"}
PLACE = """
const pane = document.querySelector('.center');
const row = () => document.querySelector('[data-testid="product-host"][data-platforms="ios android"]');
const at = (element) => pane.scrollTop + element.getBoundingClientRect().top - pane.getBoundingClientRect().top;
const target = (() => { %s })();
pane.scrollTop = target;
return pane.scrollTop;
"""


def pixel_problems(image, samples, tolerance=3):
    """The samples whose pixel in the screenshot is not their container's background."""
    problems = []
    for sample in samples:
        x, y = sample["x"], sample["y"]
        if not (0 <= x < image.width and 0 <= y < image.height):
            continue
        seen = image[x, y]
        expected = tuple(round(value) for value in sample["colour"])
        if any(abs(a - b) > tolerance for a, b in zip(seen, expected)):
            problems.append(f"{sample['what']}: pixel ({x},{y}) is {seen}, its container's background {expected}")
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1440,900", "1280,800"])
def test_domains_host_rows_and_card_headers_never_overlap(android_server, scheme, size):  # noqa: F811
    driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        dark(driver, scheme == "dark")
        open_both(driver, android_server)
        show_tab(driver, "domains")
        wait(driver).until(lambda d: d.find_elements(*by_testid("android-host")))
        assert settle(driver), "the Domains pane kept changing"
        problems = {}
        reached = []
        for place, script in PLACES.items():
            top = driver.execute_script(PLACE % script)
            reached.append(top)
            assert settle(driver), f"{place}: the pane kept changing"
            probe = driver.execute_script(PROBE)
            assert probe["scrollTop"] == top, (place, probe["scrollTop"], top)
            if place in HEADED:
                assert any(text.startswith(("card-header", "product-host-title")) for text in probe["labels"]), \
                    (place, probe)
            shot = Png(driver.get_screenshot_as_png())
            found = probe["problems"] + pixel_problems(shot, probe["samples"])
            if not probe["samples"] and place in HEADED:
                found.append("no host title or card header beside a container's padding to read")
            if found:
                problems[f"{place} (scrollTop {top})"] = found
        # The places are distinct scroll positions (a pane too short to scroll would test one place).
        assert len(set(reached)) >= 5, reached
        assert problems == {}, problems
    finally:
        driver.quit()


def test_the_document_pane_scrolls_as_one_composited_layer(android_server):  # noqa: F811
    """Chromium's own layer tree (DevTools LayerTree): the document pane is a composited scroller,
    as the findings pane is. Before the pane had an opaque background it was not (its code boxes
    were), and a screenshot just after a scroll showed pixels of two scroll offsets."""
    try:
        import websocket  # websocket-client, installed with selenium
    except ImportError:
        pytest.skip("websocket-client is not installed: no DevTools connection to read the layer tree")
    import json
    import time
    import urllib.request
    driver = chrome(["--window-size=1440,900", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        open_both(driver, android_server)
        show_tab(driver, "domains")
        wait(driver).until(lambda d: d.find_elements(*by_testid("android-host")))
        assert settle(driver)
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as response:
            page = next(target for target in json.load(response) if target["type"] == "page")
        connection = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=20, suppress_origin=True)
        sent = [0]

        def call(method, **params):
            sent[0] += 1
            connection.send(json.dumps({"id": sent[0], "method": method, "params": params}))
            return sent[0]

        def answer(number):
            while True:
                message = json.loads(connection.recv())
                if message.get("id") == number:
                    return message.get("result", {})

        try:
            answer(call("DOM.getDocument", depth=-1))
            call("LayerTree.enable")
            driver.execute_script("document.querySelector('.center').scrollTop += 1")
            layers, deadline = None, time.monotonic() + 20
            while layers is None and time.monotonic() < deadline:
                message = json.loads(connection.recv())
                if message.get("method") == "LayerTree.layerTreeDidChange" and message["params"].get("layers"):
                    layers = message["params"]["layers"]
            assert layers, "no layer tree from DevTools"
            scrollers = set()
            for layer in layers:
                reasons = answer(call("LayerTree.compositingReasons", layerId=layer["layerId"]))
                if "OverflowScrolling" in reasons.get("compositingReasonIds", []) and layer.get("backendNodeId"):
                    node = answer(call("DOM.describeNode", backendNodeId=layer["backendNodeId"])).get("node", {})
                    attributes = node.get("attributes") or []
                    classes = dict(zip(attributes[::2], attributes[1::2])).get("class", "")
                    scrollers.add(f"{node.get('nodeName', '').lower()}.{classes}")
        finally:
            connection.close()
        assert "aside.sidebar" in scrollers, scrollers  # the reference: an opaque pane is composited
        assert "section.center" in scrollers, scrollers
    finally:
        driver.quit()
