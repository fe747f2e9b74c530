// Domains tab: one card per host, each a DomainPresentation rendered as the server wrote it:
// state, routes, Apple's headers, the CDN/origin difference (only when they differ), what
// changed since the previous fetch, the file that decides (with line numbers and lint markers
// on its own lines), what was served when edited, and the actions: Refetch, "Use a file…",
// and the what-if editor, which starts from the text that decides, byte for byte. With apps of
// several platforms, each host is one row (`hosts`, in the server's order) of one slot per
// platform: the host's card above, a Panel (panel.js), or the words that say why there is none.
// A slot with its host's actions (`HostSlot.actions`: an Android host's assetlinks.json) shows
// its panel with the same Refetch, "Use a file…" and what-if editor as the card (one code path,
// `hostControls`), their words and states from the actions, their routes with `?platform=`.

import { h, replace, append, debounce, keepChildren, setAttributes, setText } from './dom.js';
import { panelView, panelAttributes, panelTitle, panelBadges, panelBlocks, lintView, fileView } from './panel.js';

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

/**
 * A host's operations, the same on every platform and card: Refetch, "Use a file…" (a file
 * picker), and the what-if editor (Apply, "apply while typing", Revert). Each calls the host's
 * API route, then reloads the view (events bring other tabs' changes). With `platform` (a slot's
 * `HostActions.platform`) the routes take `?platform=` and a chosen file goes with its name;
 * without it they are the iOS card's routes as they always were. `label` is the editor's
 * label, `summary` its disclosure's. `update(state)` takes what can run now and the editor's
 * text (`canRefetch`, `canRevert`, `isEdited`, `editorText`, `editorNote`, and `lint` with
 * `lintSummary` when the state has them).
 */
function hostControls(context, { host, platform = null, summary, label, names = {} }) {
  const { id, api, toast } = context;
  const route = platform ? { platform } : {};
  const suffix = platform ? `${platform}-${host}` : host;
  const fileInput = h('input', {
    type: 'file', class: 'visually-hidden', id: `use-file-${suffix}`, accept: '.json,application/json,*/*',
    'data-testid': 'use-file-input', 'aria-label': names.useFile,
    on: {
      change: async () => {
        const file = fileInput.files[0];
        if (!file) return;
        try {
          await api.putHostFile(id, host, file, platform ? { ...route, name: file.name } : route);
          context.reload();
        } catch (error) { toast(error.message); }
        fileInput.value = '';
      },
    },
  });
  const refetch = h('button', {
    type: 'button', 'data-testid': 'refetch', 'aria-label': names.refetch,
    on: {
      click: async () => {
        try { await api.refetch(id, host, route); context.reload(); } catch (error) { toast(error.message); }
      },
    },
  }, 'Refetch');
  const useFile = h('label', { for: `use-file-${suffix}`, class: 'button', 'data-testid': 'use-file' },
    'Use a file…');
  const revert = h('button', {
    type: 'button', 'data-testid': 'revert', 'aria-label': names.revert,
    on: {
      click: async () => {
        try {
          await api.revertHost(id, host, route);
          dirty = false;
          context.reload();
        } catch (error) { toast(error.message); }
      },
    },
  }, 'Revert to what was served');

  const editorId = `edit-${suffix}`;
  const editor = h('textarea', {
    id: editorId, class: 'editor', 'data-testid': 'edit-aasa', 'data-host': host, 'data-platform': platform,
    rows: '16', spellcheck: 'false',
  });
  const editorNote = h('p', { class: 'muted', 'data-testid': 'edit-note' });
  const editLint = h('div', { class: 'edit-lint', 'aria-live': 'polite', 'data-testid': 'edit-lint' });
  const live = h('input', { type: 'checkbox', id: `live-${suffix}`, checked: true });
  let dirty = false;
  async function apply() {
    try {
      const card = await api.putHostText(id, host, editor.value, route);
      dirty = false;
      replace(editLint, lintView(card.lint, card.lintSummary, 'edit-lint-list'));
      context.reload();
    } catch (error) {
      replace(editLint, h('p', { class: 'lint lint-error' }, error.message));
    }
  }
  const liveApply = debounce(() => { if (live.checked) apply(); }, 350);
  editor.addEventListener('input', () => { dirty = true; liveApply(); });
  const editSummary = h('summary', { 'data-testid': 'edit-open' }, summary);
  const editLabel = h('label', { for: editorId }, label);
  const editBlock = h('details', { class: 'edit-block' },
    editSummary,
    editLabel,
    editorNote,
    editor,
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', 'data-testid': 'edit-aasa-apply', on: { click: apply } },
        'Apply'),
      h('label', { for: `live-${suffix}` }, live, ' apply while typing'),
      revert),
    editLint);

  /** Brings the controls to `state`; the editor's text only while the user is not editing it. */
  function update(state) {
    refetch.disabled = !state.canRefetch;
    revert.disabled = !state.canRevert;
    editorNote.textContent = state.editorNote ?? '';
    if (!dirty && document.activeElement !== editor) editor.value = state.editorText;
    // A state without lint (a slot's HostActions) keeps the last Apply's lint while the edit decides.
    if (!dirty && state.lint) replace(editLint, lintView(state.lint, state.lintSummary, 'edit-lint-list'));
    else if (!dirty && !state.isEdited) replace(editLint);
  }
  /** New words for the editor's disclosure and label (a slot's `editTitle` may change). */
  function retitle(words) {
    setText(editSummary, words.summary);
    setText(editLabel, words.label);
    setAttributes(refetch, { 'aria-label': words.names?.refetch });
    setAttributes(fileInput, { 'aria-label': words.names?.useFile });
    setAttributes(revert, { 'aria-label': words.names?.revert });
  }
  return { actions: [refetch, useFile, fileInput], editBlock, update, retitle };
}

