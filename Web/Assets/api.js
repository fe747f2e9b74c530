// The HTTP API of docs/commands/serve.md, and nothing else. The one credential is the token of the address
// `linklab serve` printed: the page keeps it in this origin's localStorage (a page on another
// port is another origin and cannot read it; a second tab of the same address shares it) and
// sends it as `Authorization: Bearer` on every request — API calls, downloads, the event stream
// and uploads alike. There is no cookie: a browser sends a host's cookies to every port of it.

const storageKey = 'linklab-token';
let memoryToken = null; // when the browser refuses storage, this tab still works

/** The token, as this tab knows it now (read each time: another tab may have stored a newer one). */
function token() {
  try {
    return localStorage.getItem(storageKey) ?? memoryToken ?? '';
  } catch {
    return memoryToken ?? '';
  }
}

/**
 * Reads `?token=` from the address once: keeps it, and removes it from the address bar and the
 * history entry (so it is in no screenshot, bookmark or shared link). Call before any request.
 */
export function adoptAddressToken() {
  const params = new URLSearchParams(location.search);
  if (!params.has('token')) return;
  const given = params.get('token');
  if (/^[0-9A-Za-z_-]{1,256}$/.test(given)) {
    memoryToken = given;
    try { localStorage.setItem(storageKey, given); } catch { /* memoryToken serves this tab */ }
  }
  params.delete('token');
  const rest = params.toString();
  history.replaceState(null, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
}

function authorised(headers = {}) {
  return { ...headers, Authorization: `Bearer ${token()}` };
}

const noToken = 'This tab has no valid token: open the address linklab serve printed (with ?token=).';

/** An API error with the server's one-sentence message and the HTTP status. */
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// What the page says when the server gives no sentence of its own (a status line is the API's
// words, not the page's), and for a file over the server's upload limit.
const pageWords = {
  404: 'This is no longer open on the server (it was closed, or the server restarted): open it again from Home.',
  413: 'The file is larger than this server accepts (linklab serve --max-upload).',
  429: 'The server is busy: try again in a moment.',
  500: 'The server could not do this; its terminal may say why.',
  503: 'The server is busy: try again in a moment.',
};
const unreachable = 'The server did not answer: is linklab serve still running?';

/** The error of a failed answer: the server's one sentence, else the page's words for the status. */
function errorFrom(status, statusText, text) {
  if (status === 401) return new APIError(status, noToken);
  if (status === 413) return new APIError(status, pageWords[413]);
  let message = pageWords[status] ?? `The server refused this (${status} ${statusText}).`.replace(' )', ')');
  try {
    const answer = JSON.parse(text);
    if (typeof answer?.error === 'string') message = answer.error;
  } catch { /* not JSON: the page's words */ }
  return new APIError(status, message);
}

async function call(method, path, { body, headers = {}, json, signal } = {}) {
  const init = { method, credentials: 'omit', signal, headers: authorised(headers) };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['Content-Type'] = 'application/json';
  } else if (body !== undefined) {
    init.body = body;
    init.headers['Content-Type'] ??= 'application/octet-stream';
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error?.name === 'AbortError') throw error;
    throw new APIError(0, unreachable);
  }
  if (!response.ok) throw errorFrom(response.status, response.statusText, await response.text().catch(() => ''));
  return response;
}

/**
 * The file name of a download: the server's sanitised name from Content-Disposition
 * (`filename*=UTF-8''…` preferred over `filename="…"`), never a path, else a fixed name.
 */
export function downloadName(disposition, fallback) {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(disposition ?? '');
  let name = '';
  try {
    name = extended ? decodeURIComponent(extended[1].trim()) : (plain?.[1] ?? plain?.[2] ?? '');
  } catch { name = plain?.[1] ?? plain?.[2] ?? ''; }
  name = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').replace(/^\.+/, '').trim();
  return name || fallback;
}

