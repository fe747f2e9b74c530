// Probes tab: the handler probe kit of the document as the server wrote it (ProbeKitPresentation) —
// each probe's link (shown and copied, never opened by this page: opening it on a device is the
// tester's act), what to watch, what the OS does with it, and the outcome the tester records with a
// note; stale outcomes (recorded for an earlier kit) are shown, not editable. Also: the kit's files
// to download, a results file to import, and the attacker host. Every word is the presentation's.

import { h, replace, copyText } from './dom.js';

export function createProbesTab({ id, api, toast }) {
  const summary = h('p', { class: 'count-summary', 'data-testid': 'probe-summary', role: 'status' });
  const guidance = h('p', { class: 'muted probe-guidance' });
  const notes = h('ul', { class: 'domain-notes', 'data-testid': 'probe-notes' });
  const list = h('ol', { class: 'probe-list', 'data-testid': 'probe-list' });
  const hostInput = h('input', { type: 'text', 'data-testid': 'attacker-host', 'aria-label': 'Attacker host',
    spellcheck: 'false', autocomplete: 'off' });
  const hostButton = h('button', { type: 'button', 'data-testid': 'attacker-host-save',
    on: { click: () => act(() => api.setAttackerHost(id, hostInput.value.trim())) } }, 'Use host');
  const resultsInput = h('input', { type: 'file', id: `probe-results-${id}`, class: 'visually-hidden',
    'data-testid': 'probe-results-input', accept: '.tsv,.txt,text/plain' });
  resultsInput.addEventListener('change', async () => {
    const file = resultsInput.files?.[0];
    resultsInput.value = '';
    if (!file) return;
    await act(async () => api.importProbeResults(id, await file.text()), 'Results imported.');
  });
  // The kit's files (ProbeKitPresentation.files), one button each once the kit has arrived.
  const downloads = h('span', { class: 'row probe-downloads' });
  const toolbar = h('div', { class: 'row probe-toolbar' },
    h('span', { class: 'muted' }, 'Kit'), downloads,
    h('label', { for: resultsInput.id, class: 'button' }, 'Import results…'), resultsInput);
  const hostRow = h('div', { class: 'row probe-host' }, h('span', { class: 'muted' }, 'Attacker host'), hostInput, hostButton);
  const element = h('div', { class: 'probes', 'data-testid': 'probes' },
    h('h3', { class: 'pane-title' }, 'Device probes'), guidance, summary, toolbar, hostRow, notes, list);
  let shownText = '';
  let loading = false;

  async function act(call, done) {
    try {
      show(await call());
      if (done) toast(done);
    } catch (error) {
      toast(error.message);
    }
  }

  async function download(kind) {
    try {
      const { name, blob } = await api.downloadProbes(id, kind);
      const url = URL.createObjectURL(blob);
      const link = h('a', { download: name, class: 'visually-hidden' }, name);
      link.href = url; // a blob: URL of our own bytes
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    } catch (error) {
      toast(`Download failed: ${error.message}`);
    }
  }

  function rowView(row, presentation) {
    const link = h('input', { type: 'text', class: 'probe-link', 'data-testid': 'probe-link', readonly: true,
      spellcheck: 'false', 'aria-label': `Link of ${row.probeID}` });
    link.value = row.link;
    const copied = h('span', { class: 'muted', role: 'status' });
    const copy = h('button', { type: 'button', class: 'ghost', 'data-testid': 'probe-copy',
      on: { click: async () => { copied.textContent = (await copyText(link.value, link)) ? 'Copied.' : 'Selected: press Ctrl+C.'; } },
    }, 'Copy');
    const outcome = h('span', { class: `badge outcome outcome-${row.outcome ?? 'none'}`, 'data-testid': 'probe-outcome-label' },
      row.outcomeLabel);
    const head = h('div', { class: 'probe-head' }, h('strong', { class: 'probe-id' }, row.probeID),
      row.platformLabel ? h('span', { class: 'badge' }, row.platformLabel) : null,
      h('span', { class: 'probe-kind' }, row.kindLabel), outcome);
    const body = [head, h('div', { class: 'copy-block probe-copy-block' }, link, copy, copied)];
    if (row.watch) body.push(h('p', { class: 'probe-watch' }, h('span', { class: 'muted' }, 'Watch: '), row.watch));
    if (row.predicted) body.push(h('p', { class: 'muted probe-os' }, `OS: ${row.predicted}`));
    if (row.isStale) {
      if (row.note) body.push(h('p', { class: 'probe-note-text' }, row.note));
    } else {
      const select = h('select', { 'data-testid': 'probe-outcome', 'aria-label': `Outcome of ${row.probeID}` },
        h('option', { value: '', selected: !row.outcome }, presentation.notRunLabel),
        presentation.choices.map((choice) => h('option', { value: choice.value, selected: row.outcome === choice.value },
          choice.label)));
      const note = h('input', { type: 'text', class: 'probe-note', 'data-testid': 'probe-note',
        'aria-label': `Note on ${row.probeID}`, placeholder: 'What the app did' });
      note.value = row.note;
      const save = h('button', { type: 'button', 'data-testid': 'probe-save', on: {
        click: () => act(() => api.setProbeOutcome(id, row.probeID, select.value || null, note.value)),
      } }, 'Save');
      body.push(h('div', { class: 'row probe-controls' }, select, note, save));
    }
    return h('li', {
      class: `probe card${row.isStale ? ' stale' : ''}`, 'data-testid': 'probe', 'data-probe-id': row.probeID,
      'data-kind': row.kind, 'data-platform': row.platform, 'data-outcome': row.outcome ?? '',
      'data-stale': String(row.isStale),
    }, body);
  }

  function show(presentation) {
    const text = JSON.stringify(presentation);
    if (text === shownText) return;
    shownText = text;
    guidance.textContent = presentation.guidance;
    summary.textContent = presentation.emptyMessage ?? presentation.summary;
    if (document.activeElement !== hostInput) hostInput.value = presentation.attackerHost;
    replace(notes, presentation.notes.map((note) => h('li', { class: 'domain-note' }, note)));
    replace(downloads, presentation.files.map((file) => h('button', {
      type: 'button', class: 'ghost', 'data-testid': `probe-export-${file.kind}`, 'aria-label': file.accessibilityLabel,
      on: { click: () => download(file.kind) },
    }, file.label)));
    replace(list, presentation.rows.map((row) => rowView(row, presentation)));
    element.dataset.vulnerable = String(presentation.vulnerable);
  }

  let stale = false;
  const hidden = () => element.closest('[role=tabpanel]')?.hidden ?? false;

  async function load() {
    if (loading) return;
    loading = true;
    stale = false;
    try {
      show(await api.probes(id));
    } catch (error) {
      summary.textContent = error.message;
    } finally {
      loading = false;
    }
  }

  /**
   * The document changed: the kit follows its facts once the document is ready, fetched while the
   * tab is shown (a hidden tab fetches when it is shown again: `shown`), so typing elsewhere costs nothing.
   */
  function render(view) {
    if (view.phase?.phase !== 'ready') return;
    stale = true;
    if (!hidden()) load();
  }

  /** The tab was selected: catch up with the changes made while it was hidden. */
  function shown() {
    if (stale) load();
  }

  return { element, render, shown };
}
