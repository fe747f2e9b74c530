// One renderer for every card the package writes as a `Panel` (Shared/Workbench/Presentation/
// Panel.swift), whatever app or host it is about: its kicker, title and badges, then each block by
// its kind (heading, text, pairs, table, list, command, lint, file) and each cell by its style.
// The words, tones and hooks are the server's; nothing is decided here, and every string is text.
// The lint list and the file view are also the Domains tab's interactive card's.

import { h, copyText, breakAtColons } from './dom.js';

/** Each `hooks` entry as a `data-KEY` attribute (`testid` is the element's `data-testid`). */
export function hookAttributes(hooks) {
  const attributes = {};
  for (const [key, value] of Object.entries(hooks ?? {})) {
    if (/^[a-z][a-z0-9-]*$/.test(key)) attributes[`data-${key}`] = value;
  }
  return attributes;
}

/** A `Badge`'s attributes: its tone a class, its hook, its help shown on hover. */
export function badgeAttributes(badge) {
  return { class: badge.tone ? `badge tone-${badge.tone}` : 'badge', 'data-testid': badge.hook || null,
    title: badge.help || null };
}

/** A `Badge`: a word in a capsule. */
export function badgeView(badge) {
  if (!badge) return null;
  return h('span', badgeAttributes(badge), badge.text);
}

/** Badges, a space between each. */
function badgesView(badges) {
  return (badges ?? []).map((badge) => [' ', badgeView(badge)]);
}

/** One line of a cell in its style. */
function lineView(line, style) {
  switch (style) {
    case 'code': return h('code', {}, line);
    case 'preformatted': return h('pre', {}, line);
    case 'fingerprint': return h('code', { class: 'fingerprint' }, breakAtColons(line));
    case 'muted': return h('span', { class: 'muted' }, line);
    default: return line;
  }
}

/** A `PanelCell`'s content: its lines (a plain list when there are several), its badge, its note. */
export function cellContent(cell) {
  const lines = cell.lines ?? [];
  return [
    lines.length > 1 ? h('ul', { class: 'plain' }, lines.map((line) => h('li', {}, lineView(line, cell.style))))
      : lines.map((line) => lineView(line, cell.style)),
    cell.badge ? [lines.some((line) => line) ? ' ' : null, badgeView(cell.badge)] : null,
    cell.note ? h('div', { class: cell.noteTone === 'error' ? 'error-text' : 'cell-note muted' }, cell.note) : null,
  ];
}

function tableView(block) {
  return h('div', { class: 'table-scroll' }, h('table', {
    class: 'table panel-table', 'data-testid': block.hook || null, ...hookAttributes(block.hooks),
  },
  h('caption', {}, block.text),
  h('thead', {}, h('tr', {}, block.columns.map((column) => h('th', { scope: 'col' }, column)))),
  h('tbody', {}, block.rows.map((row) => h('tr', {
    class: row.tone ? `tone-row-${row.tone}` : null, ...hookAttributes(row.hooks),
  }, row.cells.map((cell) => h('td', {}, cellContent(cell))))))));
}

function listView(block) {
  const classes = ['panel-list', block.tone === 'problem' ? 'problems' : null,
    block.items.some((item) => item.style !== 'plain') ? 'plain' : null].filter(Boolean).join(' ');
  return h(block.ordered ? 'ol' : 'ul', { class: classes, 'data-testid': block.hook || null },
    block.items.map((item) => h('li', {}, cellContent(item))));
}

function commandView(block) {
  const field = h('textarea', {
    class: 'command', rows: '2', spellcheck: 'false', 'aria-label': block.title, 'data-testid': block.hook || null,
  });
  field.readOnly = true;
  field.value = block.text;
  const status = h('span', { class: 'muted', role: 'status' });
  return h('div', { class: 'copy-block' }, field,
    h('button', {
      type: 'button', 'data-testid': 'copy-command',
      on: {
        click: async () => {
          status.textContent = (await copyText(field.value, field)) ? 'Copied.' : 'Selected: press Ctrl+C.';
        },
      },
    }, 'Copy'), status);
}

