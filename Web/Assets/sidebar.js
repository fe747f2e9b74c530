// Findings sidebar: counts by severity, the filter (text and severity toggles), the findings
// grouped by severity (suppressed ones in their own group, never hidden), each with its
// triage badge. j/k move the selection; "/" focuses the filter (wired in app.js).

import { h, replace } from './dom.js';

export const severities = ['critical', 'high', 'medium', 'low', 'info'];
const suppressed = new Set(['false-positive', 'accepted-risk']);

export function triageStatus(finding) {
  return finding?.triage?.status ?? 'open';
}

export function createSidebar({ select }) {
  const counts = h('ul', { class: 'counts-bar', 'aria-label': 'Findings by severity' });
  const filter = h('input', {
    type: 'search', id: 'finding-filter', 'data-testid': 'finding-filter', 'aria-label': 'Filter findings', placeholder: 'Filter  ( / )',
    spellcheck: 'false', 'aria-keyshortcuts': '/', 'aria-controls': 'finding-list',
    on: { input: () => renderList() },
  });
  const shown = new Set(severities);
  const toggles = severities.map((severity) => h('button', {
    type: 'button', class: `toggle sev-${severity}`, 'aria-pressed': 'true', 'data-severity': severity,
    'data-testid': `severity-toggle-${severity}`, title: `Show ${severity} findings`,
    on: {
      click: (event) => {
        if (shown.has(severity)) shown.delete(severity); else shown.add(severity);
        event.currentTarget.setAttribute('aria-pressed', String(shown.has(severity)));
        renderList();
      },
    },
  }, severity));
  const list = h('div', { id: 'finding-list', class: 'finding-list' });
  const element = h('div', { class: 'sidebar-inner' },
    h('h2', { class: 'pane-title' }, 'Findings'),
    counts,
    filter,
    h('div', { class: 'toggles', role: 'group', 'aria-label': 'Severities shown' }, toggles),
    list);

  let findings = [];
  let selected = null;

  function matches(finding, text) {
    if (!shown.has(finding.severity)) return false;
    if (!text) return true;
    const haystack = [finding.id, finding.title, finding.subject, finding.severity, triageStatus(finding)]
      .join(' ').toLowerCase();
    return text.split(/\s+/).every((word) => haystack.includes(word));
  }

  function item(finding) {
    const status = triageStatus(finding);
    return h('li', {},
      h('button', {
        type: 'button', class: 'finding', 'data-testid': 'finding', 'data-finding-id': finding.id,
        'data-severity': finding.severity, 'data-fingerprint': finding.fingerprint, 'data-triage': status,
        'aria-current': finding.fingerprint === selected ? 'true' : 'false',
        on: { click: () => select(finding.fingerprint) },
      },
      h('span', { class: `sev-dot sev-${finding.severity}`, 'aria-hidden': 'true' }),
      h('span', { class: 'finding-id' }, finding.id),
      h('span', { class: 'finding-title' }, finding.title ?? ''),
      finding.subject ? h('span', { class: 'finding-subject' }, finding.subject) : null,
      status !== 'open' ? h('span', { class: `badge triage-${status}`, title: 'triage' }, status) : null));
  }

  function renderList() {
    // Rebuilding the list must not take the keyboard focus away from the finding it was on.
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.fingerprint : null;
    fillList();
    if (focused) list.querySelector(`[data-fingerprint="${CSS.escape(focused)}"]`)?.focus();
  }

  function fillList() {
    const text = filter.value.trim().toLowerCase();
    const visible = findings.filter((finding) => matches(finding, text));
    const groups = [
      ...severities.map((severity) => ({
        key: severity, title: severity,
        items: visible.filter((f) => f.severity === severity && !suppressed.has(triageStatus(f))),
      })),
      { key: 'suppressed', title: 'suppressed', items: visible.filter((f) => suppressed.has(triageStatus(f))) },
    ].filter((group) => group.items.length > 0);
    if (groups.length === 0) {
      replace(list, h('p', { class: 'muted' }, findings.length ? 'No finding matches the filter.' : 'No findings yet.'));
      return;
    }
    replace(list, groups.map((group) => h('section', { class: 'group', 'aria-labelledby': `group-${group.key}` },
      h('h3', { id: `group-${group.key}`, class: `group-title sev-${group.key}` },
        `${group.title} (${group.items.length})`),
      h('ul', {}, group.items.map(item)))));
  }

  let lastKey = null;
  function render(doc) {
    const key = JSON.stringify(doc.findings ?? []);
    if (key === lastKey) return; // nothing changed: keep the list (and the focus) as it is
    lastKey = key;
    findings = doc.findings ?? [];
    const byseverity = Object.fromEntries(severities.map((s) => [s, findings.filter((f) => f.severity === s).length]));
    replace(counts, severities.map((severity) => h('li', { class: `count sev-${severity}`, 'data-severity': severity },
      h('span', { class: 'count-number' }, String(byseverity[severity])), ' ', severity)));
    renderList();
  }

  function setSelected(fingerprint) {
    selected = fingerprint;
    for (const button of list.querySelectorAll('[data-testid="finding"]')) {
      button.setAttribute('aria-current', String(button.dataset.fingerprint === fingerprint));
    }
  }

  function move(step) {
    const buttons = [...list.querySelectorAll('[data-testid="finding"]')];
    if (buttons.length === 0) return;
    const index = buttons.findIndex((button) => button.dataset.fingerprint === selected);
    const next = index < 0 ? (step > 0 ? 0 : buttons.length - 1) : Math.min(buttons.length - 1, Math.max(0, index + step));
    select(buttons[next].dataset.fingerprint);
    buttons[next].focus();
    buttons[next].scrollIntoView({ block: 'nearest' });
  }

  return { element, render, setSelected, move, focusFilter: () => { filter.focus(); filter.select(); } };
}
