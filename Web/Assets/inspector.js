// Inspector: the selected finding's explanation, evidence, remediation and references, and its
// triage (status + note + save). References are shown as text, never followed from the page.

import { h, replace } from './dom.js';
import { triageStatus } from './sidebar.js';

const statuses = ['open', 'confirmed', 'false-positive', 'accepted-risk', 'fixed'];

export function evidenceText(evidence) {
  switch (evidence.kind) {
    case 'associationFile': {
      const where = evidence.line ? ` line ${evidence.line}${evidence.column ? `:${evidence.column}` : ''}` : '';
      return `${evidence.host ?? ''} ${evidence.pointer ?? ''}${where}`.trim();
    }
    case 'entitlement': return `${evidence.key} = ${evidence.value ?? ''}`;
    case 'binary': {
      const parts = [evidence.file, evidence.slice && `slice ${evidence.slice}`, evidence.section,
        evidence.offset !== null && evidence.offset !== undefined ? `offset 0x${Number(evidence.offset).toString(16)}` : null,
        evidence.symbol];
      return parts.filter(Boolean).join(' · ');
    }
    case 'text': return evidence.text ?? '';
    default: {
      const { kind, ...rest } = evidence;
      return Object.entries(rest).filter(([, v]) => v !== null).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' · ');
    }
  }
}

export function createInspector({ id, api, toast, reload }) {
  const body = h('div', { class: 'inspector-body' });
  const element = h('div', { class: 'inspector-inner' }, h('h2', { class: 'pane-title' }, 'Inspector'), body);
  let shownFingerprint = null;
  let shownKey = null;
  let dirty = false;

  function show(finding) {
    if (!finding) {
      shownFingerprint = null;
      shownKey = null;
      replace(body, h('p', { class: 'muted' }, 'Select a finding (or press j) to see its evidence, remediation and triage.'));
      return;
    }
    // Keep what the tester is typing when the document changes under them.
    if (finding.fingerprint === shownFingerprint && dirty) return;
    const key = JSON.stringify(finding);
    if (finding.fingerprint === shownFingerprint && key === shownKey) return; // unchanged: keep focus
    shownFingerprint = finding.fingerprint;
    shownKey = key;
    dirty = false;
    const status = triageStatus(finding);
    const select = h('select', { id: 'triage-status', 'data-testid': 'triage-status', on: { change: () => { dirty = true; } } },
      statuses.map((value) => h('option', { value, selected: value === status }, value)));
    const note = h('textarea', {
      id: 'triage-note', 'data-testid': 'triage-note', rows: '3', spellcheck: 'true',
      on: { input: () => { dirty = true; } },
    });
    note.value = finding.triage?.note ?? '';
    const saved = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite' });
    const save = h('button', {
      type: 'button', class: 'primary', 'data-testid': 'triage-save',
      on: {
        click: async () => {
          try {
            await api.setTriage(id, finding.fingerprint, select.value, note.value);
            dirty = false;
            saved.textContent = 'Saved.';
            reload();
          } catch (error) {
            toast(`Triage not saved: ${error.message}`);
          }
        },
      },
    }, 'Save triage');

    replace(body,
      h('article', { class: 'finding-detail', 'data-testid': 'inspector', 'data-fingerprint': finding.fingerprint },
        h('p', {}, h('span', { class: `badge sev sev-${finding.severity}` }, finding.severity), ' ',
          h('code', {}, finding.id)),
        h('h3', {}, finding.title ?? ''),
        finding.subject ? h('p', { class: 'subject' }, finding.subject) : null,
        h('div', { class: 'prose' }, (finding.explanation ?? '').split(/\n\n+/).map((paragraph) => h('p', {}, paragraph))),
        h('h4', {}, 'Evidence'),
        h('ul', { class: 'evidence' }, (finding.evidence ?? []).map((evidence) =>
          h('li', { 'data-kind': evidence.kind }, h('span', { class: 'evidence-kind' }, evidence.kind), ' ',
            h('code', {}, evidenceText(evidence))))),
        finding.remediation ? [h('h4', {}, 'Remediation'), h('p', { class: 'prose' }, finding.remediation)] : null,
        (finding.references ?? []).length ? [h('h4', {}, 'References'),
          h('ul', { class: 'references' }, finding.references.map((reference) =>
            h('li', {}, reference.title ?? '', h('br'), h('code', { class: 'url' }, reference.url ?? ''))))] : null,
        h('h4', {}, 'Triage'),
        h('div', { class: 'triage' },
          h('label', { for: 'triage-status' }, 'Status'), select,
          h('label', { for: 'triage-note' }, 'Note'), note,
          h('div', { class: 'row' }, save, saved),
          finding.triage?.setAt ? h('p', { class: 'muted' }, `Last set ${finding.triage.setAt}`) : null)));
  }

  show(null);
  return { element, show };
}
