// The page's entry: the router (home or one document), the document's state (only what the API
// and its event stream say), keyboard shortcuts, and wiring of the panes. No rule about links,
// files or findings lives here: every verdict and finding comes from the server.

import { h, replace, byId, debounce } from './dom.js';
import { api, adoptAddressToken } from './api.js';
import { createHome } from './home.js';
import { createSidebar } from './sidebar.js';
import { createAppTab } from './apptab.js';
import { createDomainsTab } from './domains.js';
import { createURLTester } from './urltester.js';
import { createProbesTab } from './probes.js';
import { createInspector } from './inspector.js';
import { createExports } from './exports.js';
import { createProgress } from './progress.js';

// The address's ?token= goes into this origin's storage and out of the address bar, the history
// and any screenshot, before the first request.
adoptAddressToken();

const main = byId('main');
const statusElement = byId('document-status');
const titleElement = byId('doc-title');
const exportsNav = byId('exports');
let current = null; // { id, panes, stopEvents, doc }

/** Shows a short message (errors from the server are one clear sentence). */
export function toast(message) {
  const element = byId('toast');
  element.textContent = message;
  element.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { element.hidden = true; }, 6000);
}

function parseRoute() {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = hash.split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (parts[0] === 'doc' && parts[1]) {
    return { view: 'doc', id: parts[1], tab: params.get('tab') ?? 'app', finding: params.get('finding') };
  }
  return { view: 'home' };
}

/** Rewrites the hash for the current selection without adding history entries. */
function updateRoute(changes) {
  const route = { ...parseRoute(), ...changes };
  const params = new URLSearchParams();
  if (route.tab) params.set('tab', route.tab);
  if (route.finding) params.set('finding', route.finding);
  history.replaceState(null, '', `#/doc/${encodeURIComponent(route.id)}?${params}`);
}

function setStatus(phase, text) {
  statusElement.hidden = phase === null;
  statusElement.dataset.phase = phase ?? '';
  statusElement.textContent = text ?? '';
}

/** The status line and its Cancel control, from the view's PhaseStatus. */
function showPhase(status) {
  setStatus(status.phase, status.text);
  if (status.fraction != null) statusElement.dataset.fraction = String(status.fraction);
  else delete statusElement.dataset.fraction;
  cancelButton.hidden = !status.canCancel;
}

const cancelButton = h('button', {
  type: 'button', class: 'ghost', 'data-testid': 'cancel-open', hidden: true,
  on: {
    click: async () => {
      if (!current) return;
      try { await api.cancel(current.id); reload(); } catch (error) { toast(error.message); }
    },
  },
}, 'Cancel');
statusElement.after(cancelButton);

function closeDocumentView() {
  current?.stopEvents?.();
  current = null;
  setStatus(null);
  cancelButton.hidden = true;
  titleElement.textContent = '';
  titleElement.title = '';
  exportsNav.hidden = true;
  exportsNav.replaceChildren();
}

async function showHome() {
  closeDocumentView();
  document.title = 'UniversalLinkLab workbench';
  const home = createHome({ api, toast, open: (id) => { location.hash = `#/doc/${encodeURIComponent(id)}`; } });
  replace(main, home.element);
  home.refresh();
}

const tabs = [
  { key: 'app', label: 'App', testid: 'tab-app', create: createAppTab },
  { key: 'domains', label: 'Domains', testid: 'tab-domains', create: createDomainsTab },
  { key: 'urls', label: 'URL tester', testid: 'tab-urls', create: createURLTester },
  { key: 'probes', label: 'Probes', testid: 'tab-probes', create: createProbesTab },
];

