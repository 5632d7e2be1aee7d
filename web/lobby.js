// The lobby: rulesets, a new-game form generated from the ruleset's option
// schema, and the list of games (filters, pages).
import * as api from './client.js';
import { el, labelled, brief } from './dom.js';

/** @typedef {import('./client.js').RulesetList} RulesetList */
/** @typedef {import('./client.js').RulesetDetail} RulesetDetail */
/** @typedef {import('./client.js').GameQuery} GameQuery */

/**
 * A JSON Schema fragment, as much of it as the form reads.
 * @typedef {object} Schema
 * @property {string | string[]} [type]
 * @property {unknown[]} [enum]
 * @property {Schema[]} [anyOf]
 * @property {Schema[]} [oneOf]
 * @property {Record<string, Schema>} [properties]
 * @property {string} [description]
 * @property {string} [title]
 * @property {unknown} [default]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {string} [$ref]
 * @property {Record<string, Schema>} [$defs]
 * @property {Record<string, Schema>} [definitions]
 */

/**
 * Follow a local `$ref` (`#/$defs/Name`, `#/definitions/Name`) inside the root schema.
 * @param {Schema} schema
 * @param {Schema} root
 * @returns {Schema}
 */
function resolve(schema, root) {
  for (let hops = 0; schema.$ref && hops < 10; hops += 1) {
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(schema.$ref);
    const found = match ? root[/** @type {'$defs' | 'definitions'} */ (match[1])]?.[decodeURIComponent(match[2])] : undefined;
    if (!found) break;
    schema = found;
  }
  return schema;
}

/**
 * One option's control: how to show it and how to read it back.
 * @typedef {object} Field
 * @property {HTMLElement} node
 * @property {() => unknown} read throws with a message when the input cannot be read
 */

/** The option schema being turned into a form (for `$ref`s). @type {Schema | null} */
let root = null;

/**
 * The non-null alternative of `X | null`, and whether null is allowed.
 * @param {Schema} schema
 * @returns {[Schema, boolean]}
 */
function nonNull(schema) {
  if (root && schema.$ref) schema = resolve(schema, root);
  const alternatives = schema.anyOf || schema.oneOf;
  if (alternatives) {
    const rest = alternatives.filter((s) => s.type !== 'null');
    return [rest.length === 1 ? rest[0] : { anyOf: rest }, rest.length < alternatives.length];
  }
  if (Array.isArray(schema.type)) {
    const rest = schema.type.filter((t) => t !== 'null');
    return [{ ...schema, type: rest.length === 1 ? rest[0] : rest }, rest.length < schema.type.length];
  }
  return [schema, false];
}

/**
 * A control for one option, filled with its default.
 * @param {string} name
 * @param {Schema} schema
 * @param {unknown} value the default
 * @returns {Field}
 */
function optionField(name, schema, value) {
  const [inner, nullable] = nonNull(schema);
  const title = `${name}${nullable ? ' (optional)' : ''}`;
  const hint = schema.description || inner.description;
  const id = `option-${name}`;
  if (inner.enum && inner.enum.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const select = el('select', { id, name }, [
      nullable ? el('option', { value: '', text: '—' }) : null,
      ...inner.enum.map((v) => el('option', { value: String(v), text: String(v), selected: v === value })),
    ]);
    return {
      node: labelled(title, select, hint),
      read: () => {
        if (select.value === '') return null;
        return inner.enum?.find((v) => String(v) === select.value) ?? select.value;
      },
    };
  }
  if (inner.type === 'boolean' && !nullable) {
    const box = el('input', { id, name, type: 'checkbox', checked: value === true });
    return { node: labelled(title, box, hint), read: () => box.checked };
  }
  if (inner.type === 'integer' || inner.type === 'number') {
    const input = el('input', {
      id, name, type: 'number', step: inner.type === 'integer' ? 1 : 'any',
      min: inner.minimum, max: inner.maximum,
      value: typeof value === 'number' ? value : '',
    });
    return {
      node: labelled(title, input, hint),
      read: () => {
        if (input.value === '') {
          if (nullable) return null;
          throw new Error(`${name} needs a number`);
        }
        return Number(input.value);
      },
    };
  }
  if (inner.type === 'string') {
    const input = el('input', { id, name, type: 'text', value: typeof value === 'string' ? value : '' });
    return {
      node: labelled(title, input, hint),
      read: () => (input.value === '' && nullable ? null : input.value),
    };
  }
  // Anything else (arrays, objects, unions): JSON text.
  const area = el('textarea', { id, name, rows: 2, spellcheck: 'false' });
  area.value = value === null || value === undefined ? '' : JSON.stringify(value);
  return {
    node: labelled(`${title} (JSON)`, area, hint),
    read: () => {
      if (area.value.trim() === '') return nullable ? null : undefined;
      try {
        return JSON.parse(area.value);
      } catch {
        throw new Error(`${name} is not valid JSON`);
      }
    },
  };
}

