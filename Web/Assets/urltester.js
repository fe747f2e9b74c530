// URL tester: one input decided by the server on every keystroke, and again whenever the
// document changes (an edit here or in another tab, a refetch, a supplied file, a revert); a
// multi-line box for lists with expectations (`!` must not open the app, `=` must); and the
// links to try on a device. Every row is a URLTestPresentation rendered as the server wrote it.

import { h, replace, setAttributes, setText, keepChildren, append, visible } from './dom.js';
import { downloadExport } from './exports.js';
import { hookAttributes, badgeAttributes, badgeView } from './panel.js';

/**
 * A verdict's trace behind a disclosure button (`aria-expanded`; its steps, an `ol`, are built
 * when it first opens). A button, not a `<details>`: a `<details>` gets a shadow tree of its own
 * when it enters the page, and thousands of them made a 5,000-line list twice as slow to show.
 */
function traceDisclosure() {
  return h('div', { class: 'trace', 'data-testid': 'verdict-trace' },
    h('button', { type: 'button', class: 'trace-toggle', 'aria-expanded': 'false' }));
}

/** Opens or closes a trace's disclosure; true when it is now open. */
function toggleTrace(trace) {
  const button = trace.firstChild;
  const open = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(open));
  const list = trace.querySelector('ol');
  if (list) list.hidden = !open;
  return open;
}

/**
 * A list's lines are built by cloning these (thousands of them: cloning is the browser's
 * cheapest way to make elements) and filled with text (hidden characters as markers, as
 * `setText` writes it) and fixed attributes only, straight on fresh clones (no diffing, no
 * allow-list lookups: at 5,000 lines every call counts): the same elements, hooks and words
 * `verdictRow` writes for the typed URL.
 */
const templates = {
  row: h('tr', { role: 'row' }, h('td', { role: 'cell' }), h('td', { role: 'cell' }, h('code', { class: 'url' })),
    h('td', { role: 'cell' }), h('td', { role: 'cell' })),
  verdict: h('div', { 'data-testid': 'verdict' }, h('span', {}), h('span', { class: 'app-label' }),
    h('code', { class: 'app-id' }), h('span', { class: 'muted', 'data-testid': 'rule-location' }), traceDisclosure()),
  rule: h('code', { class: 'rule', 'data-testid': 'deciding-rule' }),
  detail: h('p', { class: 'verdict-detail', 'data-testid': 'verdict-detail' }),
  tag: h('span', { class: 'platform-tag' }),
};

/** A verdict's hooks (`data-KEY`) on a fresh element: the keys are checked as `hookAttributes` checks them. */
function setHooks(element, hooks) {
  for (const [name, value] of Object.entries(hookAttributes(hooks))) element.setAttribute(name, value);
}

/** The expectation's per-platform results (`test.expectations`), one badge each. */
function expectationBadges(test) {
  return (test.expectations ?? []).map((expectation) => [' ', h('span', {
    class: `badge ${expectation.met ? 'ok' : 'warn'}`, 'data-testid': 'platform-expectation',
    'data-platform': expectation.platform, 'data-met': String(expectation.met),
  }, expectation.text)]);
}

