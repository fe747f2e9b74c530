// Findings sidebar: renders the document's FindingListPresentation (counts, groups, rows, the
// empty text) exactly as the server computed it; the filter box and the severity toggles only
// collect the tester's input and ask the server for the filtered list. j/k move the selection;
// "/" focuses the filter (wired in app.js).

import { h, replace, keepChildren, setAttributes, setText } from './dom.js';

export const severities = ['critical', 'high', 'medium', 'low', 'info'];

export function createSidebar({ select, filterChanged }) {
  const counts = h('ul', { class: 'counts-bar', 'aria-label': 'Findings by severity', 'data-testid': 'finding-counts' });
  const summary = h('p', { class: 'muted count-summary', 'data-testid': 'finding-summary' });
  const filter = h('input', {
    type: 'search', id: 'finding-filter', 'data-testid': 'finding-filter', 'aria-label': 'Filter findings',
    placeholder: 'Filter  ( / )', spellcheck: 'false', 'aria-keyshortcuts': '/', 'aria-controls': 'finding-list',
    on: {
      input: () => filterChanged(),
      keydown: (event) => {
        if (event.key !== 'Escape') return;
        // Esc clears the filter and the list with it (not just the box).
        if (filter.value) { event.stopPropagation(); filter.value = ''; filterChanged(); }
      },
    },
  });
  const shown = new Set(severities);
  const toggles = severities.map((severity) => h('button', {
    type: 'button', class: `toggle sev-${severity}`, 'aria-pressed': 'true', 'data-severity': severity,
    'data-testid': `severity-toggle-${severity}`, title: `Show ${severity} findings`,
    on: {
      click: (event) => {
        if (shown.has(severity)) shown.delete(severity); else shown.add(severity);
        event.currentTarget.setAttribute('aria-pressed', String(shown.has(severity)));
        filterChanged();
      },
    },
  }, severity));
  const list = h('div', { id: 'finding-list', class: 'finding-list' });
  const element = h('div', { class: 'sidebar-inner' },
    h('h2', { class: 'pane-title' }, 'Findings'),
    counts,
    summary,
    filter,
    h('div', { class: 'toggles', role: 'group', 'aria-label': 'Severities shown' }, toggles),
    list);

  let selected = null;

  function item(row) {
    return h('li', {},
      h('button', {
        type: 'button', class: 'finding', 'data-testid': 'finding', 'data-finding-id': row.id,
        'data-severity': row.severity, 'data-fingerprint': row.fingerprint, 'data-triage': row.triage,
        'aria-current': row.fingerprint === selected ? 'true' : 'false', 'aria-label': row.accessibilityLabel,
        on: { click: () => select(row.fingerprint) },
      },
      h('span', { class: `sev-dot sev-${row.severity}`, 'aria-hidden': 'true' }),
      h('span', { class: 'finding-id' }, row.id),
      h('span', { class: 'finding-title' }, row.title),
      row.subject ? h('span', { class: 'finding-subject' }, row.subject) : null,
      row.triageBadge ? h('span', { class: `badge triage-${row.triage}`, title: 'triage' }, row.triageBadge) : null));
  }

  let lastKey = null;
  let shownList = null;
  // Built rows by fingerprint (with the row they show) and groups by key: a render writes only
  // the rows that changed, so a list of thousands costs one row's work when one finding does.
  let rows = new Map();
  let sections = new Map();

  function rowElement(row) {
    const key = JSON.stringify(row);
    const built = rows.get(row.fingerprint);
    if (built && built.key === key) return built.element;
    const element = item(row);
    rows.set(row.fingerprint, { key, element });
    return element;
  }

  function section(group) {
    let built = sections.get(group.key);
    if (!built) {
      const title = h('h3', { id: `group-${group.key}`, class: `group-title sev-${group.key}` });
      const items = h('ul', {});
      built = {
        element: h('section', { class: 'group', 'aria-labelledby': `group-${group.key}`, 'data-group': group.key }, title, items),
        title, items,
      };
      sections.set(group.key, built);
    }
    setText(built.title, group.title);
    return built;
  }

  /** Renders a FindingListPresentation. */
  function render(presentation) {
    const key = JSON.stringify(presentation);
    if (key === lastKey) return; // nothing changed: keep the list (and the focus) as it is
    lastKey = key;
    shownList = presentation;
    replace(counts, presentation.counts.map((count) => h('li', {
      class: `count sev-${count.severity}`, 'data-severity': count.severity,
    }, h('span', { class: 'count-number' }, String(count.count)), ' ', count.severity)),
    presentation.suppressed ? h('li', { class: 'count suppressed', 'data-severity': 'suppressed' },
      h('span', { class: 'count-number' }, String(presentation.suppressed)), ' suppressed') : null);
    setText(summary, presentation.summary);
    // Rebuilding a row must not take the keyboard focus away from the finding it was on.
    const focused = list.contains(document.activeElement) ? document.activeElement.dataset.fingerprint : null;
    if (presentation.emptyText !== null && presentation.emptyText !== undefined) {
      replace(list, h('p', { class: 'muted', 'data-testid': 'finding-empty' }, presentation.emptyText));
      rows = new Map();
      sections = new Map();
    } else {
      const keptRows = new Map();
      const keptSections = new Map();
      const shown = presentation.groups.map((group) => {
        const built = section(group);
        keptSections.set(group.key, built);
        keepChildren(built.items, group.rows.map((row) => {
          if (keptRows.has(row.fingerprint)) return item(row); // a fingerprint listed twice: its own row
          const element = rowElement(row);
          keptRows.set(row.fingerprint, rows.get(row.fingerprint));
          return element;
        }));
        return built.element;
      });
      keepChildren(list, shown);
      rows = keptRows;
      sections = keptSections;
    }
    if (focused && !list.contains(document.activeElement)) {
      list.querySelector(`[data-fingerprint="${CSS.escape(focused)}"]`)?.focus();
    }
  }

  /**
   * Applies a FindingListPatch (one finding's triage changed) to the list shown: its row, the
   * counts and the group titles. False when the patch does not fit what is shown (then the
   * caller reloads the whole list).
   */
  function patch(change) {
    if (!shownList || !change || shownList.emptyText != null || change.emptyText != null) return false;
    const byGroup = new Map(shownList.groups.map((group) => [group.key,
      group.rows.filter((row) => row.fingerprint !== change.fingerprint)]));
    if (change.row) {
      const target = byGroup.get(change.group) ?? [];
      const at = change.before == null ? target.length : target.findIndex((row) => row.fingerprint === change.before);
      if (at < 0) return false;
      target.splice(at, 0, change.row);
      byGroup.set(change.group, target);
    }
    const groups = change.groups.map((group) => ({ key: group.key, title: group.title, rows: byGroup.get(group.key) ?? [] }));
    if (groups.some((group, index) => group.rows.length !== change.groups[index].count)) return false;
    render({ ...shownList, counts: change.counts, suppressed: change.suppressed, summary: change.summary,
      total: change.total, groups });
    return true;
  }

  function setSelected(fingerprint) {
    selected = fingerprint;
    for (const button of list.querySelectorAll('[data-testid="finding"]')) {
      setAttributes(button, { 'aria-current': String(button.dataset.fingerprint === fingerprint) });
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

  /** The tester's filter, as the view request sends it. */
  function query() {
    return { query: filter.value, severities: shown.size === severities.length ? null : [...shown] };
  }

  return { element, render, patch, setSelected, move, query, focusFilter: () => { filter.focus(); filter.select(); } };
}
