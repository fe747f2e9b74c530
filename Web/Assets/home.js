// Home: open an app (drop or pick an .ipa, .app zip, .apk/.xapk/.apks or .linklab), the documents open in this
// run, and the quick association-file / domain-only check.

import { h, replace } from './dom.js';

const severities = ['critical', 'high', 'medium', 'low', 'info'];

export function createHome({ api, toast, open }) {
  const fileInput = h('input', {
    type: 'file', id: 'file-input', 'data-testid': 'file-input', class: 'visually-hidden',
    accept: '.ipa,.zip,.linklab,.app,.apk,.xapk,.apks', 'aria-describedby': 'drop-help',
    on: { change: () => { if (fileInput.files[0]) upload(fileInput.files[0]); } },
  });
  const progress = h('p', { class: 'upload-progress', role: 'status', 'aria-live': 'polite' });
  const dropZone = h('div', { class: 'drop-zone', 'data-testid': 'drop-zone', id: 'drop-zone' },
    h('p', { class: 'drop-title' }, 'Drop an app here'),
    h('p', { id: 'drop-help', class: 'muted' },
      'An .ipa, a zipped .app, an Android .apk (.xapk, .apks), or a saved .linklab session; drop the ',
      'product\u2019s other app on the open document to see both. It stays on this machine: ',
      'the server only fetches the association files of the domains the app claims.'),
    h('label', { for: 'file-input', class: 'button primary' }, 'Choose a file…'),
    fileInput,
    progress);

  for (const type of ['dragenter', 'dragover']) {
    dropZone.addEventListener(type, (event) => {
      event.preventDefault();
      dropZone.classList.add('dragging');
    });
  }
  dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dragging'));
  dropZone.addEventListener('drop', (event) => {
    event.preventDefault();
    dropZone.classList.remove('dragging');
    // One document per drop: the first file is opened, the others are named as not opened.
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 1) {
      const others = files.slice(1).map((file) => file.name).join(', ');
      toast(`One file at a time: opening ${files[0].name}; not opened: ${others}. Drop each on its own.`);
    }
    if (files[0]) upload(files[0]);
  });

  async function upload(file) {
    progress.textContent = `Uploading ${file.name} (${formatBytes(file.size)})…`;
    try {
      const { id } = await api.upload(file, (sent, total) => {
        const share = total ? ` ${Math.floor((100 * sent) / total)}%` : '';
        progress.textContent = `Uploading ${file.name}: ${formatBytes(sent)} of ${formatBytes(total)}${share}`;
      });
      progress.textContent = '';
      open(id);
    } catch (error) {
      progress.textContent = '';
      toast(`Upload failed: ${error.message}`);
    }
  }

  const list = h('ul', { class: 'documents', 'aria-live': 'polite' });

  const hostInput = h('input', {
    type: 'text', id: 'aasa-host', name: 'host', placeholder: 'example.com', spellcheck: 'false',
  });
  const aasaText = h('textarea', {
    id: 'aasa-text', name: 'file', rows: '6', spellcheck: 'false',
    placeholder: '{"applinks": {"details": [ … ]}}',
  });
  const aasaForm = h('form', { class: 'aasa-form', 'aria-labelledby': 'aasa-title' },
    h('h2', { id: 'aasa-title' }, 'Association file or domain only'),
    h('p', { class: 'muted' }, 'Check an apple-app-site-association file without an app: paste it, or give only a ',
      'domain to fetch it (not in --offline mode).'),
    h('label', { for: 'aasa-host' }, 'Domain'), hostInput,
    h('label', { for: 'aasa-text' }, 'File (optional)'), aasaText,
    h('div', { class: 'row' },
      h('button', { type: 'submit', class: 'primary', id: 'aasa-open' }, 'Open')));
  aasaForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const host = hostInput.value.trim();
    const text = aasaText.value;
    try {
      let answer;
      if (text.trim()) answer = await api.openAssociationText(text, host);
      else if (host) answer = await api.openDomain(host);
      else { toast('Give a domain, a file, or both.'); return; }
      open(answer.id);
    } catch (error) {
      toast(error.message);
    }
  });

  const element = h('div', { class: 'home' },
    h('h1', { class: 'visually-hidden' }, 'UniversalLinkLab workbench'),
    dropZone,
    h('section', { class: 'card', 'aria-labelledby': 'documents-title' },
      h('h2', { id: 'documents-title' }, 'Open documents'), list),
    h('section', { class: 'card' }, aasaForm));

  async function refresh() {
    try {
      const answer = await api.listDocuments();
      const documents = Array.isArray(answer) ? answer : answer?.documents ?? [];
      if (documents.length === 0) {
        replace(list, h('li', { class: 'muted' }, 'None yet.'));
        return;
      }
      replace(list, documents.map((doc) => h('li', { class: 'document-row' },
        h('a', { href: `#/doc/${encodeURIComponent(doc.id)}`, 'data-testid': 'document-link', 'data-id': doc.id },
          doc.label ?? doc.name),
        doc.bundleID ? h('code', { class: 'bundle-id' }, doc.bundleID) : null,
        doc.openedAt ? h('time', { class: 'muted' }, doc.openedAt) : null,
        h('span', { class: 'phase', 'data-phase': doc.phase }, doc.phaseText),
        h('span', { class: 'counts' }, severities.map((severity) => {
          const count = doc.counts[severity];
          return count ? h('span', { class: `sev sev-${severity}`, title: severity }, `${count} ${severity}`) : null;
        })),
        h('button', {
          type: 'button', class: 'ghost', 'aria-label': `Close ${doc.name ?? doc.id}`,
          on: { click: async () => { try { await api.closeDocument(doc.id); refresh(); } catch (e) { toast(e.message); } } },
        }, 'Close'))));
    } catch (error) {
      replace(list, h('li', { class: 'muted' }, error.message));
    }
  }

  return { element, refresh };
}

export function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return '';
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return `${unit ? value.toFixed(1) : value} ${units[unit]}`;
}
