// Live progress from the event stream: the phase, and per host where fetching stands. The page
// stays usable meanwhile; every event also makes app.js reload the document.

import { h, replace } from './dom.js';

export function createProgress() {
  const hosts = h('ul', { class: 'host-progress' });
  const log = h('ol', { class: 'event-log', 'aria-label': 'Events' });
  const element = h('details', { class: 'progress', 'data-testid': 'progress' },
    h('summary', {}, 'Progress'), hosts, log);

  function event(frame) {
    const time = new Date().toLocaleTimeString();
    let detail = '';
    try {
      const data = JSON.parse(frame.data || 'null');
      detail = typeof data === 'string' ? data : data?.host ?? data?.name ?? data?.phase ?? '';
      if (typeof detail === 'object') detail = JSON.stringify(detail);
    } catch { detail = frame.data; }
    log.prepend(h('li', {}, h('span', { class: 'muted' }, time), ' ', frame.type, detail ? ` ${detail}` : ''));
    while (log.children.length > 50) log.lastChild.remove();
  }

  let wasBusy = false;
  /** Per host where it stands (the view's DomainPresentation state), open while work runs. */
  function render(view) {
    const busy = view.phase.isBusy;
    // Open while work runs, closed once when it ends; the tester's own toggling wins otherwise.
    if (busy && !wasBusy) element.open = true;
    if (!busy && wasBusy) element.open = false;
    wasBusy = busy;
    replace(hosts, view.domains.map((card) => h('li', { 'data-host': card.host, 'data-state': card.state },
      h('span', { class: `badge state tone-${card.tone}` }, card.stateText), ' ', card.host)));
  }

  return { element, event, render };
}
