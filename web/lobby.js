// The lobby: rulesets, a new-game form generated from the ruleset's option
// schema, and the list of games (filters, pages). Words from the API or the catalogues.
import * as api from './client.js';
import { el, labelled } from './dom.js';
import { t, levelName } from './i18n.js';

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

/** A game's status in words. @param {string} status */
function statusName(status) {
  if (status === 'waiting') return t('status_waiting_short');
  if (status === 'active') return t('status_active_short');
  if (status === 'finished') return t('status_finished_short');
  return status;
}


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
 * @param {{name: string, values: Record<string, string>} | undefined} words the option's
 *   display name and its values' names in the page's language (`option_names` of the ruleset)
 * @returns {Field}
 */
function optionField(name, schema, value, words) {
  const [inner, nullable] = nonNull(schema);
  // The option's name in words (the API's `option_names`); an option the ruleset left unnamed
  // shows its name spaced. The schema's description stays a tooltip.
  const spaced = words?.name ?? name.replace(/_/g, ' ');
  const title = `${spaced.charAt(0).toUpperCase()}${spaced.slice(1)}${nullable ? ` ${t('optional')}` : ''}`;
  const hint = undefined;
  const tip = schema.description || inner.description || null;
  const id = `option-${name}`;
  if (inner.enum && inner.enum.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const select = el('select', { id, name, title: tip }, [
      nullable ? el('option', { value: '', text: '—' }) : null,
      ...inner.enum.map((v) =>
        el('option', { value: String(v), text: words?.values[String(v)] ?? String(v), selected: v === value }),
      ),
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
    const box = el('input', { id, name, type: 'checkbox', checked: value === true, title: tip });
    return { node: labelled(title, box, hint), read: () => box.checked };
  }
  if (inner.type === 'integer' || inner.type === 'number') {
    const input = el('input', {
      id, name, title: tip, type: 'number', step: inner.type === 'integer' ? 1 : 'any',
      min: inner.minimum, max: inner.maximum,
      value: typeof value === 'number' ? value : '',
    });
    return {
      node: labelled(title, input, hint),
      read: () => {
        if (input.value === '') {
          if (nullable) return null;
          throw new Error(t('needs_number', { name: title }));
        }
        return Number(input.value);
      },
    };
  }
  if (inner.type === 'string') {
    const input = el('input', { id, name, title: tip, type: 'text', value: typeof value === 'string' ? value : '' });
    return {
      node: labelled(title, input, hint),
      read: () => (input.value === '' && nullable ? null : input.value),
    };
  }
  // Anything else (arrays, objects, unions): JSON text.
  const area = el('textarea', { id, name, rows: 2, spellcheck: 'false', title: tip });
  area.value = value === null || value === undefined ? '' : JSON.stringify(value);
  return {
    node: labelled(t('as_json', { name: title }), area, hint),
    read: () => {
      if (area.value.trim() === '') return nullable ? null : undefined;
      try {
        return JSON.parse(area.value);
      } catch {
        throw new Error(t('not_json', { name: title }));
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
    optionField(name, prop, name in defaults ? defaults[name] : prop.default, detail.option_names?.[name]),
  ]);
  /** @type {[string, HTMLSelectElement][]} */
  const bots = detail.default_seats.map((seat) => [
    seat,
    el('select', { id: `bot-${seat}`, name: `bot-${seat}` }, [
      el('option', { value: '', text: t('a_person') }),
      ...api.BOT_LEVELS.map((level) => el('option', { value: level, text: t('bot_level_is', { level: levelName(level) }) })),
    ]),
  ]);
  const problem = el('p', { class: 'problem', role: 'alert' });
  const form = el('form', { class: 'options', 'aria-label': t('new_game', { title: detail.title }) }, [
    el('fieldset', {}, [el('legend', { text: t('options') }), ...options.map(([, f]) => f.node)]),
    el('fieldset', {}, [
      el('legend', { text: t('who_plays') }),
      ...bots.map(([seat, select]) => labelled(detail.names.seat?.[seat] ?? t('a_seat'), select)),
      el('p', { class: 'hint', text: t('who_plays_hint') }),
    ]),
    el('button', { type: 'submit', class: 'primary', text: t('create_game') }),
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
    el('option', { value: '', text: t('any') }),
    ...rulesets.map((r) => el('option', { value: r.name, text: r.title })),
  ]);
  const status = el('select', { id: 'filter-status' }, [
    el('option', { value: '', text: t('any') }),
    ...api.STATUSES.map((s) => el('option', { value: s, text: statusName(s) })),
  ]);
  const body = el('tbody');
  const previous = el('button', { type: 'button', id: 'previous-page', text: t('previous_page'), disabled: true });
  const next = el('button', { type: 'button', id: 'next-page', text: t('next_page'), disabled: true });
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
    note.textContent = t('loading');
    try {
      const page = await api.listGames(params);
      body.replaceChildren(
        ...page.games.map((game) => el('tr', {}, [
          el('td', {}, [el('a', { href: `#/games/${encodeURIComponent(game.game_id)}`, text: game.game_id })]),
          el('td', { text: titles.get(game.ruleset) || game.ruleset }),
          el('td', { text: statusName(game.status), 'data-status': game.status }),
          el('td', { text: String(game.version) }),
          el('td', {
            text: game.seats.map((s) => (s.bot ? t('bot_level_is', { level: levelName(s.bot) })
              : s.player_name || (s.claimed ? t('claimed') : t('free')))).join(', '),
          }),
        ])),
      );
      nextCursor = page.next_cursor ?? null;
      next.disabled = !nextCursor;
      previous.disabled = cursors.length <= 1;
      note.textContent = page.games.length ? t('page_n', { n: cursors.length }) : t('no_game');
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
    el('h2', { id: 'games-heading', text: t('games') }),
    el('div', { class: 'filters' }, [
      labelled(t('ruleset'), ruleset),
      labelled(t('status'), status),
      el('button', { type: 'button', text: t('refresh'), id: 'games-refresh' }),
    ]),
    el('div', { class: 'scroll' }, [
      el('table', { id: 'games' }, [
        el('caption', { class: 'muted', text: t('games_caption') }),
        el('thead', {}, [el('tr', {}, [t('game'), t('ruleset'), t('status'), t('version'), t('seats')].map((h) => el('th', { scope: 'col', text: h })))]),
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
    formHolder.replaceChildren(el('p', { text: t('loading') }));
    try {
      const detail = await api.getRuleset(name);
      formHolder.replaceChildren(el('h3', { text: t('new_game', { title: detail.title }) }), newGameForm(detail, opened));
    } catch (error) {
      formHolder.replaceChildren(el('p', { class: 'problem', text: error instanceof Error ? error.message : String(error) }));
    }
  };
  const cards = rulesets.map((r) => {
    const button = el('button', { type: 'button', 'data-ruleset': r.name, text: t('new_game', { title: r.title }) });
    button.addEventListener('click', () => void choose(r.name));
    return el('section', { class: 'card' }, [
      el('h3', { text: r.title }),
      el('p', { text: t('seat_count', { n: r.min_seats === r.max_seats ? r.min_seats : `${r.min_seats}–${r.max_seats}` }) }),
      button,
    ]);
  });
  const list = gamesList(rulesets);
  list.querySelector('#games-refresh')?.addEventListener('click', () => {
    const select = /** @type {HTMLSelectElement | null} */ (list.querySelector('#filter-status'));
    select?.dispatchEvent(new Event('change'));
  });
  main.replaceChildren(
    el('h1', { text: t('lobby') }),
    el('section', { 'aria-labelledby': 'rulesets-heading' }, [
      el('h2', { id: 'rulesets-heading', text: t('rulesets') }),
      el('div', { class: 'cards' }, cards),
      formHolder,
    ]),
    list,
  );
}