/** Uploads through XHR: the only browser API that reports upload progress and sends our header. */
function uploadWithProgress(file, headers, onProgress, path = '/api/documents') {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(authorised(headers))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new APIError(xhr.status, 'The answer was not JSON.'));
        }
      } else {
        reject(errorFrom(xhr.status, xhr.statusText, xhr.responseText));
      }
    });
    xhr.addEventListener('error', () => reject(new APIError(0, 'The upload was interrupted (the connection closed).')));
    xhr.addEventListener('abort', () => reject(new APIError(0, 'The upload was cancelled.')));
    xhr.send(file);
  });
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
/** A host route (`text`, `file`, `refetch`), with `?platform=` when a platform is named. */
const hostPath = (id, host, action, platform) => `${documentPath(id)}/hosts/${segment(host)}/${action}`
  + (platform ? `?platform=${encodeURIComponent(platform)}` : '');

/** The findings filter as query parameters (`query`, `severities`), as the view takes it. */
function filterParams({ query = '', severities = null } = {}) {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (severities) params.set('severities', severities.join(','));
  return params;
}

/** Header values must be ISO-8859-1: anything else in a file name is replaced. */
function headerSafe(name) {
  return String(name).replace(/[^\x20-\x7e]/g, '_').slice(0, 200);
}

