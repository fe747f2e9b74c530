// Domains tab: one card per host, each a DomainPresentation rendered as the server wrote it:
// state, routes, Apple's headers, the CDN/origin difference (only when they differ), what
// changed since the previous fetch, the file that decides (with line numbers and lint markers
// on its own lines), what was served when edited, and the actions: Refetch, "Use a file…",
// and the what-if editor, which starts from the text that decides, byte for byte. With the
// product's Android app, each host of both apps is one row: the iOS card beside the Android
// card (the host's assetlinks.json), in the order the server gives (`hosts`).

import { h, replace, debounce, keepChildren, breakAtColons } from './dom.js';

function lintItem(lint) {
  return h('li', { class: `lint lint-${lint.severity}`, 'data-lint-id': lint.id },
    h('span', { class: `badge lint-${lint.severity}` }, lint.severity), ' ',
    h('code', {}, lint.id), ' ',
    lint.place ? h('span', { class: 'muted' }, `${lint.place} `) : null,
    lint.location ? h('code', { class: 'muted' }, lint.location) : null, ' ',
    lint.message);
}

function lintList(card, testid) {
  return h('div', { class: 'lint-block', 'data-testid': testid },
    h('p', { class: 'muted', 'data-testid': `${testid}-summary` }, card.lintSummary),
    card.lint.length ? h('ul', { class: 'lint-list' }, card.lint.map(lintItem)) : null);
}

function fileView(file, testid) {
  const markers = new Map(file.markers.map((marker) => [marker.line, marker]));
  const lines = file.text.split('\n');
  return h('details', { class: 'body-block', open: true, 'data-testid': testid },
    h('summary', {}, file.title),
    file.note ? h('p', { class: 'muted file-note' }, file.note) : null,
    h('ol', { class: 'code', 'aria-label': file.title },
      lines.map((line, index) => {
        const mark = markers.get(index + 1);
        return h('li', {
          class: mark ? `marked lint-${mark.severity}` : null, title: mark ? mark.message : null,
          'data-line': String(index + 1),
        }, h('code', {}, line || ' '), mark ? h('span', { class: 'marker' }, ` ◀ ${mark.ids.join(', ')}`) : null);
      })));
}

