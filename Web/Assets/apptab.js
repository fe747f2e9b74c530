// App tab: every bundle's AppBundleCard as the server wrote it — identifiers, the signed
// entitlements with the XML and DER copies side by side (differences marked), the provisioning
// profile, URL schemes, associated domains with their problems, and the link handlers with
// their evidence and frida-trace commands. Strings are text; nothing is decided here.

import { h, replace, copyText } from './dom.js';

function table(caption, headers, rows, attributes = {}) {
  return h('table', { class: 'table', ...attributes },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headers.map((header) => h('th', { scope: 'col' }, header)))),
    h('tbody', {}, rows.map((row) => h('tr', row.attributes ?? {}, row.cells.map((cell) => h('td', {}, cell))))));
}

function pairs(list) {
  return h('dl', { class: 'pairs' }, list.map((item) => [h('dt', {}, item.label), h('dd', {}, h('code', {}, item.text))]));
}

function entitlementsView(table_) {
  const rows = table_.rows.map((row) => ({
    attributes: { class: row.differs ? 'differs' : null, 'data-differs': String(row.differs), 'data-key': row.key },
    cells: [h('code', {}, row.key), h('pre', {}, row.xml ?? '(absent)'), h('pre', {}, row.der ?? '(absent)'),
      row.differs ? h('span', { class: 'badge warn', title: row.differences.join('\n') }, 'differs') : ''],
  }));
  return [
    h('p', { class: 'muted', 'data-testid': 'entitlements-summary' }, table_.summary),
    rows.length ? table('Entitlements', ['Key', 'XML copy', 'DER copy', ''], rows,
      { class: 'table entitlements', 'data-testid': 'entitlements' }) : null,
  ];
}

function copyBlock(label, command, testid) {
  const field = h('textarea', { class: 'command', rows: '2', spellcheck: 'false', 'aria-label': label, 'data-testid': testid });
  field.readOnly = true;
  field.value = command;
  const status = h('span', { class: 'muted', role: 'status' });
  return h('div', { class: 'copy-block' }, field,
    h('button', {
      type: 'button', 'data-testid': 'copy-frida',
      on: { click: async () => { status.textContent = (await copyText(field.value, field)) ? 'Copied.' : 'Selected: press Ctrl+C.'; } },
    }, 'Copy'), status);
}

function bundleView(card) {
  const profile = card.profile;
  return h('details', {
    class: 'bundle', 'data-testid': 'bundle', 'data-bundle-id': card.identifiers.find((item) => item.label === 'Bundle ID')?.text ?? '',
    'data-role': card.role, open: card.role === 'app',
  },
  h('summary', {}, h('span', { class: 'role' }, card.role), ' ', h('strong', {}, card.title)),
  h('div', { class: 'bundle-body' },
    h('h4', {}, 'Identifiers'), pairs(card.identifiers),
    entitlementsView(card.entitlements),
    card.associatedDomains.length ? table('Associated domains', ['Entry', 'Service', 'Modes', 'Problems'],
      card.associatedDomains.map((row) => ({
        attributes: { 'data-host': row.host, 'data-accepted': String(row.isAccepted) },
        cells: [h('code', {}, row.entry), row.service, row.modes.join(', '),
          row.problems.length ? h('ul', { class: 'problems' }, row.problems.map((problem) => h('li', {}, problem))) : ''],
      })), { 'data-testid': 'associated-domains' }) : null,
    h('h4', {}, 'Provisioning profile'),
    profile ? [pairs([
      { label: 'Name', text: profile.name ?? '' }, { label: 'Team', text: profile.team },
      { label: 'Distribution', text: profile.distribution }, { label: 'Expires', text: profile.expiryText },
      { label: 'Devices', text: profile.devicesText }, { label: 'Associated domains allowed', text: profile.ceilingText },
    ].filter((item) => item.text)),
    profile.problems.length ? h('ul', { class: 'problems' }, profile.problems.map((problem) => h('li', {}, problem))) : null]
      : h('p', { class: 'muted' }, 'No embedded provisioning profile.'),
    h('h4', {}, 'URL schemes'),
    pairs([{ label: 'Handles', text: card.urlSchemes.join(', ') || '—' },
      { label: 'Queries (LSApplicationQueriesSchemes)', text: card.queriedSchemes.join(', ') || '—' }]),
    h('h4', {}, 'Link handlers'),
    card.linkScanNote ? h('p', { class: 'warn-text' }, card.linkScanNote) : null,
    card.linkHandlers.length ? h('div', { class: 'evidence-block' }, table('Link evidence',
      ['Kind', 'Name', 'File', 'Slice', 'Section', 'Offset'],
      card.linkHandlers.map((row) => ({
        cells: [row.kindText, h('code', {}, row.name), h('code', {}, row.file), row.slice, row.section, h('code', {}, row.offsetText)],
      })), { 'data-testid': 'link-evidence' }))
      : h('p', { class: 'muted' }, 'No link handlers or outgoing link calls found in this bundle.'),
    card.fridaCommand ? [h('h4', {}, 'Watch the receivers on a device'),
      copyBlock('frida-trace command', card.fridaCommand, 'frida-command')] : null,
    card.diagnostics.length ? h('ul', { class: 'problems' }, card.diagnostics.map((line) => h('li', {}, line))) : null));
}

export function createAppTab() {
  const element = h('div', { class: 'app-tab' });
  let lastKey = null;
  /** Renders the view's bundles (AppBundleCard), or its note when there are none. */
  function render(view) {
    // Re-render only when the app changed, so open <details> and selections survive events.
    const key = JSON.stringify([view.bundles, view.bundlesNote, view.inspectionDiagnostics]);
    if (key === lastKey) return;
    lastKey = key;
    if (view.bundles.length === 0) {
      replace(element, h('p', { class: 'muted' }, view.bundlesNote ?? ''));
      return;
    }
    replace(element,
      h('h2', { class: 'pane-title' }, 'Bundles'),
      h('div', { class: 'bundles', role: 'list' }, view.bundles.map((card) => h('div', { role: 'listitem' }, bundleView(card)))),
      view.inspectionDiagnostics.length ? h('ul', { class: 'problems', 'data-testid': 'inspection-diagnostics' },
        view.inspectionDiagnostics.map((line) => h('li', {}, line))) : null);
  }
  return { element, render };
}
