// Domains tab: one card per host with its state, each route's status (CDN, origin, legacy),
// timings, Apple's failure headers, the body with line numbers and lint markers, the CDN/origin
// difference, and the actions: Refetch, "Use a file…", and Edit (live lint and what-if: every
// pause in typing sends the text to the server, which re-decides the URLs and the findings).

import { h, replace, debounce } from './dom.js';
import { valueText } from './apptab.js';

function lintOf(domain) {
  if (Array.isArray(domain.lint)) return domain.lint;
  return (domain.routes ?? []).find((route) => route.file || (route.diagnostics ?? []).length)?.diagnostics ?? [];
}

/** The text that decides, and whether its line numbers are the file's own (for lint markers). */
function bodyOf(domain) {
  if (typeof domain.editedText === 'string') return { text: domain.editedText, original: true };
  for (const candidate of [domain.body, domain.text]) if (typeof candidate === 'string') return { text: candidate, original: true };
  const route = (domain.routes ?? []).find((r) => r.file || r.body || r.bodyPrefix) ?? null;
  if (!route) return null;
  if (typeof route.body === 'string') return { text: route.body, original: true };
  if (route.file) return { text: JSON.stringify(route.file, null, 2), original: false };
  if (typeof route.bodyPrefix === 'string') return { text: route.bodyPrefix, original: true };
  return null;
}

function diagnosticLine(diagnostic) {
  return h('li', { class: `lint lint-${diagnostic.severity ?? 'info'}`, 'data-lint-id': diagnostic.id ?? '' },
    h('span', { class: `badge lint-${diagnostic.severity ?? 'info'}` }, diagnostic.severity ?? 'info'), ' ',
    h('code', {}, diagnostic.id ?? ''), ' ',
    diagnostic.line ? h('span', { class: 'muted' }, `line ${diagnostic.line}${diagnostic.column ? `:${diagnostic.column}` : ''} `) : null,
    diagnostic.location ? h('code', { class: 'muted' }, diagnostic.location) : null, ' ',
    diagnostic.message ?? '');
}

function codeView(body, diagnostics) {
  const lines = body.text.split('\n');
  const byLine = new Map();
  if (body.original) {
    for (const diagnostic of diagnostics) {
      if (!diagnostic.line) continue;
      byLine.set(diagnostic.line, [...(byLine.get(diagnostic.line) ?? []), diagnostic]);
    }
  }
  return h('ol', { class: 'code', 'aria-label': body.original ? 'File' : 'File (parsed, re-indented)' },
    lines.map((line, index) => {
      const marks = byLine.get(index + 1);
      return h('li', {
        class: marks ? `marked lint-${marks[0].severity ?? 'info'}` : null,
        title: marks ? marks.map((m) => `${m.id}: ${m.message}`).join('\n') : null,
        'data-line': String(index + 1),
      }, h('code', {}, line || ' '), marks ? h('span', { class: 'marker' }, ` ◀ ${marks.map((m) => m.id).join(', ')}`) : null);
    }));
}

