// App tab: the bundles tree and, per bundle, identifiers, entitlements (two signed copies side
// by side, differences marked), associated domains, profile, URL schemes and link evidence
// with the frida-trace command. Everything shown is from the document; strings are text.

import { h, replace, copyText } from './dom.js';

function depthOf(bundle, bundles) {
  return bundles.filter((other) => other !== bundle && bundle.path.startsWith(`${other.path}/`)).length;
}

function table(caption, headers, rows, attributes = {}) {
  return h('table', { class: 'table', ...attributes },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headers.map((header) => h('th', { scope: 'col' }, header)))),
    h('tbody', {}, rows.map((row) => h('tr', row.attributes ?? {}, row.cells.map((cell) => h('td', {}, cell))))));
}

export function valueText(value) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(valueText).join('\n');
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

function definitionList(pairs) {
  return h('dl', { class: 'pairs' }, pairs.filter(([, value]) => value !== undefined).map(([name, value]) =>
    [h('dt', {}, name), h('dd', {}, h('code', {}, valueText(value)))]));
}

/**
 * The two copies to compare: the XML and DER entitlement copies when the document carries both;
 * otherwise the signed entitlements beside what the provisioning profile allows.
 */
function entitlementCopies(bundle) {
  const xml = bundle.xmlEntitlements ?? bundle.entitlementsXML;
  const der = bundle.derEntitlements ?? bundle.entitlementsDER;
  if (xml || der) return [['XML copy', xml ?? {}], ['DER copy', der ?? {}]];
  const source = bundle.entitlementsSource ?? 'none';
  return [[`Signed (${source})`, bundle.entitlements ?? {}],
    ['Profile allows', bundle.provisioningProfile?.entitlements ?? {}]];
}

function entitlementsView(bundle) {
  const [[leftTitle, left], [rightTitle, right]] = entitlementCopies(bundle);
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  const rows = keys.map((key) => {
    const same = JSON.stringify(left[key]) === JSON.stringify(right[key]);
    return {
      attributes: { class: same ? '' : 'differs', 'data-differs': String(!same), 'data-key': key },
      cells: [h('code', {}, key), h('pre', {}, key in left ? valueText(left[key]) : '(absent)'),
        h('pre', {}, key in right ? valueText(right[key]) : '(absent)'),
        same ? '' : h('span', { class: 'badge warn' }, 'differs')],
    };
  });
  return table('Entitlements', ['key', leftTitle, rightTitle, ''], rows,
    { class: 'table entitlements', 'data-testid': 'entitlements' });
}

function fridaCommands(doc, bundle) {
  const fromDocument = doc.fridaCommands ?? doc.dynamicTesting?.fridaCommands;
  if (Array.isArray(fromDocument)) return bundle.role === 'app' ? fromDocument : [];
  return [];
}

function evidenceView(doc, bundle) {
  const evidence = (bundle.slices ?? []).flatMap((slice) => (slice.linkEvidence ?? []).map((item) => ({ slice, item })));
  const rows = evidence.map(({ slice, item }) => ({
    cells: [item.kind ?? '', h('code', {}, item.name ?? item.symbol ?? ''), h('code', {}, item.file ?? bundle.path),
      item.slice ?? slice.arch ?? '', item.section ?? '',
      item.offset === null || item.offset === undefined ? '' : h('code', {}, `0x${Number(item.offset).toString(16)}`)],
  }));
  const commands = fridaCommands(doc, bundle);
  const commandField = h('textarea', {
    class: 'command', rows: String(Math.max(1, Math.min(6, commands.length))), spellcheck: 'false',
    'aria-label': 'frida-trace commands', 'data-testid': 'frida-command',
  });
  commandField.readOnly = true;
  commandField.value = commands.join('\n');
  const status = h('span', { class: 'muted', role: 'status' });
  return h('div', { class: 'evidence-block' },
    rows.length ? table('Link evidence', ['kind', 'name', 'file', 'slice', 'section', 'offset'], rows)
      : h('p', { class: 'muted' }, 'No link handlers or outgoing link calls found in this bundle.'),
    commands.length ? h('div', { class: 'copy-block' },
      h('h4', {}, 'Watch the receivers on a device'),
      commandField,
      h('button', {
        type: 'button', 'data-testid': 'copy-frida',
        on: { click: async () => { status.textContent = (await copyText(commandField.value, commandField)) ? 'Copied.' : 'Selected: press Ctrl+C.'; } },
      }, 'Copy'), status) : null);
}

