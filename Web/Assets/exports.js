// The downloads: each export is fetched with the bearer header and saved from a blob: URL under
// the server's sanitised file name (a plain link could not carry the header).

import { h } from './dom.js';

export function createExports({ id, api, toast }) {
  let names = {};
  // The buttons are the view's `exports` (ExportChoice: the package's one list of formats),
  // made on the first view and kept.
  let buttons = [];
  const makeButton = ({ format, label, caption, hook }) => h('button', {
    type: 'button', class: 'ghost', 'data-testid': hook, 'data-format': format,
    'aria-label': `Export ${label}`,
    on: {
      click: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        await downloadExport(api, id, format, toast, names[format]);
        button.disabled = false;
      },
    },
  }, caption);
  // While a host is edited (what-if) every export is hypothetical: the view's warning says so
  // beside the buttons, and each button's description carries it.
  const warning = h('p', { class: 'export-warning', 'data-testid': 'export-warning', id: `export-warning-${id}`, role: 'status' });
  warning.hidden = true;
  const title = h('span', { class: 'muted' }, 'Export');
  const element = h('div', { class: 'export-buttons', role: 'group', 'aria-label': 'Export' }, title, warning);
  /** A document that holds nothing yet (or failed) offers no export; names and the warning are the view's. */
  function render(view) {
    names = view.exportNames;
    if (buttons.length === 0) {
      buttons = view.exports.map(makeButton);
      warning.before(...buttons);
    }
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
