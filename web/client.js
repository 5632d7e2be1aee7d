// The public HTTP API, typed by generated/api.d.ts (generated from openapi/openapi.json).
// Nothing here knows a game: every ruleset goes through the same calls.
// Every call asks for the reader's language (Accept-Language): the API's words come in it.
import { lang } from './i18n.js';

/** @typedef {import('./generated/api').operations} Ops */
/** @typedef {import('./generated/api').components['schemas']} Schemas */
/** @typedef {Ops['listRulesets']['responses'][200]['content']['application/json']} RulesetList */
/** @typedef {Ops['getRuleset']['responses'][200]['content']['application/json']} RulesetDetail */
/** @typedef {Ops['getGame']['responses'][200]['content']['application/json']} GameSummary */
/** @typedef {Ops['listGames']['responses'][200]['content']['application/json']} GamePage */
/** @typedef {NonNullable<Ops['listGames']['parameters']['query']>} GameQuery */
/** @typedef {Ops['getLegalCommands']['responses'][200]['content']['application/json']} LegalCommands */
/** @typedef {LegalCommands['commands'][number]} Command */
/** @typedef {Schemas['ChoiceStep']} ChoiceStep */
/** @typedef {Schemas['LastMove']} LastMove */
/** @typedef {Schemas['Outcome']} Outcome */
/** @typedef {Ops['getEvents']['responses'][200]['content']['application/json']} EventPage */
/** @typedef {EventPage['events'][number]} LoggedEvent */
/** @typedef {Ops['submitCommand']['responses'][201]['content']['application/json']} CommandAccepted */
/** @typedef {NonNullable<Ops['claimSeat']['requestBody']>['content']['application/json']} ClaimSeat */
/** @typedef {Ops['claimSeat']['responses'][201]['content']['application/json']} SeatClaimed */
/** @typedef {NonNullable<Ops['createGame']['requestBody']>['content']['application/json']} NewGame */
/** @typedef {Ops['createGame']['responses'][201]['content']['application/json']} CreatedGame */
/** @typedef {NonNullable<NonNullable<ClaimSeat>['bot']>} BotLevel */
/** @typedef {Schemas['Problem']} Problem */
/** @typedef {Ops['getState']['responses'][200]['content']['application/json']} StateResponse */

/** The bot levels a seat may be given (checked against ClaimSeat.bot by tsc). @type {BotLevel[]} */
export const BOT_LEVELS = ['random', 'greedy', 'mcts'];

/** @type {NonNullable<GameQuery['status']>[]} */
export const STATUSES = ['waiting', 'active', 'finished'];

/** An answer that is not 2xx: the problem's `detail` (or the status line) is the message. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {Partial<Problem>} problem
   */
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || '';
  }
}

/**
 * @typedef {object} RequestOptions
 * @property {string} [method]
 * @property {string | null} [token] a seat token, sent as `Authorization: Bearer` (never in the URL)
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, string>} [headers]
 * @property {string} [accept]
 */

/**
 * One request to the API; throws ApiError with the problem's detail on 4xx/5xx.
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<Response>}
 */