function table(data, caption) {
  return h('table', { class: 'table routes', 'data-testid': 'routes' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, data.columns.map((name) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, data.rows.map((row) => h('tr', {
      'data-route': row.route, 'data-decides': String(row.decides), class: row.decides ? 'decides' : null,
    }, row.cells.map((cell, index) => h('td', {},
      index === 1 ? h('span', { class: `badge tone-${row.tone}` }, cell) : cell,
      index === 1 && row.error ? h('div', { class: 'error-text' }, row.error) : null))))));
}

function block(data, testid) {
  return h('div', { class: 'diff', 'data-testid': testid },
    h('h4', {}, data.title), h('ul', {}, data.lines.map((line) => h('li', {}, line))));
}

function createCard(context, host) {
  const { id, api, toast } = context;
  const title = h('h3', { class: 'host' }, host);
  const badge = h('span', { class: 'badge state', 'data-testid': 'domain-state' });
  const summary = h('div', { class: 'domain-summary' });
  const details = h('div', { class: 'domain-details' });

  const fileInput = h('input', {
    type: 'file', class: 'visually-hidden', id: `use-file-${host}`, accept: '.json,application/json,*/*',
    'data-testid': 'use-file-input',
    on: {
      change: async () => {
        const file = fileInput.files[0];
        if (!file) return;
        try { await api.putHostFile(id, host, file); context.reload(); } catch (error) { toast(error.message); }
        fileInput.value = '';
      },
    },
  });
  const refetch = h('button', {
    type: 'button', 'data-testid': 'refetch',
    on: { click: async () => { try { await api.refetch(id, host); context.reload(); } catch (error) { toast(error.message); } } },
  }, 'Refetch');
  const useFile = h('label', { for: `use-file-${host}`, class: 'button' }, 'Use a file…');
  const revert = h('button', {
    type: 'button', 'data-testid': 'revert',
    on: {
      click: async () => {
        try { await api.revertHost(id, host); dirty = false; context.reload(); } catch (error) { toast(error.message); }
      },
    },
  }, 'Revert to what was served');

  const editorId = `edit-${host}`;
  const editor = h('textarea', {
    id: editorId, class: 'editor', 'data-testid': 'edit-aasa', 'data-host': host, rows: '16', spellcheck: 'false',
  });
  const editorNote = h('p', { class: 'muted', 'data-testid': 'edit-note' });
  const editLint = h('div', { class: 'edit-lint', 'aria-live': 'polite', 'data-testid': 'edit-lint' });
  const live = h('input', { type: 'checkbox', id: `live-${host}`, checked: true });
  let dirty = false;
  async function apply() {
    try {
      const card = await api.putHostText(id, host, editor.value);
      dirty = false;
      replace(editLint, lintList(card, 'edit-lint-list'));
      context.reload();
    } catch (error) {
      replace(editLint, h('p', { class: 'lint lint-error' }, error.message));
    }
  }
  const liveApply = debounce(() => { if (live.checked) apply(); }, 350);
  editor.addEventListener('input', () => { dirty = true; liveApply(); });
  const editBlock = h('details', { class: 'edit-block' },
    h('summary', { 'data-testid': 'edit-open' }, 'Edit (what-if)'),
    h('label', { for: editorId }, `What-if: the association file for ${host}, as the copy that decides would serve it`),
    editorNote,
    editor,
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', 'data-testid': 'edit-aasa-apply', on: { click: apply } }, 'Apply'),
      h('label', { for: `live-${host}` }, live, ' apply while typing'),
      revert),
    editLint);

  const element = h('article', {
    class: 'card domain', 'data-testid': 'domain', 'data-host': host, id: `domain-${host}`, 'data-platform': 'ios',
  },
    h('header', { class: 'card-header' }, title, badge,
      h('div', { class: 'actions' }, refetch, useFile, fileInput)),
    summary, details, editBlock);

  let lastKey = null;
  /** Renders a DomainPresentation. */
  function update(card) {
    element.dataset.state = card.state;
    element.dataset.edited = String(card.isEdited);
    const key = JSON.stringify(card);
    if (key === lastKey) return;
    lastKey = key;
    badge.textContent = card.stateText;
    badge.className = `badge state tone-${card.tone}`;
    refetch.disabled = !card.canRefetch;
    revert.disabled = !card.canRevert;
    replace(summary,
      h('p', { class: 'muted' }, card.claims),
      card.notes.map((note) => h('p', { class: 'domain-note' }, note)));
    replace(details,
      card.routes ? table(card.routes, 'Routes') : null,
      card.headers.length ? h('details', { class: 'headers-block' },
        h('summary', {}, 'Response headers'),
        card.headers.map((headers) => h('div', {}, h('h5', {}, headers.title),
          h('pre', { class: 'headers' }, headers.lines.join('\n'))))) : null,
      card.cdnOriginDiff ? block(card.cdnOriginDiff, 'cdn-origin-diff') : null,
      card.refetchDiff ? block(card.refetchDiff, 'refetch-diff') : null,
      lintList(card, 'domain-lint'),
      card.file ? fileView(card.file, 'domain-file') : h('p', { class: 'muted' }, 'No file to show.'),
      card.served ? fileView(card.served, 'domain-served') : null);
    editorNote.textContent = card.editorNote ?? '';
    if (!dirty && document.activeElement !== editor) editor.value = card.editorText;
    if (!dirty) replace(editLint, lintList(card, 'edit-lint-list'));
  }
  return { element, update };
}