function showDocument(route) {
  if (current?.id === route.id) {
    selectTab(route.tab, false);
    return;
  }
  closeDocumentView();
  const context = {
    id: route.id, api, toast,
    select: (fingerprint) => selectFinding(fingerprint),
    showTab: (key) => selectTab(key, true),
    reload: () => reload(),
    filterChanged: () => scheduleFilter(),
    saveTriage: (fingerprint, status, note) => saveTriage(fingerprint, status, note),
  };
  const sidebar = createSidebar(context);
  const inspector = createInspector(context);
  const progress = createProgress(context);
  const panes = Object.fromEntries(tabs.map((tab) => [tab.key, tab.create(context)]));
  const notes = h('ul', { class: 'document-notes', 'data-testid': 'document-notes', 'aria-label': 'Notes', hidden: true });

  const tabButtons = tabs.map((tab, index) => h('button', {
    type: 'button', role: 'tab', id: `tab-${tab.key}`, 'data-testid': tab.testid,
    'aria-controls': `panel-${tab.key}`, 'aria-selected': 'false', tabindex: '-1',
    'aria-keyshortcuts': String(index + 1),
    on: { click: () => selectTab(tab.key, true), keydown: (event) => tabKey(event, index) },
  }, tab.label));
  const panels = tabs.map((tab) => h('section', {
    role: 'tabpanel', id: `panel-${tab.key}`, 'aria-labelledby': `tab-${tab.key}`, tabindex: '0', hidden: true,
    class: 'panel',
  }, panes[tab.key].element));

  const layout = h('div', { class: 'workbench' },
    h('aside', { class: 'sidebar', 'aria-label': 'Findings' }, sidebar.element),
    h('section', { class: 'center', 'aria-label': 'Document' },
      notes,
      progress.element,
      h('div', { role: 'tablist', 'aria-label': 'Views', class: 'tabs' }, tabButtons),
      panels),
    h('aside', { class: 'inspector', 'aria-label': 'Inspector' }, inspector.element));
  replace(main, layout);
  // A file dropped on an open document is the product's other app (the App tab adds it).
  for (const type of ['dragenter', 'dragover']) {
    layout.addEventListener(type, (event) => {
      if (!event.dataTransfer?.types?.includes('Files')) return;
      event.preventDefault();
      layout.classList.add('dragging');
    });
  }
  layout.addEventListener('dragleave', (event) => {
    if (!layout.contains(event.relatedTarget)) layout.classList.remove('dragging');
  });
  layout.addEventListener('drop', (event) => {
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0 || event.defaultPrevented) return;
    event.preventDefault();
    layout.classList.remove('dragging');
    if (files.length > 1) toast(`One file at a time: adding ${files[0].name}.`);
    panes.app.add(files[0]);
  });

  const exports = createExports(context);
  current = {
    id: route.id, sidebar, inspector, progress, panes, tabButtons, panels, exports, notes, view: null, selected: null,
    ownSaves: [],
  };
  exportsNav.replaceChildren(exports.element);
  exportsNav.hidden = false;
  setStatus('inspecting', 'Loading…');
  selectTab(route.tab, false);
  if (route.finding) current.selected = route.finding;

  const scheduleReload = debounce(() => reload(), 60);
  const scheduleFilter = debounce(() => reload(), 40);
  // URL tests change on every keystroke in the tester, which already shows its own answer:
  // the rest of the page catches up once typing pauses.
  const scheduleQuietReload = debounce(function quiet() {
    if (current?.panes.urls.typing()) setTimeout(quiet, 300); else reload();
  }, 300);
  current.stopEvents = api.events(route.id, (event) => {
    progress.event(event);
    // A triage this page saved changed the findings and nothing else: its answer patched the sidebar.
    if (event.type === 'findings' && ownSave()) return;
    if (event.type === 'urls' || event.type === 'findings') scheduleQuietReload(); else scheduleReload();
  }, (state) => { if (state === 'open') scheduleReload(); });
  reload();
}

function tabKey(event, index) {
  const keys = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
  if (!(event.key in keys)) return;
  event.preventDefault();
  const next = (keys[event.key] + tabs.length) % tabs.length;
  selectTab(tabs[next].key, true);
  current.tabButtons[next].focus();
}

function selectTab(key, remember) {
  if (!current) return;
  const index = Math.max(0, tabs.findIndex((tab) => tab.key === key));
  current.tabButtons.forEach((button, i) => {
    button.setAttribute('aria-selected', String(i === index));
    button.tabIndex = i === index ? 0 : -1;
  });
  current.panels.forEach((panel, i) => { panel.hidden = i !== index; });
  current.tab = tabs[index].key;
  current.panes[current.tab].shown?.();
  if (remember) updateRoute({ tab: tabs[index].key });
}

function selectFinding(fingerprint) {
  if (!current) return;
  current.selected = fingerprint;
  updateRoute({ finding: fingerprint });
  current.sidebar.setSelected(fingerprint);
  current.inspector.show(fingerprint);
}

/** Consumes one triage save of this page (of the last 10 s) whose `findings` event is still to come. */
function ownSave() {
  const recent = current.ownSaves.filter((time) => performance.now() - time < 10000);
  current.ownSaves = recent.slice(1);
  return recent.length > 0;
}