export const api = {
  listDocuments: () => callJSON('GET', '/api/documents'),
  getDocument: (id) => callJSON('GET', documentPath(id)),
  /** `onProgress(sentBytes, totalBytes)` follows the upload. */
  upload: (file, onProgress) => uploadWithProgress(file,
    { 'X-LinkLab-Filename': headerSafe(file.name), 'Content-Type': 'application/octet-stream' }, onProgress),
  /** The product's other app (an .apk beside the .ipa, or the reverse) added to an open document. */
  addApp: (id, file, onProgress) => uploadWithProgress(file,
    { 'X-LinkLab-Filename': headerSafe(file.name), 'Content-Type': 'application/octet-stream' }, onProgress,
    `${documentPath(id)}/apps`),
  openAssociationText: (text, host) => callJSON('POST', '/api/documents',
    { body: text, headers: { 'X-LinkLab-Filename': headerSafe(`${host || 'apple-app-site-association'}.json`),
      ...(host ? { 'X-LinkLab-Domain': host } : {}), 'Content-Type': 'application/json' } }),
  openDomain: (host) => callJSON('POST', '/api/documents',
    { body: '', headers: { 'X-LinkLab-Domain': host, 'X-LinkLab-Filename': headerSafe(host) } }),
  // The document as the page shows it (DocumentPresentation); the sidebar's filter goes along.
  // The URL list's lines are not in it (`urlList` names the list's version; GET …/urls gives
  // them in slices); `lines: false` leaves out the typed text too once the page has it.
  view: (id, { query = '', severities = null } = {}, { lines = true } = {}) => {
    const params = filterParams({ query, severities });
    if (!lines) params.set('lines', 'omit');
    const search = params.toString();
    return callJSON('GET', `${documentPath(id)}/view${search ? `?${search}` : ''}`);
  },
  findingDetail: (id, fingerprint) => callJSON('GET', `${documentPath(id)}/findings/${segment(fingerprint)}`),
  // One typed URL as the tester shows it (URLTestPresentation), traces only when asked for.
  tester: (id, url, trace = false) => callJSON('POST', `${documentPath(id)}/tester`, { json: { url, trace } }),
  // The host routes act on `platform` when one is given (`?platform=android`: each answers the
  // host's Android card), else on the iOS host (the default).
  putHostText: (id, host, text, { platform } = {}) => callJSON('PUT', hostPath(id, host, 'text', platform),
    { body: text, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
  cancel: (id) => callJSON('POST', `${documentPath(id)}/cancel`),
  decideURLs: (id, lines) => callJSON('POST', `${documentPath(id)}/urls`, { json: { lines } }),
  // The page's Decide: the list set and decided, answered with its first `limit` lines (URLListPage).
  setURLList: (id, lines, limit) => callJSON('PUT', `${documentPath(id)}/urls?limit=${limit}`, { json: { lines } }),
  // A slice of the decided list (URLListPage): its `version` says which list it is of.
  urlListPage: (id, offset, limit) => callJSON('GET', `${documentPath(id)}/urls?offset=${offset}&limit=${limit}`),
  // One URL, read-only (the tester's keystrokes): {"urlTest": …}, the shape of one urlTests entry.
  decideURL: (id, url, trace = true) => callJSON('POST', `${documentPath(id)}/decide`, { json: { url, trace } }),
  refetch: (id, host, { platform } = {}) => callJSON('POST', hostPath(id, host, 'refetch', platform)),
  // `name`, when given, is the file's name (X-LinkLab-Filename); else the server names it HOST.json.
  putHostFile: (id, host, body, { platform, name } = {}) => callJSON('PUT', hostPath(id, host, 'file', platform),
    { body, headers: { 'Content-Type': 'application/json',
      ...(name ? { 'X-LinkLab-Filename': headerSafe(name) } : {}) } }),
  revertHost: (id, host, { platform } = {}) => callJSON('DELETE', hostPath(id, host, 'file', platform)),
  // The answer's `sidebar` (FindingListPatch) is the change to the findings list filtered by `filter`.
  setTriage: (id, fingerprint, status, note, filter = {}) => {
    const search = filterParams(filter).toString();
    return callJSON('PUT', `${documentPath(id)}/triage/${segment(fingerprint)}${search ? `?${search}` : ''}`,
      { json: { status, note } });
  },
  closeDocument: (id) => call('DELETE', documentPath(id)),
  // The handler probe kit (ProbeKitPresentation); each change answers the view again.
  probes: (id) => callJSON('GET', `${documentPath(id)}/probes`),
  setProbeOutcome: (id, probe, outcome, note) => callJSON('PUT',
    `${documentPath(id)}/probes/outcomes/${segment(probe)}`, { json: { outcome, note } }),
  importProbeResults: (id, text) => callJSON('POST', `${documentPath(id)}/probes/results`,
    { body: text, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
  setAttackerHost: (id, host) => callJSON('PUT', `${documentPath(id)}/probes/attacker-host`, { json: { host } }),
  /** Downloads one of the kit's files (`script`, `frida`, `page`, `json`) with the bearer header. */
  async downloadProbes(id, kind) {
    const response = await call('GET', `${documentPath(id)}/probes/export/${segment(kind)}`);
    return { name: downloadName(response.headers.get('Content-Disposition'), `linklab-probes.${kind}`),
      blob: await response.blob() };
  },

  /** Downloads an export: fetched with the bearer header (a plain link could not carry it). */
  async download(id, format) {
    const response = await call('GET', `${documentPath(id)}/export/${format}`);
    const name = downloadName(response.headers.get('Content-Disposition'), `linklab-report.${format}`);
    return { name, blob: await response.blob() };
  },

  /**
   * Follows the document's server-sent events. EventSource cannot send the Authorization
   * header, so this reads the text/event-stream through a streamed fetch and parses the frames
   * itself. A dropped stream is reopened, after 1 s and then up to 30 s apart while it keeps
   * failing; a stream silent for three heartbeats (45 s) is taken for dead and reopened. A 401
   * or 404 ends it (reconnecting cannot fix them). Returns a function that stops it.
   */
  events(id, onEvent, onState = () => {}) {
    let stopped = false;
    let controller = null;
    let delay = 1000;
    const silence = 45000;
    const run = async () => {
      while (!stopped) {
        controller = new AbortController();
        let watchdog = null;
        const alive = () => {
          clearTimeout(watchdog);
          watchdog = setTimeout(() => controller.abort(), silence);
        };
        try {
          alive();
          const response = await call('GET', `${documentPath(id)}/events`,
            { headers: { Accept: 'text/event-stream' }, signal: controller.signal });
          onState('open');
          delay = 1000;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            alive();
            buffer += value;
            let end;
            while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
              const event = parseFrame(frame);
              if (event) onEvent(event);
            }
          }
          onState('closed');
        } catch (error) {
          if (stopped) return;
          onState('error', error);
          if (error instanceof APIError && (error.status === 401 || error.status === 404)) return;
        } finally {
          clearTimeout(watchdog);
        }
        if (stopped) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 30000);
      }
    };
    run();
    return () => { stopped = true; controller?.abort(); };
  },
};

/** One server-sent event frame as {type, data}; null for a frame of comments only (`: ping`). */
function parseFrame(frame) {
  const event = { type: 'message', data: '' };
  let fields = 0;
  for (const line of frame.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    fields += 1;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const content = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.type = content;
    else if (field === 'data') event.data += (event.data ? '\n' : '') + content;
  }
  return fields ? event : null;
}
