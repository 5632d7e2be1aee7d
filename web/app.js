// The Plateau reference client: a hash router over the lobby and the game page.
// Routes: #/ (lobby), #/games/{id} (live), #/games/{id}/versions/{n} (replay, shareable).
// Uses only the public API; every API value goes into the page as text.
import { showLobby } from './lobby.js';
import { GamePage } from './game.js';
import { byId, el } from './dom.js';

/** @type {GamePage | null} */
let page = null;

/** @returns {{ game: string, version: number | null } | null} */
function parseHash() {
  const match = /^#\/games\/([^/]+)(?:\/versions\/(\d+))?$/.exec(location.hash);
  if (!match) return null;
  let game;
  try {
    game = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { game, version: match[2] ? Number(match[2]) : null };
}

function route() {
  const main = byId('main');
  const target = parseHash();
  if (target && page && page.id === target.game) {
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
      main.replaceChildren(el('p', { class: 'problem', text: `The API did not answer: ${String(error)}` }));
    });
  }
  main.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
route();
