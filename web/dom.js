// Building the page: every value from the API goes in as text (textContent,
// setAttribute), never as HTML. The only markup parsed is the board picture,
// and only through sanitizeSvg below.

/**
 * An element with optional attributes and children (strings become text nodes).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean | number | null | undefined>} [attrs]
 * @param {(Node | string | null | undefined | false)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/**
 * A labelled form control: `<label>text <control></label>`.
 * @param {string} text
 * @param {HTMLElement} control
 * @param {string} [hint]
 */
export function labelled(text, control, hint) {
  return el('label', {}, [
    el('span', { class: 'label', text }),
    ' ',
    control,
    hint ? el('span', { class: 'hint', text: hint }) : null,
  ]);
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`no #${id}`);
  return node;
}

/** A short human text for any JSON value (event and command fields). @param {unknown} value */
export function brief(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * `key=value` pairs of an object but its `type`, as text.
 * @param {object} message
 */
export function fields(message) {
  return Object.entries(message)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${brief(value)}`)
    .join(' ');
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The drawing elements a board picture may hold; anything else is dropped. */
const SVG_ALLOWED = new Set([
  'svg', 'g', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text',
  'tspan', 'title', 'desc',
]);

/**
 * Parse the API's SVG picture into an element of this document, drawing only:
 * no script, no foreignObject, no link or reference, no on* handler, no style.
 * Element ids move to `data-ref` so a picture can never shadow the page's ids;
 * `data-ref` is what clicks are matched against. Returns null when unparsable.
 * @param {string} text
 * @returns {SVGSVGElement | null}
 */
export function sanitizeSvg(text) {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
  if (parsed.getElementsByTagName('parsererror').length) return null;
  /** @param {Element} node */
  const clean = (node) => {
    for (const child of Array.from(node.children)) {
      if (child.namespaceURI !== SVG_NS || !SVG_ALLOWED.has(child.localName)) child.remove();
      else clean(child);
    }
    for (const attribute of Array.from(node.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name === 'id') {
        node.setAttribute('data-ref', attribute.value);
        node.removeAttribute(attribute.name);
      } else if (name.startsWith('on') || name === 'style' || name.endsWith('href') ||
        attribute.namespaceURI !== null || /url\s*\(|javascript:/i.test(attribute.value)) {
        node.removeAttributeNS(attribute.namespaceURI, attribute.localName);
      }
    }
  };
  clean(root);
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.importNode(root, true)));
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  return svg;
}

/** Per-origin storage that never throws (private windows may refuse it). */
export const store = {
  /** @param {Storage} where @param {string} key @returns {unknown} */
  read(where, key) {
    try {
      const text = where.getItem(key);
      return text === null ? null : JSON.parse(text);
    } catch {
      return null;
    }
  },
  /** @param {Storage} where @param {string} key @param {unknown} value */
  write(where, key, value) {
    try {
      where.setItem(key, JSON.stringify(value));
    } catch {
      /* storage refused: the token lives only as long as this page */
    }
  },
};

/**
 * The seat tokens this browser holds for a game (localStorage, this origin only).
 * @param {string} gameId
 * @returns {Record<string, string>}
 */
export function seatTokens(gameId) {
  const found = store.read(localStorage, `plateau:seats:${gameId}`);
  return found && typeof found === 'object' ? /** @type {Record<string, string>} */ (found) : {};
}

/**
 * @param {string} gameId
 * @param {string} seat
 * @param {string} token
 */
export function keepSeatToken(gameId, seat, token) {
  store.write(localStorage, `plateau:seats:${gameId}`, { ...seatTokens(gameId), [seat]: token });
}

/**
 * Which of its seats this tab plays (sessionStorage: two tabs may hold two seats).
 * @param {string} gameId
 * @returns {string | null}
 */
export function playingAs(gameId) {
  const found = store.read(sessionStorage, `plateau:as:${gameId}`);
  return typeof found === 'string' ? found : null;
}

/** @param {string} gameId @param {string} seat '' = spectate */
export function playAs(gameId, seat) {
  store.write(sessionStorage, `plateau:as:${gameId}`, seat);
}
