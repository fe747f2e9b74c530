// URL tester: one input decided by the server on every keystroke (per app ID: verdict,
// deciding rule, expandable trace), a multi-line box for lists with expectations (`!` must not
// open the app, `=` must), and the links to try on a device.

import { h, replace } from './dom.js';
import { downloadExport } from './exports.js';

function testsOf(answer) {
  if (Array.isArray(answer)) return answer;
  return answer?.urlTests ?? answer?.results ?? answer?.tests ?? [];
}

function ruleText(app) {
  if (app.detail === null || app.detail === undefined) return 'no rule decides';
  const rule = app.rule === null || app.rule === undefined ? '' : ` rule ${app.rule}`;
  return `details[${app.detail}]${rule}`;
}

/**
 * One row per app ID: the verdict, the deciding rule, and the trace behind a disclosure. A list's
 * verdicts come without traces (a trace names every rule tried: 500 rules, 500 steps, for each
 * app and URL); `loadTrace(url, appID)` then asks the server for one when the disclosure opens.
 */
export function verdictRows(test, loadTrace = null) {
  const apps = test.apps ?? [];
  if (apps.length === 0) {
    return [h('p', { class: 'muted' }, test.error ?? test.note ?? 'No app ID to decide for (is the host claimed, and is its file loaded?).')];
  }
  return apps.map((app) => h('div', {
    class: `verdict decision-${app.decision}`, 'data-testid': 'verdict', 'data-app-id': app.appID ?? '',
    'data-decision': app.decision ?? '', 'data-url': test.url ?? '',
  },
  h('div', { class: 'verdict-head' },
    h('span', { class: `pill decision-${app.decision}` }, app.decision === 'match' ? 'opens the app'
      : app.decision === 'exclude' ? 'excluded: stays in the browser' : 'no match: stays in the browser'),
    h('code', { class: 'app-id' }, app.appID ?? ''),
    h('span', { class: 'muted' }, ruleText(app)),
    app.ruleText ? h('code', { class: 'rule', 'data-testid': 'deciding-rule' }, app.ruleText) : null),
  (app.trace ?? []).length ? lazyTrace(`Trace (${app.trace.length} steps)`, async () => app.trace)
    : loadTrace && test.domain ? lazyTrace('Trace', () => loadTrace(test.url, app.appID)) : null));
}