/**
 * The new-game form of one ruleset: its options (defaults filled) and a bot level per default seat.
 * @param {RulesetDetail} detail
 * @param {(gameId: string) => void} opened
 */
function newGameForm(detail, opened) {
  root = /** @type {Schema} */ (detail.options_schema);
  const schema = resolve(root, root);
  const defaults = /** @type {Record<string, unknown>} */ (detail.default_options);
  /** @type {[string, Field][]} */
  const options = Object.entries(schema.properties || {}).map(([name, prop]) => [
    name,
    optionField(name, prop, name in defaults ? defaults[name] : prop.default),
  ]);
  /** @type {[string, HTMLSelectElement][]} */
  const bots = detail.default_seats.map((seat) => [
    seat,
    el('select', { id: `bot-${seat}`, name: `bot-${seat}` }, [
      el('option', { value: '', text: 'a person' }),
      ...api.BOT_LEVELS.map((level) => el('option', { value: level, text: `bot: ${level}` })),
    ]),
  ]);
  const problem = el('p', { class: 'problem', role: 'alert' });
  const form = el('form', { class: 'options', 'aria-label': `New ${detail.title} game` }, [
    el('fieldset', {}, [el('legend', { text: 'Options' }), ...options.map(([, f]) => f.node)]),
    el('fieldset', {}, [
      el('legend', { text: 'Who plays each seat' }),
      ...bots.map(([seat, select]) => labelled(seat, select)),
      el('p', { class: 'hint', text: 'Seats listed for the default options; other seats can be given bots from the game page.' }),
    ]),
    el('button', { type: 'submit', text: 'Create the game' }),
    problem,
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.textContent = '';
    /** @type {Record<string, unknown>} */
    const chosen = {};
    try {
      for (const [name, field] of options) {
        const value = field.read();
        if (value !== undefined) chosen[name] = value;
      }
    } catch (error) {
      problem.textContent = error instanceof Error ? error.message : String(error);
      return;
    }
    /** @type {Record<string, api.BotLevel>} */
    const botMap = {};
    for (const [seat, select] of bots) {
      const level = api.BOT_LEVELS.find((l) => l === select.value);
      if (level) botMap[seat] = level;
    }
    const body = /** @type {api.NewGame} */ ({ ruleset: detail.name, options: chosen, bots: botMap });
    api.createGame(body).then(
      (game) => opened(game.game_id),
      (error) => { problem.textContent = error instanceof Error ? error.message : String(error); },
    );
  });
  return form;
}

/**
 * The games list: filters and pages (`next_cursor`; a stack of cursors to go back).
 * @param {RulesetList} rulesets
 */
