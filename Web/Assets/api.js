// The HTTP API of spec/web.md, and nothing else: every call carries the X-LinkLab-CSRF header
// (read once from the page's <meta>), GET included, because a cookie alone is not proof that
// the request came from this page (another local server's page is same-site).

const csrfToken = document.querySelector('meta[name="linklab-csrf"]')?.getAttribute('content') ?? '';

/** An API error with the server's one-sentence message and the HTTP status. */
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, { body, headers = {}, json, signal } = {}) {
  const init = { method, credentials: 'same-origin', signal, headers: { 'X-LinkLab-CSRF': csrfToken, ...headers } };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['Content-Type'] = 'application/json';
  } else if (body !== undefined) {
    init.body = body;
    init.headers['Content-Type'] ??= 'application/octet-stream';
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const answer = await response.json();
      if (typeof answer?.error === 'string') message = answer.error;
    } catch { /* not JSON: keep the status line */ }
    throw new APIError(response.status, message);
  }
  return response;
}

async function callJSON(method, path, options) {
  const response = await call(method, path, options);
  if (response.status === 204 || response.status === 202) {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  }
  return response.json();
}

/**
 * One path segment. ':' and '@' are legal in a segment and stay as they are: fingerprints
 * look like `AASA-007:5e1b…`, and the server matches path parameters without decoding them.
 */
const segment = (value) => encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%40/g, '@');
const documentPath = (id) => `/api/documents/${segment(id)}`;

/** Header values must be ISO-8859-1: anything else in a file name is replaced. */
function headerSafe(name) {
  return String(name).replace(/[^\x20-\x7e]/g, '_').slice(0, 200);
}

export const api = {
  listDocuments: () => callJSON('GET', '/api/documents'),
  getDocument: (id) => callJSON('GET', documentPath(id)),
  upload: (file) => callJSON('POST', '/api/documents',
    { body: file, headers: { 'X-LinkLab-Filename': headerSafe(file.name) } }),
  openAssociationText: (text, host) => callJSON('POST', '/api/documents',
    { body: text, headers: { 'X-LinkLab-Filename': headerSafe(`${host || 'apple-app-site-association'}.json`),
      ...(host ? { 'X-LinkLab-Domain': host } : {}), 'Content-Type': 'application/json' } }),
  openDomain: (host) => callJSON('POST', '/api/documents',
    { body: '', headers: { 'X-LinkLab-Domain': host, 'X-LinkLab-Filename': headerSafe(host) } }),
  // The document as the page shows it (DocumentPresentation); the sidebar's filter goes along.
  view: (id, { query = '', severities = null } = {}) => {
    const params = new URLSearchParams();
    if (query) params.set('query', query);
    if (severities) params.set('severities', severities.join(','));
    const search = params.toString();
    return callJSON('GET', `${documentPath(id)}/view${search ? `?${search}` : ''}`);
  },
  findingDetail: (id, fingerprint) => callJSON('GET', `${documentPath(id)}/findings/${segment(fingerprint)}`),
  // One typed URL as the tester shows it (URLTestPresentation), traces only when asked for.
  tester: (id, url, trace = false) => callJSON('POST', `${documentPath(id)}/tester`, { json: { url, trace } }),
  putHostText: (id, host, text) => callJSON('PUT', `${documentPath(id)}/hosts/${segment(host)}/text`,
    { body: text, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
  cancel: (id) => callJSON('POST', `${documentPath(id)}/cancel`),
  decideURLs: (id, lines) => callJSON('POST', `${documentPath(id)}/urls`, { json: { lines } }),
  // One URL, read-only (the tester's keystrokes): {"urlTest": …}, the shape of one urlTests entry.
  decideURL: (id, url, trace = true) => callJSON('POST', `${documentPath(id)}/decide`, { json: { url, trace } }),
  refetch: (id, host) => callJSON('POST', `${documentPath(id)}/hosts/${segment(host)}/refetch`),
  putHostFile: (id, host, body) => callJSON('PUT', `${documentPath(id)}/hosts/${segment(host)}/file`,
    { body, headers: { 'Content-Type': 'application/json' } }),
  revertHost: (id, host) => callJSON('DELETE', `${documentPath(id)}/hosts/${segment(host)}/file`),
  setTriage: (id, fingerprint, status, note) =>
    callJSON('PUT', `${documentPath(id)}/triage/${segment(fingerprint)}`, { json: { status, note } }),
  closeDocument: (id) => call('DELETE', documentPath(id)),

  /** Downloads an export: the page must send the CSRF header, so it fetches and saves a blob. */
  async download(id, format) {
    const response = await call('GET', `${documentPath(id)}/export/${format}`);
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const match = /filename="?([A-Za-z0-9._-]+)"?/.exec(disposition);
    const blob = await response.blob();
    return { name: match ? match[1] : `linklab-report.${format}`, blob };
  },

  /**
   * Follows the document's server-sent events. EventSource cannot send the CSRF header, so
   * this reads the text/event-stream through fetch and parses the frames itself. Reconnects
   * after a dropped stream; returns a function that stops it.
   */
  events(id, onEvent, onState = () => {}) {
    const controller = new AbortController();
    let stopped = false;
    const run = async () => {
      while (!stopped) {
        try {
          const response = await call('GET', `${documentPath(id)}/events`,
            { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
          onState('open');
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end;
            while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
              const event = { type: 'message', data: '' };
              for (const line of frame.split(/\r?\n/)) {
                if (line.startsWith(':')) continue;
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                const content = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                if (field === 'event') event.type = content;
                else if (field === 'data') event.data += (event.data ? '\n' : '') + content;
              }
              if (frame.split(/\r?\n/).some((line) => line && !line.startsWith(':'))) onEvent(event);
            }
          }
          onState('closed');
          if (stopped) return;
        } catch (error) {
          if (stopped) return;
          onState('error', error);
          if (error instanceof APIError && error.status < 500 && error.status !== 429) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };
    run();
    return () => { stopped = true; controller.abort(); };
  },
};