/** A list line's row (a URLTestPresentation); `traces` learns where each verdict's trace comes from. */
function listRow(test, traces, loadTrace) {
  const row = templates.row.cloneNode(true);
  const status = test.expectationMet === false ? 'unmet' : test.problem ? 'problem' : null;
  if (status) row.className = status;
  row.dataset.url = test.url;
  row.dataset.line = test.line == null ? '' : String(test.line);
  row.dataset.expectationMet = test.expectationMet == null ? 'none' : String(test.expectationMet);
  const line = row.firstChild;
  const url = line.nextSibling;
  const expectation = url.nextSibling;
  const verdicts = expectation.nextSibling;
  line.textContent = row.dataset.line;
  url.firstChild.textContent = visible(test.url);
  if (test.expectationLabel) expectation.textContent = test.expectationLabel;
  if (test.expectationText) {
    expectation.append(h('span', { class: `badge ${test.expectationMet ? 'ok' : 'warn'}` }, ` ${test.expectationText}`));
  }
  append(expectation, expectationBadges(test));
  if (test.problem !== null && test.problem !== undefined) {
    verdicts.append(h('p', { class: 'error-text', 'data-testid': 'url-problem' }, test.problem));
    return row;
  }
  if (test.note) verdicts.append(h('p', { class: 'muted', 'data-testid': 'verdict-note' }, test.note));
  if (test.crossPlatform) verdicts.append(crossPlatformVerdict(test.crossPlatform));
  for (const verdict of test.verdicts) {
    const element = templates.verdict.cloneNode(true);
    element.className = `verdict decision-${verdict.decision}`;
    element.dataset.platform = verdict.platform;
    element.dataset.key = verdict.key;
    element.dataset.decision = verdict.decision;
    element.dataset.url = test.url;
    setHooks(element, verdict.hooks);
    element.setAttribute('aria-label', verdict.accessibilityLabel);
    const pill = element.firstChild;
    const appLabel = pill.nextSibling;
    const appID = appLabel.nextSibling;
    const location = appID.nextSibling;
    const trace = location.nextSibling;
    pill.className = `pill decision-${verdict.decision}`;
    pill.textContent = visible(verdict.headline);
    appLabel.textContent = visible(verdict.appLabel);
    if (verdict.appID === verdict.appLabel) appID.remove();
    else appID.textContent = visible(verdict.appID);
    if (verdict.badge) element.insertBefore(badgeView(verdict.badge), location);
    location.textContent = visible(verdict.ruleLocation);
    if (verdict.ruleText) {
      const rule = templates.rule.cloneNode(false);
      rule.textContent = visible(verdict.ruleText);
      element.insertBefore(rule, trace);
    }
    if (verdict.detail) {
      const detail = templates.detail.cloneNode(false);
      detail.textContent = visible(verdict.detail);
      element.insertBefore(detail, trace);
    }
    const steps = verdict.trace;
    trace.firstChild.textContent = steps ? `Trace (${steps.length} steps)` : 'Trace';
    traces.set(trace, steps ? async () => steps : () => loadTrace(test.url, verdict.platform, verdict.key));
    if (test.showsPlatforms) {
      const tag = templates.tag.cloneNode(false);
      tag.textContent = visible(verdict.platformName);
      element.insertBefore(tag, pill);
    }
    verdicts.append(element);
  }
  return row;
}

/** A URL's verdict on every platform (a CrossPlatformPresentation.Cell), as a badge and each platform's outcome. */
function crossPlatformVerdict(cell) {
  return h('p', { class: 'cross-platform-cell', 'data-testid': 'cross-platform-verdict', 'data-cross-platform': cell.verdict },
    h('span', { class: `xp-pill xp-${cell.verdict}` }, cell.text),
    h('span', { class: 'muted' },
      ` ${cell.outcomes.map((outcome) => `${outcome.platformName}: ${outcome.text}`).join(' · ')}`));
}

/**
 * Opens the traces of a list's verdicts: one click listener for every disclosure in
 * `container`. A trace's steps are built, and asked for when the verdict came without them,
 * when it first opens.
 */
function listTraces(container) {
  const traces = new WeakMap();
  const loaded = new WeakSet();
  container.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('.trace-toggle') : null;
    const trace = button?.parentNode;
    if (!trace || !traces.has(trace) || !toggleTrace(trace) || loaded.has(trace)) return;
    loaded.add(trace);
    const list = trace.querySelector('ol') ?? trace.appendChild(h('ol', {}));
    try {
      const found = await traces.get(trace)();
      replace(list, ...found.map((step) => h('li', {}, h('code', {}, step))));
    } catch (error) {
      loaded.delete(trace); // closing and opening again retries
      replace(list, h('li', { class: 'error-text' }, error.message));
    }
  });
  return traces;
}

/**
 * Shows one URLTestPresentation after another in `container`, updating it in place: the rows are
 * kept by platform and key and only what differs is written, so a keystroke that leaves a verdict
 * as it was costs the browser no layout and no paint. With several platforms each platform's rows
 * follow a heading. Returns the function that shows the next one.
 */