function gamesList(rulesets) {
  const ruleset = el('select', { id: 'filter-ruleset' }, [
    el('option', { value: '', text: 'any' }),
    ...rulesets.map((r) => el('option', { value: r.name, text: r.title })),
  ]);
  const status = el('select', { id: 'filter-status' }, [
    el('option', { value: '', text: 'any' }),
    ...api.STATUSES.map((s) => el('option', { value: s, text: s })),
  ]);
  const body = el('tbody');
  const previous = el('button', { type: 'button', text: 'Previous page', disabled: true });
  const next = el('button', { type: 'button', text: 'Next page', disabled: true });
  const note = el('p', { class: 'muted', role: 'status' });
  /** @type {(string | undefined)[]} */
  const cursors = [undefined];
  const titles = new Map(rulesets.map((r) => [r.name, r.title]));
  /** @type {string | null} */
  let nextCursor = null;

  const load = async () => {
    const cursor = cursors[cursors.length - 1];
    /** @type {GameQuery} */
    const params = { limit: 10, cursor };
    if (ruleset.value) params.ruleset = ruleset.value;
    const wanted = api.STATUSES.find((s) => s === status.value);
    if (wanted) params.status = wanted;
    note.textContent = 'Loading…';
    try {
      const page = await api.listGames(params);
      body.replaceChildren(
        ...page.games.map((game) => el('tr', {}, [
          el('td', {}, [el('a', { href: `#/games/${encodeURIComponent(game.game_id)}`, text: game.game_id })]),
          el('td', { text: titles.get(game.ruleset) || game.ruleset }),
          el('td', { text: game.status }),
          el('td', { text: String(game.version) }),
          el('td', {
            text: game.seats.map((s) => `${s.seat}: ${s.bot ? `bot ${s.bot}` : brief(s.player_name)}`).join(', '),
          }),
        ])),
      );
      nextCursor = page.next_cursor ?? null;
      next.disabled = !nextCursor;
      previous.disabled = cursors.length <= 1;
      note.textContent = page.games.length ? `Page ${cursors.length}` : 'No game matches.';
    } catch (error) {
      note.textContent = error instanceof Error ? error.message : String(error);
    }
  };
  const restart = () => {
    cursors.length = 1;
    void load();
  };
  ruleset.addEventListener('change', restart);
  status.addEventListener('change', restart);
  next.addEventListener('click', () => {
    if (!nextCursor) return;
    cursors.push(nextCursor);
    void load();
  });
  previous.addEventListener('click', () => {
    if (cursors.length > 1) cursors.pop();
    void load();
  });
  void load();
  return el('section', { 'aria-labelledby': 'games-heading' }, [
    el('h2', { id: 'games-heading', text: 'Games' }),
    el('div', { class: 'filters' }, [
      labelled('Ruleset', ruleset),
      labelled('Status', status),
      el('button', { type: 'button', text: 'Refresh', id: 'games-refresh' }),
    ]),
    el('div', { class: 'scroll' }, [
      el('table', { id: 'games' }, [
        el('caption', { class: 'muted', text: 'Newest first. Open a game to claim a seat, play or watch.' }),
        el('thead', {}, [el('tr', {}, ['Game', 'Ruleset', 'Status', 'Version', 'Seats'].map((h) => el('th', { scope: 'col', text: h })))]),
        body,
      ]),
    ]),
    el('div', { class: 'pager' }, [previous, next, note]),
  ]);
}

/**
 * Render the lobby into `main`.
 * @param {HTMLElement} main
 * @param {(gameId: string) => void} opened called with a new game's id
 */
export async function showLobby(main, opened) {
  const rulesets = await api.listRulesets();
  const formHolder = el('div', { id: 'new-game' });
  const choose = async (/** @type {string} */ name) => {
    formHolder.replaceChildren(el('p', { text: 'Loading…' }));
    try {
      const detail = await api.getRuleset(name);
      formHolder.replaceChildren(el('h3', { text: `New ${detail.title} game` }), newGameForm(detail, opened));
    } catch (error) {
      formHolder.replaceChildren(el('p', { class: 'problem', text: error instanceof Error ? error.message : String(error) }));
    }
  };
  const cards = rulesets.map((r) => {
    const button = el('button', { type: 'button', 'data-ruleset': r.name, text: `New ${r.title} game` });
    button.addEventListener('click', () => void choose(r.name));
    return el('section', { class: 'card' }, [
      el('h3', { text: r.title }),
      el('p', { text: `${r.name} · ${r.min_seats === r.max_seats ? r.min_seats : `${r.min_seats}–${r.max_seats}`} seats` }),
      button,
    ]);
  });
  const list = gamesList(rulesets);
  list.querySelector('#games-refresh')?.addEventListener('click', () => {
    const select = /** @type {HTMLSelectElement | null} */ (list.querySelector('#filter-status'));
    select?.dispatchEvent(new Event('change'));
  });
  main.replaceChildren(
    el('h1', { text: 'Lobby' }),
    el('section', { 'aria-labelledby': 'rulesets-heading' }, [
      el('h2', { id: 'rulesets-heading', text: 'Rulesets' }),
      el('div', { class: 'cards' }, cards),
      formHolder,
    ]),
    list,
  );
}