// The Android app's file for one host (AndroidHostCard): how it came, each request, Google's
// Digital Asset Links API beside the origin's answer, the grants, the lint with its IDs,
// whether Android verifies the host and why, and the text served.
function createAndroidCard() {
  const element = h('article', { class: 'card domain android-host', 'data-testid': 'android-host', 'data-platform': 'android' });
  let lastKey = null;
  function update(card) {
    const key = JSON.stringify(card);
    if (key === lastKey) return;
    lastKey = key;
    element.dataset.host = card.host;
    element.dataset.state = card.state;
    element.dataset.verified = String(card.verified);
    element.dataset.outcome = card.outcome;
    replace(element,
      h('header', { class: 'card-header' },
        h('h3', { class: 'host' }, h('span', { class: 'platform-label' }, 'Android'), ' assetlinks.json'),
        h('span', { class: `badge state tone-${card.tone}`, 'data-testid': 'android-state' }, card.stateText),
        h('span', { class: `badge ${card.verified ? 'ok' : 'warn'}`, 'data-testid': 'android-verified' },
          card.verified ? 'verifies' : 'does not verify')),
      card.claims ? h('p', { class: 'muted' }, `autoVerify hosts: ${card.claims}`) : null,
      h('p', { class: 'domain-note', 'data-testid': 'android-verdict' }, card.verdict),
      card.notes.map((note) => h('p', { class: 'domain-note' }, note)),
      card.routes.length ? h('div', { class: 'domain-details' }, h('table', { class: 'table routes', 'data-testid': 'android-routes' },
        h('caption', {}, 'Requests'),
        h('thead', {}, h('tr', {}, ['Route', 'Outcome', ...card.columns.map((column) => column.title)]
          .map((name) => h('th', { scope: 'col' }, name)))),
        h('tbody', {}, card.routes.map((row) => h('tr', { 'data-route': row.route },
          h('td', {}, row.name, h('div', {}, h('code', { class: 'muted url' }, row.url))),
          h('td', {}, h('span', { class: `badge tone-${row.tone}` }, row.outcome),
            row.problem ? h('div', { class: 'error-text' }, row.problem) : null),
          card.columns.map((column) => h('td', {}, row[column.key]))))))) : null,
      card.google ? h('div', { class: 'diff', 'data-testid': 'android-google' },
        h('h4', {}, 'Google Digital Asset Links API'),
        h('p', {}, card.google.summary),
        card.google.onlyInFile.length ? h('ul', {}, card.google.onlyInFile.map((grant) =>
          h('li', {}, 'only in the host\u2019s file: ', h('code', {}, grant)))) : null,
        card.google.onlyInGoogle.length ? h('ul', {}, card.google.onlyInGoogle.map((grant) =>
          h('li', {}, 'only in Google\u2019s answer: ', h('code', {}, grant)))) : null,
        card.google.debug ? h('pre', { class: 'muted' }, card.google.debug) : null) : null,
      card.grants.length ? h('div', { class: 'grants' }, h('h4', {}, 'App Links grants'),
        h('ul', { class: 'plain', 'data-testid': 'android-grants' }, card.grants.map((grant) => h('li', {}, h('code', {}, breakAtColons(grant))))))
        : null,
      lintList(card, 'android-lint'),
      card.file ? fileView(card.file, 'android-file') : h('p', { class: 'muted' }, 'No file to show.'));
  }
  return { element, update };
}

export function createDomainsTab(context) {
  const list = h('div', { class: 'domain-list' });
  const element = h('div', { class: 'domains-tab' }, h('h2', { class: 'pane-title' }, 'Domains'), list);
  const cards = new Map();
  const androidCards = new Map();
  const rows = new Map();
  /** The row of one host of the product: its iOS card and its Android card side by side. */
  function productRow(host) {
    if (!rows.has(host)) {
      const iosSlot = h('div', { class: 'platform-slot', 'data-platform': 'ios' });
      const androidSlot = h('div', { class: 'platform-slot', 'data-platform': 'android' });
      const badges = h('span', { class: 'platforms' });
      const element = h('section', { class: 'product-host', 'data-testid': 'product-host', 'data-host': host },
        h('h3', { class: 'product-host-title' }, h('code', {}, host), ' ', badges), h('div', { class: 'platform-cards' }, iosSlot, androidSlot));
      rows.set(host, { element, iosSlot, androidSlot, badges });
    }
    return rows.get(host);
  }
  const platformWords = { ios: ['iOS'], android: ['Android'], both: ['iOS', 'Android'] };
  /** Renders the document's DomainPresentation list; with an Android app, the hosts of both apps. */
  function render(view) {
    const domains = view.domains;
    const hosts = domains.map((card) => card.host);
    for (const host of [...cards.keys()]) if (!hosts.includes(host)) cards.delete(host);
    for (const card of domains) {
      if (!cards.has(card.host)) cards.set(card.host, createCard(context, card.host));
      cards.get(card.host).update(card);
    }
    const product = view.hosts ?? [];
    if (product.length > 0) {
      const productHosts = product.map((row) => row.host);
      for (const host of [...rows.keys()]) if (!productHosts.includes(host)) { rows.delete(host); androidCards.delete(host); }
      const wanted = product.map((row) => {
        const slots = productRow(row.host);
        slots.element.dataset.platforms = row.platforms;
        replace(slots.badges, platformWords[row.platforms].map((word) => h('span', { class: 'badge' }, word)));
        const ios = row.ios !== undefined && row.ios !== null ? cards.get(domains[row.ios].host)?.element : null;
        keepChildren(slots.iosSlot, [ios ?? h('p', { class: 'muted absent' }, row.iosAbsent ?? '')]);
        if (row.android) {
          if (!androidCards.has(row.host)) androidCards.set(row.host, createAndroidCard());
          androidCards.get(row.host).update(row.android);
        } else {
          androidCards.delete(row.host);
        }
        keepChildren(slots.androidSlot, [androidCards.get(row.host)?.element
          ?? h('p', { class: 'muted absent' }, row.androidAbsent ?? '')]);
        return slots.element;
      });
      const children = [...list.children];
      if (wanted.length !== children.length || wanted.some((node, index) => node !== children[index])) replace(list, wanted);
      return;
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
