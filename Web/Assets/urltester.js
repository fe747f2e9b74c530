// URL tester: one input decided by the server on every keystroke, and again whenever the
// document changes (an edit here or in another tab, a refetch, a supplied file, a revert); a
// multi-line box for lists with expectations (`!` must not open the app, `=` must); and the
// links to try on a device. Every row is a URLTestPresentation rendered as the server wrote it.

import { h, replace, setAttributes, setText, keepChildren } from './dom.js';
import { downloadExport } from './exports.js';

/**
 * One row per app ID: the verdict, the deciding rule, and the trace behind a disclosure (the
 * verdict's own, or asked for when the disclosure opens: a trace names every rule tried). Built
 * afresh, for a list's line.
 */
export function verdictRows(test, loadTrace) {
  const fragment = document.createDocumentFragment();
  verdictView(fragment, loadTrace)(test);
  return fragment;
}

/**
 * Shows one URLTestPresentation after another in `container`, updating it in place: the rows are
 * kept by app ID and only what differs is written, so a keystroke that leaves a verdict as it
 * was costs the browser no layout and no paint. Returns the function that shows the next one.
 */
function verdictView(container, loadTrace) {
  const problem = h('p', { class: 'error-text', 'data-testid': 'url-problem' });
  const note = h('p', { class: 'muted', 'data-testid': 'verdict-note' });
  let rows = new Map();
  return (test) => {
    if (test.problem !== null && test.problem !== undefined) {
      keepChildren(container, [setText(problem, test.problem)]);
      return;
    }
    const shown = test.note ? [setText(note, test.note)] : [];
    const next = new Map();
    for (const verdict of test.verdicts) {
      let key = verdict.appID;
      for (let count = 2; next.has(key); count += 1) key = `${verdict.appID} ${count}`;
      const row = rows.get(key) ?? verdictRow(loadTrace);
      row.show(verdict, test.url);
      next.set(key, row);
      shown.push(row.element);
    }
    rows = next;
    keepChildren(container, shown);
  };
}

/** One verdict's row; `show` writes a verdict of `url` into it, as the server wrote it. */
function verdictRow(loadTrace) {
  const pill = h('span', {});
  const appLabel = h('span', { class: 'app-label' });
  const appID = h('code', { class: 'app-id' });
  const location = h('span', { class: 'muted' });
  const rule = h('code', { class: 'rule', 'data-testid': 'deciding-rule' });
  const head = h('div', { class: 'verdict-head' }, pill, appLabel, appID, location);
  const trace = lazyTrace();
  const element = h('div', { 'data-testid': 'verdict' }, head, trace.element);
  function show(verdict, url) {
    setAttributes(element, {
      class: `verdict decision-${verdict.decision}`, 'data-app-id': verdict.appID,
      'data-decision': verdict.decision, 'data-url': url, 'data-audited': String(verdict.isAuditedApp),
      'aria-label': verdict.accessibilityLabel,
    });
    setText(setAttributes(pill, { class: `pill decision-${verdict.decision}` }), verdict.headline);
    setText(appLabel, verdict.appLabel);
    setText(appID, verdict.appID);
    setText(location, verdict.ruleLocation);
    if (verdict.ruleText) {
      setText(rule, verdict.ruleText);
      if (rule.parentNode !== head) head.append(rule);
    } else {
      rule.remove();
    }
    if (verdict.trace) trace.show(`Trace (${verdict.trace.length} steps)`, async () => verdict.trace);
    else trace.show('Trace', () => loadTrace(url, verdict.appID));
  }
  return { element, show };
}

/**
 * A trace behind a disclosure: its steps are built (and, without them, fetched) when it opens.
 * `show` points it at another verdict; whatever it showed of the previous one goes (closed).
 */
function lazyTrace() {
  const summary = h('summary', {});
  const list = h('ol', {});
  const element = h('details', { class: 'trace', 'data-testid': 'verdict-trace' }, summary, list);
  let steps = async () => [];
  let loaded = false;
  element.addEventListener('toggle', async () => {
    if (!element.open || loaded) return;
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
    setText(summary, title);
    steps = next;
    if (loaded || element.open || list.firstChild) {
      element.open = false;
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

  // A verdict's trace: the URL decided again, alone, with traces, against the same files (read-only).
  async function traceOf(url, appID) {
    const test = await api.tester(id, url, true);
    return (test.verdicts ?? []).find((verdict) => verdict.appID === appID)?.trace ?? [];
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
        try { await api.decideURLs(id, box.value); context.reload(); } catch (error) { toast(error.message); }
      },
    },
  }, 'Decide the list');
  const context = { reload: () => {} };

  const links = h('div', { class: 'test-links', 'data-testid': 'test-links' });

  let listKey = null;
  function renderList(list) {
    // Rebuild only when the list changed: an open trace stays open across other changes.
    const key = JSON.stringify(list);
    if (key === listKey) return;
    listKey = key;
    listSummary.textContent = list.summary;
    if (list.items.length === 0) { replace(listResults); return; }
    replace(listResults, h('table', { class: 'table url-results' },
      h('caption', {}, 'Decided URLs'),
      h('thead', {}, h('tr', {}, ['Line', 'URL', 'Expectation', 'Verdicts'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, list.items.map((test) => h('tr', {
        class: test.expectationMet === false ? 'unmet' : test.problem ? 'problem' : null, 'data-url': test.url,
        'data-line': test.line == null ? '' : String(test.line),
        'data-expectation-met': test.expectationMet == null ? 'none' : String(test.expectationMet),
      },
      h('td', {}, test.line == null ? '' : String(test.line)),
      h('td', {}, h('code', { class: 'url' }, test.url)),
      h('td', {}, test.expectationLabel,
        test.expectationText ? h('span', { class: `badge ${test.expectationMet ? 'ok' : 'warn'}` }, ` ${test.expectationText}`) : null),
      h('td', {}, verdictRows(test, traceOf))))),
      list.more ? h('tfoot', {}, h('tr', {}, h('td', { colspan: '4', class: 'muted' }, list.more))) : null));
  }

  function renderLinks(list) {
    const urls = list.items.filter((test) => test.problem == null);
    replace(links,
      h('h3', {}, 'Try them on a device'),
      h('p', { class: 'muted' }, 'Open these on the device from a note or a message (a typed or pasted URL in Safari never opens an app), ',
        'or scan their QR codes from the test-link page.'),
      h('p', {}, h('button', {
        type: 'button', 'data-testid': 'export-links',
        on: { click: () => downloadExport(api, id, 'links', toast, linksName) },
      }, 'Download the test-link page (a QR code per link)')),
      urls.length ? h('ul', { class: 'link-list' }, urls.map((test) => h('li', {},
        h('code', { class: 'url' }, test.url), ' ', h('span', { class: 'muted' }, test.expectationLabel))))
        : h('p', { class: 'muted' }, 'Decide a list first.'));
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
    listResults,
    links);

  let seeded = false;
  let linksName;
  /** Renders the view's URLListPresentation; a new revision re-decides the typed URL. */
  function render(view, reload) {
    context.reload = reload;
    linksName = view.exportNames.links;
    if (!seeded && document.activeElement !== box) {
      box.value = view.urls.lines;
      seeded = true;
    }
    renderList(view.urls);
    renderLinks(view.urls);
    if (decidedRevision !== view.revision) {
      decidedRevision = view.revision;
      if (input.value.trim()) decideTyped();
    }
  }
  /** True while the tester is typing: the rest of the page waits with its reloads. */
  const typing = () => performance.now() - lastKeystroke < 1000;
  return { element, render, focus: () => input.focus(), typing };
}