function lintItem(lint) {
  return h('li', { class: `lint lint-${lint.severity}`, 'data-lint-id': lint.id },
    h('span', { class: `badge lint-${lint.severity}` }, lint.severity), ' ',
    h('code', {}, lint.id), ' ',
    lint.place ? h('span', { class: 'muted' }, `${lint.place} `) : null,
    lint.location ? h('code', { class: 'muted' }, lint.location) : null, ' ',
    lint.message);
}

/** A lint list (`DomainPresentation.Lint`) under its summary line; the summary's hook is `HOOK-summary`. */
export function lintView(lint, summary, hook) {
  return h('div', { class: 'lint-block', 'data-testid': hook || null },
    h('p', { class: 'muted', 'data-testid': hook ? `${hook}-summary` : null }, summary),
    lint.length ? h('ul', { class: 'lint-list' }, lint.map(lintItem)) : null);
}

/** A file (`DomainPresentation.File`) with line numbers, each lint marker on its own line. */
export function fileView(file, hook) {
  const markers = new Map(file.markers.map((marker) => [marker.line, marker]));
  const lines = file.text.split('\n');
  return h('details', { class: 'body-block', open: true, 'data-testid': hook || null },
    h('summary', {}, file.title),
    file.note ? h('p', { class: 'muted file-note' }, file.note) : null,
    h('ol', { class: 'code', 'aria-label': file.title },
      lines.map((line, index) => {
        const mark = markers.get(index + 1);
        return h('li', {
          class: mark ? `marked lint-${mark.severity}` : null, title: mark ? mark.message : null,
          'data-line': String(index + 1),
        }, h('code', {}, line || ' '), mark ? h('span', { class: 'marker' }, ` ◀ ${mark.ids.join(', ')}`) : null);
      })));
}

const textTones = { muted: 'muted', warn: 'warn-text' };

/** One `PanelBlock`, by its kind; an unknown kind shows its text (a newer server's block). */
export function blockView(block) {
  const hook = block.hook || null;
  switch (block.kind) {
    case 'heading':
      return h(block.level === 5 ? 'h5' : 'h4', { class: 'panel-heading', 'data-testid': hook },
        h('span', {}, block.text), badgesView(block.badges));
    case 'pairs':
      return h('dl', { class: 'pairs', 'data-testid': hook },
        block.pairs.map((pair) => [h('dt', {}, pair.label), h('dd', {}, h('code', {}, pair.text))]));
    case 'table': return tableView(block);
    case 'list': return listView(block);
    case 'command': return commandView(block);
    case 'lint': return lintView(block.lint ?? [], block.text, block.hook);
    case 'file': return block.file ? fileView(block.file, block.hook) : null;
    default:
      return h('p', { class: textTones[block.tone] ?? 'panel-text', 'data-testid': hook }, block.text);
  }
}

/** A `Panel`'s attributes: its hook and hooks, its platform and id (`data-panel`). */
export function panelAttributes(panel) {
  return {
    'data-testid': panel.hook || null, ...hookAttributes(panel.hooks), 'data-platform': panel.platform,
    'data-panel': panel.id,
  };
}

/** A card's title: the panel's kicker, then its title. */
export function panelTitle(panel) {
  return [panel.kicker ? [h('span', { class: 'platform-label' }, panel.kicker), ' '] : null, panel.title];
}

/** A panel's badges, a space before each. */
export function panelBadges(panel) {
  return badgesView(panel.badges);
}

/** A panel's blocks. */
export function panelBlocks(panel) {
  return panel.blocks.map(blockView);
}

/**
 * A `Panel`. Collapsible (the App tab's cards): a `<details>`, open when the panel says so, the
 * kicker, title and badges in its summary. Else (a card in a row of cards): an article with them
 * in its header.
 */
export function panelView(panel, { collapsible = false } = {}) {
  const attributes = panelAttributes(panel);
  const body = panelBlocks(panel);
  if (collapsible) {
    return h('details', { class: 'bundle panel', open: panel.isOpen, ...attributes },
      h('summary', {}, panel.kicker ? [h('span', { class: 'role' }, panel.kicker), ' '] : null,
        h('strong', {}, panel.title), badgesView(panel.badges)),
      h('div', { class: 'bundle-body' }, body));
  }
  return h('article', { class: 'card domain panel', ...attributes },
    h('header', { class: 'card-header' }, h('h3', { class: 'host' }, panelTitle(panel)), panelBadges(panel)),
    h('div', { class: 'panel-body' }, body));
}
