// App tab: one section per platform the document can hold (`view.apps`, each an AppSection as the
// server wrote it): its title, its cards (each a Panel: a bundle's identifiers, entitlements,
// profile, schemes and link handlers; an app's signing, activities and link evidence), or the
// note that says why there is none, and what could not be read; then the control that adds the
// product's other app. Strings are text; nothing is decided here.

import { h, replace } from './dom.js';
import { panelView } from './panel.js';

/** One AppSection: its title, its panels (or its note), its diagnostics. */
function sectionView(section) {
  const titleID = `app-section-${section.platform}`;
  return h('section', { class: 'app-section', 'data-platform': section.platform, 'aria-labelledby': titleID },
    h('h2', { class: 'pane-title', id: titleID }, section.title),
    section.panels.length
      ? h('div', { class: 'bundles', role: 'list' },
        section.panels.map((panel) => h('div', { role: 'listitem' }, panelView(panel, { collapsible: true }))))
      : h('p', { class: 'muted', 'data-testid': 'bundles-note' }, section.note ?? ''),
    section.diagnostics.length ? h('ul', { class: 'problems', 'data-testid': 'inspection-diagnostics' },
      section.diagnostics.map((line) => h('li', {}, line))) : null);
}

export function createAppTab(context) {
  const content = h('div', { class: 'app-content' });
  // The product's other app: an .apk beside the .ipa (or the reverse), chosen here or dropped
  // anywhere on the document (app.js hands a drop to `add`).
  const addStatus = h('span', { class: 'muted', role: 'status', 'aria-live': 'polite', 'data-testid': 'add-app-status' });
  const addInput = h('input', {
    type: 'file', id: 'add-app-input', class: 'visually-hidden', 'data-testid': 'add-app-input',
    on: { change: () => { if (addInput.files[0]) add(addInput.files[0]); addInput.value = ''; } },
  });
  // Its words and the files it takes are the view's (`addApp`), set on the first render.
  const addLabel = h('label', { for: 'add-app-input', class: 'button' });
  const addHelp = h('span', { class: 'muted' });
  const addBar = h('div', { class: 'add-app', 'data-testid': 'add-app' }, addLabel, addInput, addHelp, addStatus);
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
  /** Renders the view's AppSections, one after the other. */
  function render(view) {
    if (view.addApp && addInput.accept !== view.addApp.accept) {
      addInput.accept = view.addApp.accept;
      addLabel.textContent = view.addApp.label;
      addHelp.textContent = view.addApp.help;
    }
    // Re-render only when the apps changed, so open <details> and selections survive events.
    const key = JSON.stringify(view.apps ?? []);
    if (key === lastKey) return;
    lastKey = key;
    replace(content, (view.apps ?? []).map(sectionView));
  }
  return { element, render, add };
}