function bundleView(doc, bundle, depth) {
  const profile = bundle.provisioningProfile;
  const domains = bundle.associatedDomains ?? [];
  const summary = h('summary', {},
    h('span', { class: 'role' }, bundle.role ?? ''), ' ',
    h('strong', {}, bundle.bundleIdentifier ?? '(no identifier)'), ' ',
    h('span', { class: 'muted' }, bundle.path ?? ''));
  return h('details', {
    class: `bundle depth-${Math.min(depth, 4)}`, 'data-testid': 'bundle', 'data-bundle-id': bundle.bundleIdentifier ?? '',
    'data-role': bundle.role ?? '', open: bundle.role === 'app',
  }, summary,
  h('div', { class: 'bundle-body' },
    h('h4', {}, 'Identifiers'),
    definitionList([
      ['bundle identifier', bundle.bundleIdentifier], ['application identifier', bundle.applicationIdentifier],
      ['team', bundle.teamIdentifier], ['version', [bundle.shortVersion, bundle.version].filter(Boolean).join(' (') + (bundle.version && bundle.shortVersion ? ')' : '')],
      ['executable', bundle.executable], ['minimum OS', bundle.minimumOSVersion],
      ['slices', (bundle.slices ?? []).map((s) => `${s.arch} ${s.fileType ?? ''}${s.signed ? ' signed' : ' unsigned'}${s.adhoc ? ' (ad hoc)' : ''}${s.encrypted ? ' encrypted' : ''}`)],
    ]),
    entitlementsView(bundle),
    domains.length ? table('Associated domains', ['service', 'host', 'wildcard', 'modes', 'problems'],
      domains.map((domain) => ({
        attributes: { 'data-host': domain.host ?? '' },
        cells: [domain.service ?? '', h('code', {}, domain.raw ?? `${domain.service}:${domain.host}`),
          domain.wildcard ? 'yes' : 'no', (domain.modes ?? []).join(', '), (domain.problems ?? []).join('; ')],
      }))) : null,
    h('h4', {}, 'Provisioning profile'),
    profile ? definitionList([
      ['name', profile.name], ['team', `${profile.teamName ?? ''} ${(profile.teamIdentifier ?? []).join(', ')}`.trim()],
      ['distribution', profile.distribution], ['expires', profile.expirationDate], ['UUID', profile.uuid],
      ['devices', profile.provisionsAllDevices ? 'all' : String((profile.provisionedDevices ?? []).length)],
      ['certificates', (profile.developerCertificates ?? []).map((c) => `${c.commonName ?? c.subject} (until ${c.notValidAfter})`)],
    ]) : h('p', { class: 'muted' }, 'No embedded provisioning profile.'),
    h('h4', {}, 'URL schemes'),
    definitionList([
      ['handles', (bundle.urlSchemes ?? []).length ? bundle.urlSchemes : '—'],
      ['queries (LSApplicationQueriesSchemes)', (bundle.queriedSchemes ?? []).length ? bundle.queriedSchemes : '—'],
      ['activity types', (bundle.activityTypes ?? []).length ? bundle.activityTypes : '—'],
    ]),
    h('h4', {}, 'Link evidence'),
    evidenceView(doc, bundle)));
}

export function createAppTab() {
  const element = h('div', { class: 'app-tab' });
  let lastKey = null;
  function render(doc) {
    const bundles = doc.bundles ?? [];
    // Re-render only when the app changed, so open <details> and selections survive events.
    const key = JSON.stringify([bundles, doc.fridaCommands ?? null]);
    if (key === lastKey) return;
    lastKey = key;
    if (bundles.length === 0) {
      replace(element, h('p', { class: 'muted' }, doc.source?.kind === 'aasa' || doc.source?.kind === 'domain'
        ? 'Association-file mode: there is no app in this document.' : 'No app inspected yet.'));
      return;
    }
    const ordered = [...bundles].sort((a, b) => (a.path ?? '').localeCompare(b.path ?? ''));
    replace(element,
      h('h2', { class: 'pane-title' }, 'Bundles'),
      h('div', { class: 'bundles', role: 'list' }, ordered.map((bundle) =>
        h('div', { role: 'listitem' }, bundleView(doc, bundle, depthOf(bundle, bundles))))),
      (doc.diagnostics ?? []).length ? table('Inspection diagnostics', ['id', 'message'],
        doc.diagnostics.map((d) => ({ cells: [h('code', {}, d.id ?? ''), d.message ?? ''] }))) : null);
  }
  return { element, render };
}
