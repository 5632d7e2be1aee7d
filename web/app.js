// The Plateau reference client (work in progress): the lobby's ruleset list.
// Uses only the public API; every API value goes into the page as text.
/** @typedef {import('./api').operations} Ops */
/** @typedef {Ops['listRulesets']['responses'][200]['content']['application/json']} Rulesets */

/**
 * @param {string} tag
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

async function lobby() {
  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  const answer = await fetch('/rulesets', { headers: { accept: 'application/json' } });
  /** @type {Rulesets} */
  const rulesets = await answer.json();
  main.replaceChildren(el('h1', 'Games'));
  const list = el('div');
  list.className = 'cards';
  for (const rs of rulesets) {
    const card = el('section');
    card.className = 'card';
    card.append(el('h2', rs.title), el('p', `${rs.name} · ${rs.min_seats}–${rs.max_seats} seats`));
    list.append(card);
  }
  main.append(list);
}

lobby().catch((error) => {
  const main = document.getElementById('main');
  if (main) main.textContent = `The API did not answer: ${String(error)}`;
});
