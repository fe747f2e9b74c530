"""Settled frames for the browser tests: a screenshot or a measurement taken once the page has
stopped changing, never in the middle of a reload, a scroll or an animation.

The page rebuilds parts of a pane for every event of the document (a reload a few hundred
milliseconds after "ready" is normal), and Chromium paints a scroll a frame later than the script
that scrolled. `settle` waits until, for `quiet_ms`, the DOM had no mutation, no pane scrolled and
no animation ran (looked at once a frame), then lets two more frames be drawn. It gives up after
`limit_ms` and says so (the caller decides whether that fails its test)."""

SETTLE = """
const [quietMs, limitMs, done] = arguments;
const started = performance.now();
let changed = started;
const observer = new MutationObserver(() => { changed = performance.now(); });
observer.observe(document.documentElement,
                 { subtree: true, childList: true, attributes: true, characterData: true });
const scrollers = () => [document.scrollingElement, ...document.querySelectorAll('.sidebar, .center, .inspector')]
  .filter(Boolean).map((element) => `${element.scrollTop},${element.scrollLeft}`).join(';');
let offsets = scrollers();
function frame() {
  const now = performance.now();
  const current = scrollers();
  if (current !== offsets) { offsets = current; changed = now; }
  if (document.getAnimations().some((animation) => animation.playState === 'running')) changed = now;
  const quiet = now - changed >= quietMs;
  if (quiet || now - started >= limitMs) {
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => done({ quiet, waited: Math.round(now - started) })));
  } else {
    requestAnimationFrame(frame);
  }
}
requestAnimationFrame(frame);
"""


def settle(driver, quiet_ms=300, limit_ms=10000):
    """Waits for a settled page (see the module's text); returns True when it settled in time."""
    result = driver.execute_async_script(SETTLE, quiet_ms, limit_ms)
    return bool(result and result.get("quiet"))


def settled_screenshot(driver, path):
    """Saves a screenshot of a settled frame; fails when the page did not settle within 10 s."""
    assert settle(driver), f"the page kept changing; no settled frame for {path}"
    driver.save_screenshot(str(path))


class Png:
    """The pixels of a PNG as Chromium writes a screenshot (8-bit RGB or RGBA, not interlaced),
    decoded with the standard library: `Png(data)[x, y]` is (r, g, b)."""

    def __init__(self, data):
        import struct
        import zlib
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError("not a PNG")
        position, chunks = 8, []
        while position < len(data):
            length, kind = struct.unpack(">I4s", data[position:position + 8])
            body = data[position + 8:position + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if depth != 8 or colour not in (2, 6) or interlace:
                    raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
                self.channels = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                chunks.append(body)
            position += 12 + length
        self.raw = zlib.decompress(b"".join(chunks))
        self.rows = []

    def _row(self, y):
        """Rows are unfiltered on demand, in order (a row's filter reads the row above)."""
        stride, size = self.width * self.channels, self.channels
        while len(self.rows) <= y:
            previous = self.rows[-1] if self.rows else bytes(stride)
            start = len(self.rows) * (stride + 1)
            kind, line = self.raw[start], bytearray(self.raw[start + 1:start + 1 + stride])
            for i in range(stride):
                left = line[i - size] if i >= size else 0
                up = previous[i]
                corner = previous[i - size] if i >= size else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 0xFF
                elif kind == 2:
                    line[i] = (line[i] + up) & 0xFF
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 0xFF
                elif kind == 4:
                    estimate = left + up - corner
                    a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                    line[i] = (line[i] + (left if a <= b and a <= c else up if b <= c else corner)) & 0xFF
            self.rows.append(bytes(line))
        return self.rows[y]

    def __getitem__(self, point):
        x, y = point
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"({x},{y}) is outside the {self.width}x{self.height} image")
        offset = x * self.channels
        return tuple(self._row(y)[offset:offset + 3])
