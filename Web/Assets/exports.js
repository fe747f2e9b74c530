// The downloads: each export is fetched with the bearer header and saved from a blob: URL under
// the server's sanitised file name (a plain link could not carry the header).

import { h } from './dom.js';

const formats = [
  { format: 'md', label: 'Markdown', testid: 'export-md' },
  { format: 'html', label: 'HTML', testid: 'export-html' },
  { format: 'pdf', label: 'PDF', testid: 'export-pdf' },
  { format: 'json', label: 'JSON', testid: 'export-json' },
  { format: 'sarif', label: 'SARIF', testid: 'export-sarif' },
  { format: 'linklab', label: 'Session (.linklab)', testid: 'export-session' },
];

export function createExports({ id, api, toast }) {
  let names = {};
  const buttons = formats.map(({ format, label, testid }) => h('button', {
    type: 'button', class: 'ghost', 'data-testid': testid, 'data-format': format,
    'aria-label': `Export ${label}`,
    on: {
      click: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        await downloadExport(api, id, format, toast, names[format]);
        button.disabled = false;
      },
    },
  }, format === 'linklab' ? '.linklab' : format.toUpperCase()));
  // While a host is edited (what-if) every export is hypothetical: the view's warning says so
  // beside the buttons, and each button's description carries it.
  const warning = h('p', { class: 'export-warning', 'data-testid': 'export-warning', id: `export-warning-${id}`, role: 'status' });
  warning.hidden = true;
  const element = h('div', { class: 'export-buttons', role: 'group', 'aria-label': 'Export' },
    h('span', { class: 'muted' }, 'Export'), buttons, warning);
  /** A document that holds nothing yet (or failed) offers no export; names and the warning are the view's. */
  function render(view) {
    names = view.exportNames;
    element.hidden = !view.canExport;
    for (const button of buttons) button.disabled = !view.canExport;
    const text = view.exportWarning ?? '';
    warning.textContent = text;
    warning.hidden = text === '';
    element.dataset.whatIf = String(text !== '');
    for (const button of buttons) {
      if (text) button.setAttribute('aria-describedby', warning.id); else button.removeAttribute('aria-describedby');
    }
  }
  return { element, render };
}

/** Fetches one export (with the bearer header) and saves it under the server's sanitised name. */
export async function downloadExport(api, id, format, toast, suggested) {
  try {
    const { name: served, blob } = await api.download(id, format);
    const name = suggested ?? served;
    const url = URL.createObjectURL(blob);
    const link = h('a', { download: name, class: 'visually-hidden' }, name);
    link.href = url; // a blob: URL of our own bytes, not built from a hostile string
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  } catch (error) {
    toast(`Export failed: ${error.message}`);
  }
}