export async function request(path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = {
    accept: options.accept || 'application/json', 'accept-language': lang(), ...(options.headers || {}),
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  /** @type {RequestInit} */
  const init = { method: options.method || 'GET', headers, cache: 'no-store' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const answer = await fetch(path, init);
  if (!answer.ok) {
    /** @type {Partial<Problem>} */
    let problem = {};
    try {
      problem = await answer.json();
    } catch {
      problem = { title: answer.statusText };
    }
    throw new ApiError(answer.status, problem);
  }
  return answer;
}

/**
 * @template T
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<T>}
 */
export async function json(path, options) {
  const answer = await request(path, options);
  return /** @type {Promise<T>} */ (answer.json());
}

/** @param {string} id */
export const gamePath = (id) => `/games/${encodeURIComponent(id)}`;

/**
 * `?a=1&b=2` from the defined entries only.
 * @param {Record<string, string | number | null | undefined>} params
 */
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** @returns {Promise<RulesetList>} */
export const listRulesets = () => json('/rulesets');

/** @type {Map<string, Promise<RulesetDetail>>} by language and name */
const rulesetCache = new Map();

/**
 * @param {string} name
 * @returns {Promise<RulesetDetail>}
 */
export function getRuleset(name) {
  const key = `${lang()}:${name}`;
  let found = rulesetCache.get(key);
  if (!found) {
    found = json(`/rulesets/${encodeURIComponent(name)}`);
    found.catch(() => rulesetCache.delete(key));
    rulesetCache.set(key, found);
  }
  return found;
}

/**
 * @param {GameQuery} params
 * @returns {Promise<GamePage>}
 */
export const listGames = (params) => json(`/games${query(params)}`);

/**
 * @param {NewGame} body
 * @returns {Promise<CreatedGame>}
 */
export const createGame = (body) => json('/games', { method: 'POST', body });

/**
 * @param {string} id
 * @returns {Promise<GameSummary>}
 */
export const getGame = (id) => json(gamePath(id));

/**
 * @param {string} id
 * @param {string} seat
 * @param {ClaimSeat} body
 * @returns {Promise<SeatClaimed>}
 */
export const claimSeat = (id, seat, body) =>
  json(`${gamePath(id)}/seats/${encodeURIComponent(seat)}`, { method: 'POST', body });

/**
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<LegalCommands>}
 */
export const legalCommands = (id, token) => json(`${gamePath(id)}/legal-commands`, { token });

/**
 * The board picture as SVG text and the version it shows (its ETag), at `version` or now (null).
 * Fetched with the token header: never an <img> with a token in its URL.
 * @param {string} id
 * @param {number | null} version
 * @param {string | null} token
 * @returns {Promise<{ text: string, version: number }>}
 */
export async function picture(id, version, token) {
  const answer = await request(`${gamePath(id)}/picture.svg${query({ version })}`, {
    token,
    accept: 'image/svg+xml',
  });
  const tag = /"(\d+)"/.exec(answer.headers.get('etag') || '');
  return { text: await answer.text(), version: tag ? Number(tag[1]) : version ?? -1 };
}

/**
 * The state as the token's seat (or a spectator) sees it at `version`.
 * @param {string} id
 * @param {number} version
 * @param {string | null} token
 * @returns {Promise<StateResponse>}
 */
export const getState = (id, version, token) => json(`${gamePath(id)}/state${query({ version })}`, { token });

/**
 * The whole log after `after`, redacted for the token's seat (paged by the API).
 * @param {string} id
 * @param {number} after
 * @param {string | null} token
 * @returns {Promise<LoggedEvent[]>}
 */
export async function events(id, after, token) {
  /** @type {LoggedEvent[]} */
  const all = [];
  for (;;) {
    /** @type {EventPage} */
    const page = await json(`${gamePath(id)}/events${query({ after, limit: 1000 })}`, { token });
    all.push(...page.events);
    if (page.events.length === 0 || page.last_version <= after) return all;
    after = page.last_version;
    if (page.events.length < 1000) return all;
  }
}

/**
 * Play a command at the version it was chosen at (`If-Match`), safe to retry (`Idempotency-Key`).
 * @param {string} id
 * @param {string} token
 * @param {number} version
 * @param {Command} command
 * @returns {Promise<CommandAccepted>}
 */
export const submitCommand = (id, token, version, command) =>
  json(`${gamePath(id)}/commands`, {
    method: 'POST',
    token,
    body: command,
    headers: { 'if-match': `"${version}"`, 'idempotency-key': randomKey() },
  });

/** A fresh random key (getRandomValues works outside secure contexts too). */
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Hex SHA-256 of the UTF-8 text (SubtleCrypto; null outside a secure context).
 * @param {string} text
 */
export async function sha256Hex(text) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