function createCard(context, host) {
  const title = h('h3', { class: 'host' }, host);
  const badge = h('span', { class: 'badge state', 'data-testid': 'domain-state' });
  const summary = h('div', { class: 'domain-summary' });
  const details = h('div', { class: 'domain-details' });
  const controls = hostControls(context, {
    host, summary: 'Edit (what-if)',
    label: `What-if: the association file for ${host}, as the copy that decides would serve it`,
  });

  const element = h('article', {
    class: 'card domain', 'data-testid': 'domain', 'data-host': host, id: `domain-${host}`,
  },
    h('header', { class: 'card-header' }, title, badge,
      h('div', { class: 'actions' }, controls.actions)),
    summary, details, controls.editBlock);

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
      lintView(card.lint, card.lintSummary, 'domain-lint'),
      card.file ? fileView(card.file, 'domain-file') : h('p', { class: 'muted' }, 'No file to show.'),
      card.served ? fileView(card.served, 'domain-served') : null);
    controls.update(card);
  }
  return { element, update };
}

/**
 * The words of a slot's controls: the editor's disclosure is the actions' `editTitle`; the
 * editor and the buttons are named by the file and host they act on (a row holds one card per
 * platform, so "Refetch" alone would name two buttons).
 */
function editWords(actions) {
  const file = `${actions.fileName} of ${actions.host}`;
  return {
    summary: actions.editTitle, label: `What-if: the ${file}`,
    names: { refetch: `Refetch the ${file}`, useFile: `Use a file as the ${file}`,
      revert: `Revert to what was served: the ${file}` },
  };
}

/**
 * A slot whose panel comes with its host's actions (`HostSlot.actions`, an Android host): the
 * panel's header, badges and blocks, the actions in the header as on the iOS card, and the
 * what-if editor below. The article, its header, the actions and the editor stay the same nodes
 * while the panel changes (only the title, badges and blocks are rebuilt), so a focus or an
 * edit in progress survives a reload.
 */
