// Inspector: the selected finding's FindingDetailPresentation (explanation, evidence,
// remediation, references, triage) as the server wrote it. References are shown as text,
// never followed from the page.

import { h, replace } from './dom.js';

export function createInspector({ id, api, toast, saveTriage }) {
  const body = h('div', { class: 'inspector-body' });
  const element = h('div', { class: 'inspector-inner' }, h('h2', { class: 'pane-title' }, 'Inspector'), body);
  let shownFingerprint = null;
  let shownKey = null;
  let dirty = false;
  let request = 0;

  /** Shows the finding `fingerprint` (null: none), fetched anew for the document's revision. */
  async function show(fingerprint) {
    const mine = ++request;
    if (!fingerprint) {
      shownFingerprint = null;
      shownKey = null;
      replace(body, h('p', { class: 'muted' }, 'Select a finding (or press j) to see its evidence, remediation and triage.'));
      return;
    }
    let detail;
    try {
      detail = await api.findingDetail(id, fingerprint);
    } catch (error) {
      if (mine !== request) return;
      shownFingerprint = null;
      shownKey = null;
      replace(body, h('p', { class: 'muted' }, error.status === 404
        ? 'This finding is no longer in the document (its facts changed).' : error.message));
      return;
    }
    if (mine !== request) return;
    // Keep what the tester is typing when the document changes under them.
    if (detail.fingerprint === shownFingerprint && dirty) return;
    const key = JSON.stringify(detail);
    if (detail.fingerprint === shownFingerprint && key === shownKey) return; // unchanged: keep focus
    const previousFingerprint = shownFingerprint;
    shownFingerprint = detail.fingerprint;
    shownKey = key;
    dirty = false;
    const select = h('select', { id: 'triage-status', 'data-testid': 'triage-status', on: { change: () => { dirty = true; } } },
      detail.statuses.map((status) => h('option', { value: status.value, selected: status.value === detail.triage },
        status.label)));
    const note = h('textarea', {
      id: 'triage-note', 'data-testid': 'triage-note', rows: '3', spellcheck: 'true',
      on: { input: () => { dirty = true; } },
    });
    note.value = detail.note;
    const saved = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
    const save = h('button', {
      type: 'button', class: 'primary', 'data-testid': 'triage-save',
      on: {
        click: async () => {
          try {
            await saveTriage(detail.fingerprint, select.value, note.value);
            dirty = false; // before the detail saveTriage asked for anew arrives
            saved.textContent = 'Saved.';
          } catch (error) {
            toast(`Triage not saved: ${error.message}`);
          }
        },
      },
    }, 'Save triage');

    // A new rendering of the same finding (after Save triage) keeps the keyboard focus where it was.
    const focused = body.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const keepFocus = focused && detail.fingerprint === previousFingerprint;
    replace(body,
      h('article', { class: 'finding-detail', 'data-testid': 'inspector', 'data-fingerprint': detail.fingerprint },
        h('p', {}, h('span', { class: `badge sev sev-${detail.severity}` }, detail.severityLabel), ' ',
          h('code', {}, detail.id)),
        h('h3', {}, detail.title),
        detail.subject ? h('p', { class: 'subject' }, detail.subject) : null,
        h('div', { class: 'prose' }, detail.paragraphs.map((paragraph) => h('p', {}, paragraph))),
        h('h4', {}, 'Evidence'),
        h('ul', { class: 'evidence' }, detail.evidence.map((evidence) =>
          h('li', { 'data-kind': evidence.kind }, h('span', { class: 'evidence-kind' }, evidence.label), ' ',
            h('code', {}, evidence.text)))),
        detail.remediation ? [h('h4', {}, 'Remediation'), h('p', { class: 'prose' }, detail.remediation)] : null,
        detail.references.length ? [h('h4', {}, 'References'),
          h('ul', { class: 'references' }, detail.references.map((reference) =>
            h('li', {}, reference.title, h('br'), h('code', { class: 'url' }, reference.url))))] : null,
        h('h4', {}, 'Triage'),
        h('div', { class: 'triage' },
          h('label', { for: 'triage-status' }, 'Status'), select,
          h('label', { for: 'triage-note' }, 'Note'), note,
          h('div', { class: 'row' }, save, saved),
          detail.triageSetAt ? h('p', { class: 'muted' }, `Last set ${detail.triageSetAt}`) : null)));
    if (keepFocus) body.querySelector(`[data-testid="${focused}"]`)?.focus();
  }

  show(null);
  return { element, show };
}
