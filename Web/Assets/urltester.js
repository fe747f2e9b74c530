// URL tester: one input decided by the server on every keystroke, and again whenever the
// document changes (an edit here or in another tab, a refetch, a supplied file, a revert); a
// multi-line box for lists with expectations (`!` must not open the app, `=` must); and the
// links to try on a device. Every row is a URLTestPresentation rendered as the server wrote it.

import { h, replace } from './dom.js';
import { downloadExport } from './exports.js';

/**
 * One row per app ID: the verdict, the deciding rule, and the trace behind a disclosure (the
 * verdict's own, or asked for when the disclosure opens: a trace names every rule tried).
 */
export function verdictRows(test, loadTrace) {
  if (test.problem !== null && test.problem !== undefined) {
    return [h('p', { class: 'error-text', 'data-testid': 'url-problem' }, test.problem)];
  }
  return [
    test.note ? h('p', { class: 'muted', 'data-testid': 'verdict-note' }, test.note) : null,
    test.verdicts.map((verdict) => h('div', {
      class: `verdict decision-${verdict.decision}`, 'data-testid': 'verdict', 'data-app-id': verdict.appID,
      'data-decision': verdict.decision, 'data-url': test.url, 'data-audited': String(verdict.isAuditedApp),
      'aria-label': verdict.accessibilityLabel,
    },
    h('div', { class: 'verdict-head' },
      h('span', { class: `pill decision-${verdict.decision}` }, verdict.headline),
      h('span', { class: 'app-label' }, verdict.appLabel),
      h('code', { class: 'app-id' }, verdict.appID),
      h('span', { class: 'muted' }, verdict.ruleLocation),
      verdict.ruleText ? h('code', { class: 'rule', 'data-testid': 'deciding-rule' }, verdict.ruleText) : null),
    lazyTrace(verdict.trace ? async () => verdict.trace : () => loadTrace(test.url, verdict.appID)))),
  ];
}

/** The trace's steps are built (and, without one, fetched) when it is opened. */
function lazyTrace(steps) {
  const list = h('ol', {});
  const block = h('details', { class: 'trace', 'data-testid': 'verdict-trace' }, h('summary', {}, 'Trace'), list);
  let loaded = false;
  block.addEventListener('toggle', async () => {
    if (!block.open || loaded) return;
    loaded = true;
    try {
      replace(list, ...(await steps()).map((step) => h('li', {}, h('code', {}, step))));
    } catch (error) {
      loaded = false; // closing and opening again retries
      replace(list, h('li', { class: 'error-text' }, error.message));
    }
  });
  return block;
}

export function createURLTester({ id, api, toast }) {
  const input = h('input', {
    type: 'url', id: 'url-input', 'data-testid': 'url-input', placeholder: 'https://example.com/path?query#fragment',
    spellcheck: 'false', 'aria-describedby': 'url-help', 'aria-keyshortcuts': 't',
  });
  const single = h('div', { class: 'verdicts', id: 'single-verdicts', 'aria-live': 'polite', 'data-testid': 'single-verdicts' });
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
      replace(single, verdictRows(test, traceOf));
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

  function renderList(list) {
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
        on: { click: () => downloadExport(api, id, 'links', toast) },
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
  /** Renders the view's URLListPresentation; a new revision re-decides the typed URL. */
  function render(view, reload) {
    context.reload = reload;
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