/** The trace's steps are built (and, for a list, fetched) when it is opened. */
function lazyTrace(title, steps) {
  const list = h('ol', {});
  const block = h('details', { class: 'trace', 'data-testid': 'verdict-trace' }, h('summary', {}, title), list);
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

const expectationLabels = { mustOpen: 'must open', mustNotOpen: 'must not open', none: '' };

function expectationMet(test) {
  const opens = (test.apps ?? []).some((app) => app.decision === 'match');
  if (test.expectation === 'mustOpen') return opens;
  if (test.expectation === 'mustNotOpen') return !opens;
  return null;
}

export function createURLTester({ id, api, toast }) {
  const input = h('input', {
    type: 'url', id: 'url-input', 'data-testid': 'url-input', placeholder: 'https://example.com/path?query#fragment',
    spellcheck: 'false', 'aria-describedby': 'url-help', 'aria-keyshortcuts': 't',
  });
  const single = h('div', { class: 'verdicts', id: 'single-verdicts', 'aria-live': 'polite', 'data-testid': 'single-verdicts' });
  let sequence = 0;
  let lastKeystroke = -Infinity;
  input.addEventListener('input', async () => {
    lastKeystroke = performance.now();
    const value = input.value.trim();
    const mine = ++sequence;
    if (!value) { replace(single); single.dataset.url = ''; return; }
    try {
      // One read-only decision per keystroke: the list, its findings and the document stay as they are.
      const answer = await api.decideURL(id, value, false);
      if (mine !== sequence) return; // a newer keystroke's answer wins
      const decided = answer?.urlTest;
      const test = decided && (decided.apps ?? []).length ? decided
        : {
          ...(decided ?? {}), url: value, apps: [],
          note: 'Not a URL iOS would decide, or no app ID claims its host.',
        };
      replace(single, verdictRows(test, traceOf));
      single.dataset.url = value;
    } catch (error) {
      if (mine !== sequence) return;
      replace(single, h('p', { class: 'error-text' }, error.message));
      single.dataset.url = value;
    }
  });

  const box = h('textarea', {
    id: 'url-lines', 'data-testid': 'url-lines', rows: '8', spellcheck: 'false',
    placeholder: 'https://example.com/buy/42\n! https://example.com/account/delete\n= https://example.com/open/7',
  });
  const listResults = h('div', { class: 'url-list', id: 'list-verdicts', 'data-testid': 'list-verdicts' });
  const decideList = h('button', {
    type: 'button', class: 'primary', 'data-testid': 'url-lines-decide',
    on: {
      click: async () => {
        try {
          const answer = await api.decideURLs(id, box.value);
          renderList(testsOf(answer));
        } catch (error) { toast(error.message); }
      },
    },
  }, 'Decide the list');

  const links = h('div', { class: 'test-links', 'data-testid': 'test-links' });

  // A verdict's trace: the URL decided again, alone, with traces, against the same files (read-only).
  async function traceOf(url, appID) {
    const answer = await api.decideURL(id, url, true);
    return (answer?.urlTest?.apps ?? []).find((app) => app.appID === appID)?.trace ?? [];
  }

  function renderList(tests) {
    if (tests.length === 0) { replace(listResults, h('p', { class: 'muted' }, 'No URL tests yet.')); return; }
    replace(listResults, h('table', { class: 'table url-results' },
      h('caption', {}, 'Decided URLs'),
      h('thead', {}, h('tr', {}, ['URL', 'expectation', 'verdicts'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, tests.map((test) => {
        const met = expectationMet(test);
        return h('tr', { class: met === false ? 'unmet' : null, 'data-url': test.url ?? '', 'data-expectation-met': met === null ? 'none' : String(met) },
          h('td', {}, h('code', {}, test.url ?? ''), test.line ? h('span', { class: 'muted' }, ` (line ${test.line})`) : null),
          h('td', {}, expectationLabels[test.expectation] ?? test.expectation ?? '',
            met === false ? h('span', { class: 'badge warn' }, ' not met') : met === true ? h('span', { class: 'badge ok' }, ' met') : null),
          h('td', {}, verdictRows(test, traceOf)));
      }))));
  }

  function renderLinks(doc) {
    const tests = doc.urlTests ?? [];
    replace(links,
      h('h3', {}, 'Try them on a device'),
      h('p', { class: 'muted' }, 'Open these on the device from a note or a message (a typed or pasted URL in Safari never opens an app), ',
        'or scan their QR codes from the test-link page.'),
      h('p', {}, h('button', {
        type: 'button', 'data-testid': 'export-links',
        on: { click: () => downloadExport(api, id, 'links', toast) },
      }, 'Download the test-link page (a QR code per link)')),
      tests.length ? h('ul', { class: 'link-list' }, tests.map((test) => h('li', {},
        h('code', { class: 'url' }, test.url ?? ''), ' ',
        h('span', { class: 'muted' }, expectationLabels[test.expectation] ?? '')))) : h('p', { class: 'muted' }, 'Decide a list first.'));
  }

  const element = h('div', { class: 'url-tester' },
    h('h2', { class: 'pane-title' }, 'URL tester'),
    h('label', { for: 'url-input' }, 'URL'),
    input,
    h('p', { id: 'url-help', class: 'muted' }, 'Decided on every keystroke against the file each host serves (or the one you edited).'),
    single,
    h('h3', {}, 'A list'),
    h('label', { for: 'url-lines' }, 'One URL a line: ', h('code', {}, '!'), ' must not open the app, ', h('code', {}, '='), ' must open it'),
    box,
    h('div', { class: 'row' }, decideList),
    listResults,
    links);

  let seeded = false;
  function render(doc) {
    if (!seeded && typeof doc.urlLines === 'string' && document.activeElement !== box) {
      box.value = doc.urlLines;
      seeded = true;
    }
    renderList(doc.urlTests ?? []);
    renderLinks(doc);
  }
  /** True while the tester is typing: the rest of the page waits with its reloads. */
  const typing = () => performance.now() - lastKeystroke < 1000;
  return { element, render, focus: () => input.focus(), typing };
}