function verdictView(container, loadTrace) {
  const problem = h('p', { class: 'error-text', 'data-testid': 'url-problem' });
  const note = h('p', { class: 'muted', 'data-testid': 'verdict-note' });
  const headings = new Map();
  let rows = new Map();
  return (test) => {
    if (test.problem !== null && test.problem !== undefined) {
      keepChildren(container, [setText(problem, test.problem)]);
      return;
    }
    const shown = test.note ? [setText(note, test.note)] : [];
    if (test.crossPlatform) shown.push(crossPlatformVerdict(test.crossPlatform));
    const next = new Map();
    let platform = null;
    for (const verdict of test.verdicts) {
      if (test.showsPlatforms && verdict.platform !== platform) {
        platform = verdict.platform;
        if (!headings.has(platform)) headings.set(platform, h('h4', { class: 'platform-heading' }));
        shown.push(setText(headings.get(platform), verdict.platformTitle));
      }
      const base = `${verdict.platform} ${verdict.key}`;
      let key = base;
      for (let count = 2; next.has(key); count += 1) key = `${base} ${count}`;
      const row = rows.get(key) ?? verdictRow(loadTrace);
      row.show(verdict, test.url, test.showsPlatforms);
      next.set(key, row);
      shown.push(row.element);
    }
    rows = next;
    keepChildren(container, shown);
  };
}

/** One verdict's row; `show` writes a verdict of `url` into it, as the server wrote it. */
function verdictRow(loadTrace) {
  const tag = h('span', { class: 'platform-tag' });
  const pill = h('span', {});
  const appLabel = h('span', { class: 'app-label' });
  const appID = h('code', { class: 'app-id' });
  const badge = h('span', {});
  const location = h('span', { class: 'muted', 'data-testid': 'rule-location' });
  const rule = h('code', { class: 'rule', 'data-testid': 'deciding-rule' });
  const detail = h('p', { class: 'verdict-detail', 'data-testid': 'verdict-detail' });
  const trace = lazyTrace();
  const element = h('div', { 'data-testid': 'verdict' });
  let hooks = {};
  function show(verdict, url, showsPlatforms) {
    const next = hookAttributes(verdict.hooks);
    const gone = Object.fromEntries(Object.keys(hooks).filter((name) => !(name in next)).map((name) => [name, null]));
    hooks = next;
    setAttributes(element, {
      ...gone, ...next, class: `verdict decision-${verdict.decision}`,
      'data-platform': verdict.platform, 'data-key': verdict.key,
      'data-decision': verdict.decision, 'data-url': url, 'aria-label': verdict.accessibilityLabel,
    });
    setText(tag, verdict.platformName);
    setText(setAttributes(pill, { class: `pill decision-${verdict.decision}` }), verdict.headline);
    setText(appLabel, verdict.appLabel);
    setText(appID, verdict.appID);
    if (verdict.badge) {
      setText(setAttributes(badge, badgeAttributes(verdict.badge)), verdict.badge.text);
    }
    setText(location, verdict.ruleLocation);
    setText(rule, verdict.ruleText ?? '');
    setText(detail, verdict.detail ?? '');
    keepChildren(element, [showsPlatforms ? tag : null, pill, appLabel,
      verdict.appID === verdict.appLabel ? null : appID, verdict.badge ? badge : null, location,
      verdict.ruleText ? rule : null, verdict.detail ? detail : null, trace.element].filter(Boolean));
    if (verdict.trace) trace.show(`Trace (${verdict.trace.length} steps)`, async () => verdict.trace);
    else trace.show('Trace', () => loadTrace(url, verdict.platform, verdict.key));
  }
  return { element, show };
}

/**
 * A trace behind a disclosure: its steps are built (and, without them, fetched) when it opens.
 * `show` points it at another verdict; whatever it showed of the previous one goes (closed).
 */
function lazyTrace() {
  const element = traceDisclosure();
  const button = element.firstChild;
  const list = element.appendChild(h('ol', { hidden: true }));
  let steps = async () => [];
  let loaded = false;
  button.addEventListener('click', async () => {
    if (!toggleTrace(element) || loaded) return;
    loaded = true;
    const asked = steps;
    try {
      const found = await asked();
      if (asked === steps) replace(list, ...found.map((step) => h('li', {}, h('code', {}, step))));
    } catch (error) {
      if (asked !== steps) return;
      loaded = false; // closing and opening again retries
      replace(list, h('li', { class: 'error-text' }, error.message));
    }
  });
  function show(title, next) {
    setText(button, title);
    steps = next;
    if (loaded || button.getAttribute('aria-expanded') === 'true' || list.firstChild) {
      button.setAttribute('aria-expanded', 'false');
      list.hidden = true;
      replace(list);
      loaded = false;
    }
  }
  return { element, show };
}

