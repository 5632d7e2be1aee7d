// The Plateau reference client: a hash router over the lobby and the game page.
// Routes: #/ (lobby), #/games/{id} (live), #/games/{id}/versions/{n} (replay, shareable),
// #/games/{id}/resume/{seat}/{token} (a seat taken back on another device: the token is kept,
// then removed from the address). Uses only the public API; every API value goes in as text.
import { showLobby } from './lobby.js';
import { GamePage } from './game.js';
import { byId, el, keepSeatToken, playAs } from './dom.js';
import { t, lang, setLang, LANGUAGES } from './i18n.js';

/** @type {GamePage | null} */
let page = null;

/** @param {string} text */
function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** @returns {{ game: string, version: number | null } | null} */
function parseHash() {
  const resume = /^#\/games\/([^/]+)\/resume\/([^/]+)\/([^/]+)$/.exec(location.hash);
  if (resume) {
    const [game, seat, token] = [decoded(resume[1]), decoded(resume[2]), decoded(resume[3])];
    if (game === null || seat === null || token === null) return null;
    // The token leaves the address at once (history, screenshots); it stays in this origin's storage.
    keepSeatToken(game, seat, token);
    playAs(game, seat);
    history.replaceState(null, '', `#/games/${encodeURIComponent(game)}`);
    return { game, version: null };
  }
  const match = /^#\/games\/([^/]+)(?:\/versions\/(\d+))?$/.exec(location.hash);
  if (!match) return null;
  const game = decoded(match[1]);
  if (game === null) return null;
  return { game, version: match[2] ? Number(match[2]) : null };
}

/** The header: the brand, the links and the language switch. */
function renderHeader() {
  const select = el('select', { id: 'language' }, LANGUAGES.map((code) =>
    el('option', { value: code, lang: code, text: t(`language_${code}`), selected: code === lang() })));
  select.addEventListener('change', () => {
    setLang(select.value);
    renderHeader();
    route(true);
    byId('language').focus();
  });
  byId('top').replaceChildren(
    el('a', { href: '#/', class: 'brand', text: 'Plateau' }),
    el('nav', { 'aria-label': t('nav') }, [
      el('a', { href: '#/', text: t('lobby') }), ' · ', el('a', { href: '/schema', text: t('api_docs') }),
    ]),
    el('label', { class: 'language' }, [el('span', { text: t('language') }), ' ', select]),
  );
}

/** @param {boolean} [again] build the page anew (the language changed) */
function route(again = false) {
  const main = byId('main');
  const target = parseHash();
  if (!again && target && page && page.id === target.game) {
    page.setVersion(target.version);
    return;
  }
  page?.dispose();
  page = null;
  if (target) {
    page = new GamePage(main, target.game, target.version);
  } else {
    document.title = 'Plateau';
    showLobby(main, (id) => { location.hash = `#/games/${encodeURIComponent(id)}`; }).catch((error) => {
      main.replaceChildren(el('p', { class: 'problem', text: t('api_silent', { error: String(error) }) }));
    });
  }
  if (!again) main.focus({ preventScroll: true });
}

renderHeader();
window.addEventListener('hashchange', () => route());
route();
