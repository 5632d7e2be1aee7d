// The page's own words, in the reader's language. Every string the client
// writes that does not come from the API is a key of the two catalogues
// (locale-en.js, locale-fr.js: one JSON object each, the same keys, checked by
// tests/web/test_source.py). The language is remembered in localStorage and
// sent to the API as Accept-Language (and ?lang= where headers cannot go).
import en from './locale-en.js';
import fr from './locale-fr.js';

/** @typedef {'en' | 'fr'} Lang */
/** @type {Record<Lang, Record<string, string>>} */
const CATALOGUES = { en, fr };
/** @type {Lang[]} */
export const LANGUAGES = ['en', 'fr'];
const KEY = 'plateau:lang';

/** @param {unknown} value @returns {value is Lang} */
const isLang = (value) => value === 'en' || value === 'fr';

/** The remembered language, else the browser's first French or English one, else English. @returns {Lang} */
function initial() {
  try {
    const kept = localStorage.getItem(KEY);
    if (isLang(kept)) return kept;
  } catch {
    /* storage refused */
  }
  for (const wanted of navigator.languages || [navigator.language]) {
    const short = String(wanted).slice(0, 2).toLowerCase();
    if (isLang(short)) return short;
  }
  return 'en';
}

/** @type {Lang} */
let current = initial();

/** @returns {Lang} */
export const lang = () => current;

/** Switch (and remember) the language; the page's `lang` follows. @param {string} wanted */
export function setLang(wanted) {
  if (!isLang(wanted)) return;
  current = wanted;
  try {
    localStorage.setItem(KEY, wanted);
  } catch {
    /* storage refused: this page only */
  }
  document.documentElement.lang = wanted;
}

/**
 * The catalogue's text for `key`, its `{name}` holes filled from `vars`.
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  const text = CATALOGUES[current][key] ?? CATALOGUES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** A list in words: "a, b and c" / "a, b et c". @param {string[]} items */
export function listOf(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('and')} ${items[items.length - 1]}`;
}

document.documentElement.lang = current;

/** A bot level in words. @param {string} level */
export function levelName(level) {
  if (level === 'random') return t('level_random');
  if (level === 'greedy') return t('level_greedy');
  if (level === 'mcts') return t('level_mcts');
  return level;
}