export function createURLTester({ id, api, toast }) {
  const input = h('input', {
    type: 'url', id: 'url-input', 'data-testid': 'url-input', placeholder: 'https://example.com/path?query#fragment',
    spellcheck: 'false', 'aria-describedby': 'url-help', 'aria-keyshortcuts': 't',
  });
  const single = h('div', { class: 'verdicts', id: 'single-verdicts', 'aria-live': 'polite', 'data-testid': 'single-verdicts' });
  const showTyped = verdictView(single, traceOf);
  let sequence = 0;
  let lastKeystroke = -Infinity;
  let decidedRevision = null;

  // A verdict's trace: the URL decided again, alone, with traces, against the same files (read-only);
  // the row of the same platform and key.
  async function traceOf(url, platform, key) {
    const test = await api.tester(id, url, true);
    return (test.verdicts ?? []).find((verdict) => verdict.platform === platform && verdict.key === key)?.trace ?? [];
  }

  /** Decides the typed URL now; the newest request's answer wins. */
  async function decideTyped() {
    const value = input.value.trim();
    const mine = ++sequence;
    if (!value) { replace(single); single.dataset.url = ''; return; }
    try {
      const test = await api.tester(id, value, false);
      if (mine !== sequence) return;
      showTyped(test);
      single.dataset.url = value;
    } catch (error) {
      if (mine !== sequence) return;
      replace(single, h('p', { class: 'error-text' }, error.message));
      single.dataset.url = value;
    }
  }
  input.addEventListener('input', () => { lastKeystroke = performance.now(); decideTyped(); });

  const box = h('textarea', {
    id: 'url-lines', 'data-testid': 'url-lines', rows: '8', spellcheck: 'false',
    placeholder: 'https://example.com/buy/42\n! https://example.com/account/delete\n= https://example.com/open/7',
  });
  const listSummary = h('p', { class: 'muted', 'data-testid': 'url-list-summary' });
  const listResults = h('div', { class: 'url-list', id: 'list-verdicts', 'data-testid': 'list-verdicts' });
  const decideList = h('button', {
    type: 'button', class: 'primary', 'data-testid': 'url-lines-decide',
    on: {
      click: async () => {
        const mine = ++listRequest;
        try {
          const page = await api.setURLList(id, box.value, firstPage);
          if (mine === listRequest) showList(page, mine, true);
        } catch (error) {
          if (mine === listRequest) streaming = false;
          toast(error.message);
        }
      },
    },
  }, 'Decide the list');
  const context = { reload: () => {} };

  const links = h('div', { class: 'test-links', 'data-testid': 'test-links' });
  const linkList = h('ul', { class: 'link-list' });
  const noLinks = h('p', { class: 'muted' }, 'Decide a list first.');
  const linksMore = h('p', { class: 'muted', 'data-testid': 'test-links-more' });
  // The page lists the first links; the test-link page (a QR code each) has every one.
  const maxLinks = 100;
  let linkCount = 0;
  // One table; its rows are grids and its row groups (`chunk` lines each) are laid out and
  // painted only near the viewport (app.css): thousands of lines cost the browser the ones on
  // screen. The ARIA roles keep the table's semantics whatever CSS does to its display.
  const listTable = h('table', { class: 'table url-results', role: 'table' },
    h('caption', {}, 'Decided URLs'),
    h('thead', { role: 'rowgroup' }, h('tr', { role: 'row' },
      ['Line', 'URL', 'Expectation', 'Verdicts'].map((t) => h('th', { scope: 'col', role: 'columnheader' }, t)))));
  const chunk = 100;
  let listBody = null;
  const traces = listTraces(listResults);

  // The decided list arrives in slices (URLListPage): the first with the answer to Decide (or
  // when the view names a list version the page does not show), the rest one after the other,
  // each appended as it comes. A slice of another version means the list changed meanwhile:
  // it starts again. Rows already shown stay as they are (an open trace stays open) until the
  // list's version changes.
  const firstPage = 100;
  const nextPage = 1000;
  let listRequest = 0;
  let shownVersion = null;
  let wantedVersion = null;
  let shownCount = 0;
  let streaming = false;

  function appendItems(items) {
    const groups = document.createDocumentFragment();
    const urls = document.createDocumentFragment();
    for (const test of items) {
      if (listBody === null || listBody.childElementCount >= chunk) {
        listBody = h('tbody', { role: 'rowgroup' });
        groups.append(listBody);
      }
      listBody.append(listRow(test, traces, traceOf));
      if (test.crossPlatform) crossPlatformRows.append(crossPlatformRow(test));
      if (test.problem != null) continue;
      if (linkCount < maxLinks) {
        urls.append(h('li', {}, h('code', { class: 'url' }, test.url), ' ', h('span', { class: 'muted' }, test.expectationLabel)));
      }
      linkCount += 1;
    }
    listTable.append(groups);
    linkList.append(urls);
    shownCount += items.length;
    listResults.dataset.shown = String(shownCount);
    const more = linkCount - maxLinks;
    keepChildren(links, [linksHead, linksNote, linksButton, linkCount ? linkList : noLinks,
      ...(more > 0 ? [setText(linksMore, `… and ${more} more: the test-link page has every one.`)] : [])]);
  }

  /**
   * Shows the list's first slice (replacing what was shown), then fetches and appends the rest;
   * after the tester's Decide the rest of the page (the findings of the list's expectations)
   * is reloaded once every line is on screen.
   */
  async function showList(page, mine, decided = false) {
    shownVersion = page.version;
    wantedVersion = page.version;
    listSummary.textContent = page.summary;
    listResults.dataset.version = page.version;
    listResults.dataset.total = String(page.total);
    for (const group of listTable.querySelectorAll('tbody')) group.remove();
    crossPlatformRows.replaceChildren();
    listBody = null;
    linkList.replaceChildren();
    shownCount = 0;
    linkCount = 0;
    appendItems(page.items);
    keepChildren(listResults, page.total ? [listTable] : []);
    // The next slices are on their way (a few at a time) while this one is built and shown.
    const asked = [];
    let offset = shownCount;
    const ask = () => {
      while (asked.length < 3 && offset < page.total) {
        asked.push(api.urlListPage(id, offset, nextPage).catch((error) => { toast(error.message); return null; }));
        offset += nextPage;
      }
    };
    ask();
    streaming = asked.length > 0;
    // The first lines are painted before the next slice is built.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    while (asked.length) {
      const next = await asked.shift();
      if (mine !== listRequest) return;
      if (next === null) break;
      if (next.version !== page.version) { streaming = false; loadList(); return; }
      if (next.items.length === 0) break;
      ask();
      appendItems(next.items);
    }
    streaming = false;
    if (decided) context.reload();
  }

  /** Fetches the list's first slice anew (its version changed under the page). */
  async function loadList() {
    const mine = ++listRequest;
    try {
      const page = await api.urlListPage(id, 0, firstPage);
      if (mine === listRequest) showList(page, mine);
    } catch (error) {
      if (mine === listRequest) { streaming = false; toast(error.message); }
    }
  }

  const linksHead = h('h3', {}, 'Try them on a device');
  const linksNote = h('p', { class: 'muted' }, 'Open these on the device from a note or a message (a typed or pasted URL in Safari never opens an app), ',
    'or scan their QR codes from the test-link page.');
  const linksButton = h('p', {}, h('button', {
    type: 'button', 'data-testid': 'export-links',
    on: { click: () => downloadExport(api, id, 'links', toast, linksName) },
  }, 'Download the test-link page (a QR code per link)'));
  keepChildren(links, [linksHead, linksNote, linksButton, noLinks]);

  // The product's apps of several platforms: the list's verdict per URL on every platform (its
  // counts and headers from the view's CrossPlatformPresentation, its rows from each line's cell
  // as the slices arrive).
  const crossPlatformSummary = h('p', { class: 'muted', 'data-testid': 'cross-platform-summary' });
  const crossPlatformCounts = h('tr', { role: 'row' });
  const crossPlatformRows = h('tbody', {});
  const crossPlatformHeaders = h('tr', {});
  const crossPlatformHeading = h('h3', {});
  const crossPlatformCaption = h('caption', {});
  const crossPlatform = h('section', { class: 'cross-platform', 'data-testid': 'cross-platform-table', hidden: true },
    crossPlatformHeading,
    crossPlatformSummary,
    h('table', { class: 'table xp-counts', 'data-testid': 'cross-platform-counts' },
      h('caption', {}, 'URLs by the apps they open'), crossPlatformCounts),
    h('table', { class: 'table xp-rows' },
      crossPlatformCaption,
      h('thead', {}, crossPlatformHeaders),
      crossPlatformRows));

  /** One row of the every-platform table (a line with its CrossPlatformPresentation.Cell). */
  function crossPlatformRow(test) {
    const cell = test.crossPlatform;
    return h('tr', { 'data-testid': 'cross-platform-row', 'data-url': test.url, 'data-cross-platform': cell.verdict },
      h('td', {}, test.line == null ? '' : String(test.line)),
      h('td', {}, h('code', { class: 'url' }, test.url)),
      h('td', {}, h('span', { class: `xp-pill xp-${cell.verdict}` }, cell.shortText)),
      cell.outcomes.map((outcome) => h('td', { 'data-outcome': outcome.outcome, 'data-platform': outcome.platform },
        outcome.text)));
  }

  /** The table's headers, counts and summary (hidden without apps of several platforms). */
  function renderCrossPlatform(table) {
    crossPlatform.hidden = !table;
    if (!table) return;
    setText(crossPlatformHeading, table.heading);
    setText(crossPlatformCaption, table.caption);
    crossPlatformHeading.title = table.title;
    setText(crossPlatformSummary, table.summary);
    const headers = JSON.stringify(table.columns);
    if (crossPlatformHeaders.dataset.columns !== headers) {
      crossPlatformHeaders.dataset.columns = headers;
      replace(crossPlatformHeaders, table.columns.map((column) => h('th', { scope: 'col' }, column)));
    }
    keepChildren(crossPlatformCounts, table.counts.map((count) =>
      h('td', { class: `xp-count xp-${count.verdict}`, 'data-verdict': count.verdict, 'data-count': String(count.count) },
        h('span', { class: 'xp-number' }, String(count.count)), ' ', h('span', { class: 'muted' }, count.label))));
  }

  const element = h('div', { class: 'url-tester' },
    h('h2', { class: 'pane-title' }, 'URL tester'),
    h('label', { for: 'url-input' }, 'URL'),
    input,
    h('p', { id: 'url-help', class: 'muted' },
      'Decided on every keystroke, and again on every change of the document, against the file each host serves (or the one you edited).'),
    single,
    h('h3', {}, 'A list'),
    h('label', { for: 'url-lines' }, 'One URL a line: ', h('code', {}, '!'), ' must not open the app, ', h('code', {}, '='), ' must open it'),
    box,
    h('div', { class: 'row' }, decideList),
    listSummary,
    crossPlatform,
    listResults,
    links);

  let seeded = false;
  let linksName;
  /** Renders the view's URLListPresentation (its lines come in slices); a new revision re-decides the typed URL. */
  function render(view, reload) {
    context.reload = reload;
    linksName = view.exportNames.links;
    renderCrossPlatform(view.urls.crossPlatform ?? null);
    if (!seeded && document.activeElement !== box) {
      box.value = view.urls.lines;
      seeded = true;
    }
    if (view.urlList.version !== shownVersion) {
      listSummary.textContent = view.urls.summary;
      if (view.urlList.version !== wantedVersion) {
        wantedVersion = view.urlList.version;
        loadList();
      }
    }
    if (decidedRevision !== view.revision) {
      decidedRevision = view.revision;
      if (input.value.trim()) decideTyped();
    }
  }
  /** True once the page has the list's typed text (views may leave it out). */
  const hasLines = () => seeded;
  /**
   * True while the tester is typing or a list's slices are still coming: the rest of the page
   * waits with its reloads (after a Decide it reloads once every line is on screen).
   */
  const typing = () => performance.now() - lastKeystroke < 1000 || streaming;
  return { element, render, focus: () => input.focus(), typing, hasLines };
}