function createActionCard(context, actions) {
  const controls = hostControls(context, { host: actions.host, platform: actions.platform, ...editWords(actions) });
  const title = h('h3', { class: 'host' });
  const actionBox = h('div', { class: 'actions' }, controls.actions);
  const header = h('header', { class: 'card-header' }, title, actionBox);
  const body = h('div', { class: 'panel-body' });
  const element = h('article', { class: 'card domain panel' }, header, body, controls.editBlock);
  let lastPanel = null;
  let lastActions = null;
  let lastAttributes = {};
  /** Renders the slot's `Panel` and `HostActions`. */
  function update(panel, actions) {
    const actionsKey = JSON.stringify(actions);
    if (actionsKey !== lastActions) {
      lastActions = actionsKey;
      controls.retitle(editWords(actions));
      controls.update(actions);
    }
    const key = JSON.stringify(panel);
    if (key === lastPanel) return;
    lastPanel = key;
    const attributes = panelAttributes(panel);
    // A hook the new panel lacks is removed.
    setAttributes(element, { ...Object.fromEntries(Object.keys(lastAttributes).map((name) => [name, null])),
      ...attributes });
    lastAttributes = attributes;
    replace(title, panelTitle(panel));
    while (title.nextSibling && title.nextSibling !== actionBox) title.nextSibling.remove();
    actionBox.before(append(document.createDocumentFragment(), panelBadges(panel)));
    replace(body, panelBlocks(panel));
  }
  return { element, update };
}

export function createDomainsTab(context) {
  const list = h('div', { class: 'domain-list' });
  const element = h('div', { class: 'domains-tab' }, h('h2', { class: 'pane-title' }, 'Domains'), list);
  const cards = new Map();
  const panels = new Map();
  // The slots whose panel comes with its host's actions, by panel id.
  const actionCards = new Map();
  const rows = new Map();
  /** The row of one host of the product: one slot per platform, side by side. */
  function productRow(host) {
    if (!rows.has(host)) {
      const slots = new Map();
      const badges = h('span', { class: 'platforms' });
      const cards = h('div', { class: 'platform-cards' });
      const element = h('section', { class: 'product-host', 'data-testid': 'product-host', 'data-host': host },
        h('h3', { class: 'product-host-title' }, h('code', {}, host), ' ', badges), cards);
      rows.set(host, { element, slots, badges, cards });
    }
    return rows.get(host);
  }
  /** A slot's panel, rebuilt only when it changed (an open disclosure inside it stays open). */
  function panelOf(panel) {
    const key = JSON.stringify(panel);
    const known = panels.get(panel.id);
    if (known?.key === key) return known.element;
    const element = panelView(panel);
    panels.set(panel.id, { key, element });
    return element;
  }
  /** A slot's panel with its host's actions: the same card (its editor, its focus) from view to view. */
  function actionCardOf(panel, actions) {
    if (!actionCards.has(panel.id)) actionCards.set(panel.id, createActionCard(context, actions));
    const card = actionCards.get(panel.id);
    card.update(panel, actions);
    return card.element;
  }
  /** One HostSlot: the host's interactive card, a panel (with its actions when it has them), or why none. */
  function slotContent(slot, domains) {
    if (slot.domain !== undefined && slot.domain !== null && domains[slot.domain]) {
      const card = cards.get(domains[slot.domain].host)?.element;
      if (card) return card;
    }
    if (slot.panel && slot.actions) return actionCardOf(slot.panel, slot.actions);
    if (slot.panel) return panelOf(slot.panel);
    return h('p', { class: 'muted absent' }, slot.absent ?? '');
  }
  /** Renders the document's DomainPresentation list; with apps of several platforms, each host's row. */
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
      for (const host of [...rows.keys()]) if (!productHosts.includes(host)) rows.delete(host);
      const panelIDs = new Set(product.flatMap((row) => row.slots.map((slot) => slot.panel?.id).filter(Boolean)));
      for (const id of [...panels.keys()]) if (!panelIDs.has(id)) panels.delete(id);
      for (const id of [...actionCards.keys()]) if (!panelIDs.has(id)) actionCards.delete(id);
      const wanted = product.map((row) => {
        const shown = productRow(row.host);
        // The platforms whose slot holds a card (`data-platforms`, a space-separated list).
        shown.element.dataset.platforms = row.platforms.join(' ');
        replace(shown.badges, row.platformNames.map((name) => h('span', { class: 'badge' }, name)));
        const slots = row.slots.map((slot) => {
          if (!shown.slots.has(slot.platform)) {
            shown.slots.set(slot.platform, h('div', { class: 'platform-slot', 'data-platform': slot.platform }));
          }
          const element = shown.slots.get(slot.platform);
          keepChildren(element, [slotContent(slot, domains)]);
          return element;
        });
        keepChildren(shown.cards, slots);
        return shown.element;
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
