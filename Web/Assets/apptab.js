// App tab: every bundle's AppBundleCard as the server wrote it — identifiers, the signed
// entitlements with the XML and DER copies side by side (differences marked), the provisioning
// profile, URL schemes, associated domains with their problems, and the link handlers with
// their evidence and frida-trace commands; then the product's Android app (AndroidAppCard), and
// the control that adds the product's other app. Strings are text; nothing is decided here.

import { h, replace, copyText, breakAtColons } from './dom.js';

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

// The Android app of the product (AndroidAppCard): identity, signing certificates with their
// fingerprints and rotation lineage, each link-handling activity with its filters and what each
// claims, and where the code reads links. As the server wrote it.
function androidView(card) {
  const certificates = card.certificates.map((certificate) => ({
    attributes: { 'data-sha256': certificate.sha256 },
    cells: [h('code', { class: 'fingerprint' }, breakAtColons(certificate.sha256)), certificate.subject ?? '—'],
  }));
  return h('details', {
    class: 'bundle android', 'data-testid': 'android-app', 'data-platform': 'android', 'data-package': card.title,
    open: true,
  },
  h('summary', {}, h('span', { class: 'role' }, 'android'), ' ', h('strong', {}, card.title)),
  h('div', { class: 'bundle-body' },
    h('h4', {}, 'Identifiers'), pairs(card.identifiers),
    h('h4', {}, 'Signing'),
    h('p', { class: 'muted', 'data-testid': 'android-signing' }, card.signingSchemes),
    certificates.length ? table('Signing certificates (SHA-256, as assetlinks.json lists them)',
      ['SHA-256', 'Subject'], certificates, { 'data-testid': 'android-certificates' }) : null,
    card.lineage.length ? [h('h5', {}, 'Key rotation lineage (oldest first)'),
      h('ol', { class: 'lineage', 'data-testid': 'android-lineage' }, card.lineage.map((line) => h('li', {}, h('code', {}, breakAtColons(line)))))]
      : null,
    h('h4', {}, 'Link-handling activities'),
    card.activities.length ? card.activities.map((activity) => h('div', {
      class: 'activity', 'data-testid': 'android-activity', 'data-activity': activity.name,
      'data-exported': String(activity.exported),
    },
    h('h5', {}, h('code', {}, activity.name), ' ',
      activity.flags.map((flag) => [h('span', { class: `badge ${flag === 'exported' ? 'ok' : 'warn'}` }, flag), ' ']),
      h('span', { class: 'muted' }, `manifest line ${activity.line}`)),
    table(`Intent filters of ${activity.name}`, ['Line', 'autoVerify', 'Data', 'Claims'],
      activity.filters.map((filter) => ({
        attributes: { 'data-testid': 'android-filter', 'data-auto-verify': String(filter.autoVerify) },
        cells: [String(filter.line), filter.autoVerify ? h('span', { class: 'badge ok' }, 'autoVerify') : 'no',
          h('ul', { class: 'plain' }, filter.data.map((data) => h('li', {}, h('code', {}, data)))),
          filter.claims.length ? h('ul', { class: 'plain', 'data-testid': 'android-claims' },
            filter.claims.map((claim) => h('li', {}, h('code', {}, claim))))
            : h('span', { class: 'muted' }, 'no link reaches it on the modelled version')],
      })), { class: 'table filters' })))
      : h('p', { class: 'muted' }, 'No activity has an intent filter with <data>.'),
    h('h4', {}, 'Link evidence'),
    card.linkEvidence.length ? h('ul', { class: 'evidence-list', 'data-testid': 'android-link-evidence' },
      card.linkEvidence.map((line) => h('li', {}, h('code', {}, line))))
      : h('p', { class: 'muted' }, 'No link-reading call found in the DEX code.'),
    card.notes.length ? h('ul', { class: 'problems' }, card.notes.map((note) => h('li', {}, note))) : null));
}

export function createAppTab(context) {
  const content = h('div', { class: 'app-content' });
  // The product's other app: an .apk beside the .ipa (or the reverse), chosen here or dropped
  // anywhere on the document (app.js hands a drop to `add`).
  const addStatus = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite', 'data-testid': 'add-app-status' });
  const addInput = h('input', {
    type: 'file', id: 'add-app-input', class: 'visually-hidden', 'data-testid': 'add-app-input',
    accept: '.apk,.xapk,.apks,.ipa,.zip',
    on: { change: () => { if (addInput.files[0]) add(addInput.files[0]); addInput.value = ''; } },
  });
  const addBar = h('div', { class: 'add-app', 'data-testid': 'add-app' },
    h('label', { for: 'add-app-input', class: 'button' }, 'Add the product\u2019s other app…'), addInput,
    h('span', { class: 'muted' }, 'An .apk (.xapk, .apks) beside the iOS app, or the .ipa beside the Android app; ',
      'or drop it on this document.'),
    addStatus);
  const element = h('div', { class: 'app-tab' }, addBar, content);

  async function add(file) {
    if (!context?.id) return;
    addStatus.textContent = `Adding ${file.name}…`;
    try {
      await context.api.addApp(context.id, file, (sent, total) => {
        addStatus.textContent = `Adding ${file.name}: ${total ? Math.floor((100 * sent) / total) : 0}%`;
      });
      addStatus.textContent = `${file.name} added: reading it.`;
      context.reload();
    } catch (error) {
      addStatus.textContent = '';
      context.toast(`${file.name} was not added: ${error.message}`);
    }
  }

  let lastKey = null;
  /** Renders the view's bundles (AppBundleCard), or its note when there are none, and the Android app. */
  function render(view) {
    // Re-render only when the app changed, so open <details> and selections survive events.
    const key = JSON.stringify([view.bundles, view.bundlesNote, view.inspectionDiagnostics, view.androidApp ?? null]);
    if (key === lastKey) return;
    lastKey = key;
    const android = view.androidApp ? h('section', {
      class: 'android-section', 'data-platform': 'android', 'aria-labelledby': 'android-title',
    }, h('h2', { class: 'pane-title', id: 'android-title' }, 'Android app'), androidView(view.androidApp)) : null;
    if (view.bundles.length === 0) {
      replace(content, h('p', { class: 'muted', 'data-testid': 'bundles-note' }, view.bundlesNote ?? ''), android);
      return;
    }
    replace(content,
      h('section', { class: 'ios-section', 'data-platform': 'ios', 'aria-labelledby': 'bundles-title' },
        h('h2', { class: 'pane-title', id: 'bundles-title' }, view.androidApp ? 'iOS app: bundles' : 'Bundles'),
        h('div', { class: 'bundles', role: 'list' }, view.bundles.map((card) => h('div', { role: 'listitem' }, bundleView(card)))),
        view.inspectionDiagnostics.length ? h('ul', { class: 'problems', 'data-testid': 'inspection-diagnostics' },
          view.inspectionDiagnostics.map((line) => h('li', {}, line))) : null),
      android);
  }
  return { element, render, add };
}
