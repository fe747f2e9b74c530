"""The URL tester's both-platforms table (issue 28) at 1280x800 and 1440x900: it stays inside the
document pane, the URL column keeps room for its text, and an outcome ("browser", "opens the app")
wraps between words, never inside one. At 1280x800 the table used to be wider than the pane (its
outcome columns never wrapped) and squeezed each URL to a few characters a line."""
import pytest

from conftest import chrome, login, open_document, wait
from frames import settle
from test_android_tester import decide_list, pair  # noqa: F401 (pair: the fixture)

MEASURE = """
const pane = document.querySelector('.center');
const style = getComputedStyle(pane);
const inner = pane.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
const table = document.querySelector('[data-testid="cross-platform-table"] table.xp-rows');
const rows = [...table.querySelectorAll('tr[data-testid="cross-platform-row"]')];
const problems = [];
const right = table.getBoundingClientRect().right;
if (right > inner + 0.5) problems.push(`the table ends at ${right}, past the pane's content edge ${inner}`);
for (const row of rows) {
  // The URL's cell: room for 8 em of it at least (a shorter URL may leave it narrower than that).
  const cell = row.children[1], url = cell.querySelector('code.url');
  const em = parseFloat(getComputedStyle(url).fontSize);
  const padding = parseFloat(getComputedStyle(cell).paddingLeft) + parseFloat(getComputedStyle(cell).paddingRight);
  const room = cell.getBoundingClientRect().width - padding;
  const first = document.createRange();  // the URL is monospace: its one-line width is its length in characters
  first.setStart(url.firstChild, 0);
  first.setEnd(url.firstChild, 1);
  const natural = first.getBoundingClientRect().width * url.textContent.length;
  if (room + 0.5 < Math.min(8 * em, natural)) {
    problems.push(`${row.dataset.url}: its URL has ${Math.round(room)} px`);
  }
  for (const cell of [row.children[3], row.children[4]]) {
    const range = document.createRange();
    for (const word of cell.textContent.trim().split(/\\s+/)) {
      const start = cell.textContent.indexOf(word);
      const node = cell.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE || start < 0) continue;
      range.setStart(node, start);
      range.setEnd(node, start + word.length);
      if (range.getClientRects().length > 1) problems.push(`${row.dataset.url}: "${word}" is broken across lines`);
    }
  }
}
return { problems, rows: rows.length };
"""


@pytest.mark.parametrize("size", ["1280,800", "1440,900"])
def test_the_both_platforms_table_fits_the_pane(server, pair, size):  # noqa: F811
    driver = chrome([f"--window-size={size}", "--hide-scrollbars", "--force-device-scale-factor=1"])
    try:
        login(driver, server)
        open_document(driver, server, pair, tab="urls")
        decide_list(driver)
        wait(driver).until(lambda d: d.execute_script(
            "return document.querySelectorAll('[data-testid=\"cross-platform-row\"]').length") > 0)
        assert settle(driver), "the tester kept changing"
        result = driver.execute_script(MEASURE)
        assert result["rows"] >= 10, result
        assert result["problems"] == [], result["problems"]
    finally:
        driver.quit()