/**
 * Saves a finding's triage; the answer's patch updates its sidebar row, the counts and the group
 * titles in place (a whole reload only when the patch does not fit what is shown).
 */
async function saveTriage(fingerprint, status, note) {
  const shown = current;
  if (!shown) return;
  const started = performance.now();
  shown.ownSaves.push(started);
  let answer;
  try {
    answer = await api.setTriage(shown.id, fingerprint, status, note, shown.sidebar.query());
  } catch (error) {
    shown.ownSaves = shown.ownSaves.filter((time) => time !== started);
    throw error;
  }
  if (current !== shown) return;
  if (!shown.sidebar.patch(answer.sidebar)) {
    shown.ownSaves = shown.ownSaves.filter((time) => time !== started);
    reload();
    return;
  }
  shown.sidebar.setSelected(shown.selected);
  shown.inspector.show(shown.selected);
}

let reloading = null;
let reloadAgain = false;
async function reload() {
  if (!current) return;
  if (reloading) { reloadAgain = true; return reloading; }
  const id = current.id;
  reloading = (async () => {
    try {
      const view = await api.view(id, current.sidebar.query(), { lines: !current.panes.urls.hasLines() });
      if (current?.id !== id) return;
      current.view = view;
      render(view);
    } catch (error) {
      if (current?.id !== id) return;
      setStatus('failed', error.message);
      if (error.status === 404) toast('That document is no longer open.');
    }
  })();
  await reloading;
  reloading = null;
  if (reloadAgain) { reloadAgain = false; await reload(); }
}

function render(view) {
  showPhase(view.phase);
  titleElement.textContent = view.subtitle ? `${view.title} — ${view.subtitle}` : view.title;
  titleElement.title = titleElement.textContent;  // the whole title when the bar cuts it short
  document.title = `${view.title} · UniversalLinkLab`;
  current.progress.render(view);
  // The document's notes (e.g. no path to Apple from this machine), as every export carries them.
  replace(current.notes, view.notes.map((note) => h('li', { 'data-testid': 'document-note' }, note)));
  current.notes.hidden = view.notes.length === 0;
  current.sidebar.render(view.findings);
  current.panes.app.render(view);
  current.panes.domains.render(view);
  current.panes.urls.render(view, () => reload());
  current.panes.probes.render(view);
  current.exports.render(view);
  current.inspector.show(current.selected);
  current.sidebar.setSelected(current.selected);
}

function route() {
  const target = parseRoute();
  if (target.view === 'doc') showDocument(target);
  else showHome();
}

// Single-key shortcuts, off while typing (WCAG 2.1.4) and switch-off-able in the help panel.
function typing(target) {
  return target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') {
    if (!byId('help').hidden) { toggleHelp(false); return; }
    if (typing(event.target)) event.target.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  if (byId('shortcuts-off').checked) return;
  if (event.key === '?') { event.preventDefault(); toggleHelp(); return; }
  if (!current) return;
  switch (event.key) {
    case '/': event.preventDefault(); current.sidebar.focusFilter(); break;
    case 'j': event.preventDefault(); current.sidebar.move(1); break;
    case 'k': event.preventDefault(); current.sidebar.move(-1); break;
    case '1': case '2': case '3': case '4': {
      const tab = tabs[Number(event.key) - 1];
      selectTab(tab.key, true);
      current.tabButtons[Number(event.key) - 1].focus();
      break;
    }
    case 't': event.preventDefault(); selectTab('urls', true); current.panes.urls.focus(); break;
    case 's': { // the open finding's triage status: j, then s, then ↓ and Tab to Save
      const status = byId('triage-status');
      if (status) { event.preventDefault(); status.focus(); }
      break;
    }
    default: break;
  }
});

function toggleHelp(show) {
  const help = byId('help');
  help.hidden = show === undefined ? !help.hidden : !show;
  if (!help.hidden) byId('help-close').focus();
  else byId('help-button').focus();
}

byId('help-button').addEventListener('click', () => toggleHelp());
byId('help-close').addEventListener('click', () => toggleHelp(false));
byId('shortcuts-off').checked = localStorage.getItem('linklab-shortcuts-off') === '1';
byId('shortcuts-off').addEventListener('change', (event) => {
  localStorage.setItem('linklab-shortcuts-off', event.target.checked ? '1' : '0');
});

window.addEventListener('hashchange', route);
route();