function routesTable(domain) {
  const routes = domain.routes ?? [];
  if (routes.length === 0) return h('p', { class: 'muted' }, 'Not fetched.');
  return h('table', { class: 'table routes' },
    h('caption', {}, 'Routes'),
    h('thead', {}, h('tr', {}, ['route', 'outcome', 'HTTP', 'type', 'bytes', 'headers', 'total', 'Apple failure']
      .map((name) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, routes.map((route) => h('tr', { 'data-route': route.route ?? '' },
      h('td', {}, route.route ?? ''),
      h('td', {}, h('span', { class: `badge outcome-${route.outcome ?? 'unknown'}` }, route.outcome ?? ''),
        route.error ? h('div', { class: 'error-text' }, route.error) : null),
      h('td', {}, route.status ?? '—'),
      h('td', {}, route.contentType ?? '—'),
      h('td', {}, route.bytes ?? '—', route.truncated ? ' (truncated)' : ''),
      h('td', {}, route.timeToHeadersMs === null || route.timeToHeadersMs === undefined ? '—' : `${route.timeToHeadersMs} ms`),
      h('td', {}, route.totalMs === null || route.totalMs === undefined ? '—' : `${route.totalMs} ms`),
      h('td', {}, [route.appleFailureReason, route.appleFailureDetails, route.appleFrom && `from ${route.appleFrom}`,
        route.appleTryDirect && `try direct: ${route.appleTryDirect}`].filter(Boolean).join(' · ') || '—')))));
}

function createCard(context, host, apiHost) {
  const { id, api, toast } = context;
  const title = h('h3', { class: 'host' });
  const badge = h('span', { class: 'badge state' });
  const summary = h('div', { class: 'domain-summary' });
  const details = h('div', { class: 'domain-details' });

  const fileInput = h('input', {
    type: 'file', class: 'visually-hidden', id: `use-file-${host}`, accept: '.json,application/json,*/*',
    'data-testid': 'use-file-input',
    on: {
      change: async () => {
        const file = fileInput.files[0];
        if (!file) return;
        try { await api.putHostFile(id, apiHost, file); context.reload(); } catch (error) { toast(error.message); }
        fileInput.value = '';
      },
    },
  });
  const refetch = h('button', {
    type: 'button', 'data-testid': 'refetch',
    on: { click: async () => { try { await api.refetch(id, apiHost); context.reload(); } catch (error) { toast(error.message); } } },
  }, 'Refetch');
  const useFile = h('label', { for: `use-file-${host}`, class: 'button' }, 'Use a file…');
  const revert = h('button', {
    type: 'button', 'data-testid': 'revert',
    on: {
      click: async () => {
        try { await api.revertHost(id, apiHost); dirty = false; context.reload(); } catch (error) { toast(error.message); }
      },
    },
  }, 'Revert');

  const editorId = `edit-${host}`;
  const editor = h('textarea', {
    id: editorId, class: 'editor', 'data-testid': 'edit-aasa', 'data-host': host, rows: '16', spellcheck: 'false',
   
  });
  const lintList = h('ul', { class: 'lint-list', 'aria-live': 'polite', 'data-testid': 'edit-lint' });
  const live = h('input', { type: 'checkbox', id: `live-${host}`, checked: true });
  let dirty = false;
  async function apply() {
    try {
      const answer = await api.putHostFile(id, apiHost, editor.value);
      dirty = false;
      const report = answer?.report ?? answer?.domain ?? answer ?? {};
      const diagnostics = answer?.lint ?? report.lint ?? report.diagnostics
        ?? (report.routes ?? []).flatMap((route) => route.diagnostics ?? []);
      replace(lintList, (diagnostics ?? []).length ? diagnostics.map(diagnosticLine) : h('li', { class: 'muted' }, 'No lint diagnostics.'));
      context.reload();
    } catch (error) {
      replace(lintList, h('li', { class: 'lint lint-error' }, error.message));
    }
  }
  const liveApply = debounce(() => { if (live.checked) apply(); }, 350);
  editor.addEventListener('input', () => { dirty = true; liveApply(); });
  const editBlock = h('details', { class: 'edit-block' },
    h('summary', { 'data-testid': 'edit-open' }, 'Edit'),
    h('label', { for: editorId }, `What-if: edit the association file for ${host}`),
    editor,
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', 'data-testid': 'edit-aasa-apply', on: { click: apply } }, 'Apply'),
      h('label', { for: `live-${host}` }, live, ' apply while typing'),
      revert),
    lintList);

  const element = h('article', {
    class: 'card domain', 'data-testid': 'domain', 'data-host': host, 'data-api-host': apiHost, id: `domain-${host}`,
  },
    h('header', { class: 'card-header' }, title, badge,
      h('div', { class: 'actions' }, refetch, useFile, fileInput)),
    summary, details, editBlock);

  let lastKey = null;
  function update(domain, doc) {
    element.dataset.state = domain.state ?? 'done';
    const key = JSON.stringify(domain);
    if (key === lastKey) return;
    lastKey = key;
    title.textContent = domain.host;
    badge.textContent = domain.state ?? 'done';
    badge.className = `badge state state-${domain.state ?? 'done'}`;
    const entries = domain.entries ?? hostEntry(doc, domain)?.entries ?? (doc.bundles ?? []).flatMap((bundle) => bundle.associatedDomains ?? [])
      .filter((entry) => (entry.wildcard ? `*.${entry.host}` : entry.host) === domain.host || entry.host === domain.host)
      .map((entry) => entry.raw);
    replace(summary,
      h('p', { class: 'muted' }, [...new Set(entries ?? [])].join(' · '),
        domain.fetchedHost && domain.fetchedHost !== domain.host ? ` — fetched from ${domain.fetchedHost}` : ''));
    const body = bodyOf(domain);
    const diagnostics = lintOf(domain);
    replace(details,
      routesTable(domain),
      (domain.routes ?? []).some((route) => (route.headers ?? []).length) ? h('details', {},
        h('summary', {}, 'Response headers'),
        (domain.routes ?? []).map((route) => h('pre', { class: 'headers' },
          `${route.route}:\n` + (route.headers ?? []).map((header) =>
            Array.isArray(header) ? header.join(': ') : `${header.name}: ${header.value}`).join('\n')))) : null,
      domain.cdnOriginDiff ? h('div', { class: 'diff', 'data-testid': 'cdn-origin-diff' },
        h('h4', {}, 'CDN and origin differ'), h('pre', {}, valueText(domain.cdnOriginDiff))) : null,
      diagnostics.length ? h('ul', { class: 'lint-list' }, diagnostics.map(diagnosticLine)) : null,
      body ? h('details', { class: 'body-block', open: true }, h('summary', {}, 'File'), codeView(body, diagnostics)) : null);
    if (!dirty && document.activeElement !== editor) {
      editor.value = body?.text ?? '';
    }
  }
  return { element, update };
}

/** The document's `hosts` item for a scan-JSON domain (a wildcard's apex is the API's host). */
function hostEntry(doc, domain) {
  return (doc.hosts ?? []).find((entry) => entry.host === domain.host || (entry.entries ?? []).includes(domain.host)
    || entry.host === domain.fetchedHost) ?? null;
}

export function createDomainsTab(context) {
  const list = h('div', { class: 'domain-list' });
  const element = h('div', { class: 'domains-tab' }, h('h2', { class: 'pane-title' }, 'Domains'), list);
  const cards = new Map();
  function render(doc) {
    const domains = doc.domains ?? [];
    const hosts = domains.map((domain) => domain.host);
    for (const host of [...cards.keys()]) if (!hosts.includes(host)) cards.delete(host);
    for (const domain of domains) {
      const apiHost = hostEntry(doc, domain)?.host ?? domain.fetchedHost ?? domain.host;
      if (!cards.has(domain.host)) cards.set(domain.host, createCard(context, domain.host, apiHost));
      cards.get(domain.host).update(domain, doc);
    }
    if (domains.length === 0) {
      replace(list, h('p', { class: 'muted' }, 'The app claims no associated domain.'));
      return;
    }
    // Move nothing that is already in place: moving a node would take the focus from an editor.
    const wanted = hosts.map((host) => cards.get(host).element);
    const children = [...list.children];
    if (wanted.length !== children.length || wanted.some((node, index) => node !== children[index])) {
      replace(list, wanted);
    }
  }
  return { element, render };
}
