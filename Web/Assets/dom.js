// The one DOM helper every pane uses. It only ever calls createElement, setAttribute (names from
// an allow-list) and text nodes, so a hostile string from an app or a server can only become
// text: never markup, never a script, never an event handler (the page also runs under
// `require-trusted-types-for 'script'`, which refuses any HTML string sink anyway).

const allowedAttributes = new Set([
  'id', 'class', 'type', 'name', 'value', 'placeholder', 'title', 'role', 'tabindex', 'for',
  'hidden', 'disabled', 'checked', 'selected', 'multiple', 'accept', 'rows', 'cols', 'spellcheck',
  'autocomplete', 'download', 'open', 'colspan', 'scope', 'lang', 'dir', 'width', 'height',
  'viewBox', 'fill', 'x', 'y', 'shape-rendering', 'd', 'readonly', 'data-testid',
]);

function attributeAllowed(name) {
  return allowedAttributes.has(name) || name.startsWith('data-') || name.startsWith('aria-');
}

const svgNamespace = 'http://www.w3.org/2000/svg';
const svgTags = new Set(['svg', 'rect', 'path', 'g']);

/**
 * Builds an element: h('li', {class: 'x', 'data-testid': 'finding'}, 'text', childElement).
 * Attribute values that are null, undefined or false are skipped; `true` sets an empty value.
 * `on` takes {eventName: handler}. Children are nodes or strings (strings become text nodes).
 */
export function h(tag, attributes = {}, ...children) {
  const element = svgTags.has(tag) ? document.createElementNS(svgNamespace, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (name === 'on') {
      for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
      continue;
    }
    if (value === null || value === undefined || value === false) continue;
    if (name === 'href') {
      // Only links inside this page: a link built from a hostile string is shown, never followed.
      const target = String(value);
      if (!/^(#|\/(?!\/))/.test(target)) throw new Error('only same-page links are allowed');
      element.setAttribute('href', target);
      continue;
    }
    if (!attributeAllowed(name)) throw new Error(`attribute not allowed: ${name}`);
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/**
 * Brings an element's attributes to `attributes` (the allow-list and value rules of `h`; null,
 * undefined or false remove one), writing only those that differ: an unchanged value is no
 * style, layout or paint work for the browser.
 */
export function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (!attributeAllowed(name)) throw new Error(`attribute not allowed: ${name}`);
    if (value === null || value === undefined || value === false) {
      if (element.hasAttribute(name)) element.removeAttribute(name);
      continue;
    }
    const text = value === true ? '' : String(value);
    if (element.getAttribute(name) !== text) element.setAttribute(name, text);
  }
  return element;
}

// Bidirectional controls and invisible characters: the package's `HiddenCharacters` set (a
// Swift test reads this line and compares it with that set). Text shown on the page never
// carries them: each becomes a visible marker, so a hostile string cannot reorder or hide text.
const hiddenCharacters = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]|\uDB40[\uDC01\uDC20-\uDC7F]/g;

/** `text` with each hidden character as `‹U+202E›` (the package's `HiddenCharacters.marked`). */
export function visible(text) {
  return text.replace(hiddenCharacters, (character) =>
    `‹U+${character.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}›`);
}

/**
 * `text` as children with a line-break opportunity (`<wbr>`) after each colon, so a certificate
 * fingerprint wraps between bytes, never inside one, and still copies as one unbroken string.
 */
export function breakAtColons(text) {
  const parts = String(text ?? '').split(':');
  return parts.flatMap((part, index) => index === parts.length - 1 ? [part] : [`${part}:`, h('wbr')]);
}

/** Sets an element's text (hidden characters as markers), only when it differs. */
export function setText(element, text) {
  const value = visible(String(text ?? ''));
  if (element.textContent !== value) element.textContent = value;
  return element;
}

/**
 * Makes `children` (nodes, in order) the children of `parent`, moving or removing only what is
 * out of place: the nodes that stay keep their state (an open disclosure, a focus, a selection).
 */
export function keepChildren(parent, children) {
  children.forEach((child, index) => {
    const present = parent.childNodes[index];
    if (present !== child) parent.insertBefore(child, present ?? null);
  });
  while (parent.childNodes.length > children.length) parent.lastChild.remove();
  return parent;
}

/** Appends nodes and strings (as text, hidden characters as markers) to a parent; arrays are flattened, null skipped. */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(visible(String(child))));
  }
  return parent;
}

/** Replaces every child of `parent` with `children`. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** Shorthand for document.querySelector by data-testid or id. */
export function byId(id) {
  return document.getElementById(id);
}

/** Copies text to the clipboard; falls back to selecting a read-only field for a manual copy. */
export async function copyText(text, fallbackField) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (fallbackField) { fallbackField.focus(); fallbackField.select(); }
    return false;
  }
}

/** Debounces a function: called once, `ms` after the last call. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
