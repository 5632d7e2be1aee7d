// The game page: the board picture, my seat's legal commands (board clicks or
// a grouped list), the live event log over SSE, the outcome and the seed
// check, and the replay of any version. Nothing here knows a game: the
// picture's element ids and the commands' values are matched generically.
import * as api from './client.js';
import {
  el, labelled, brief, fields, sanitizeSvg, seatTokens, keepSeatToken, playingAs, playAs,
} from './dom.js';

/** @typedef {import('./client.js').GameSummary} GameSummary */
/** @typedef {import('./client.js').RulesetDetail} RulesetDetail */
/** @typedef {import('./client.js').LegalCommands} LegalCommands */
/** @typedef {import('./client.js').Command} Command */
/** @typedef {import('./client.js').LoggedEvent} LoggedEvent */

/** Replay speed: one version per this many milliseconds. */
const PLAY_STEP_MS = 600;
/** Streamed events closer together than this are one refresh. */
const BURST_MS = 40;
/** A refresh gives up after this many passes whose answers disagree on the version. */
const MAX_PASSES = 8;
/** After a failed refresh (network, 5xx, 429), the next try. */
const RETRY_MS = 1500;

/**
 * Every string a command names (its `type` aside): the ids a board click can match.
 * @param {unknown} value
 * @param {Set<string>} [into]
 * @returns {Set<string>}
 */
function namedIds(value, into = new Set()) {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => namedIds(v, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (key !== 'type') namedIds(v, into);
  }
  return into;
}

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

export class GamePage {
  /**
   * @param {HTMLElement} main
   * @param {string} id
   * @param {number | null} version null: live
   */
  constructor(main, id, version) {
    this.main = main;
    this.id = id;
    /** @type {number | null} */
    this.replay = version;
    /** @type {GameSummary | null} */
    this.summary = null;
    /** @type {RulesetDetail | null} */
    this.detail = null;
    /** @type {LegalCommands | null} */
    this.legal = null;
    /** @type {string[]} ids clicked so far on the board */
    this.chosen = [];
    /** @type {LoggedEvent[]} */
    this.log = [];
    this.logLast = 0;
    /** @type {string | null} the token the log was read with */
    this.logToken = null;
    /** @type {string} the game's status when the log was read */
    this.logStatus = '';
    /** @type {EventSource | null} */
    this.source = null;
    this.loading = false;
    this.again = false;
    this.busy = false;
    this.disposed = false;
    /** @type {number | null} */
    this.player = null;
    /** @type {number | null} */
    this.reconnect = null;
    this.seedChecked = '';
    /** @type {number | null} the log is greyed after this version (null: not greyed) */
    this.greyFrom = null;
    /** @type {number | null} the pending refresh after streamed events */
    this.burst = null;
    /** the game's version the page last showed live (-1: none yet) */
    this.loadedVersion = -1;
    this.title = el('h1', { text: `Game ${this.id}` });
    this.status = el('p', { id: 'game-status', role: 'status' });
    this.slider = el('input', { id: 'replay-version', type: 'range', min: 1, max: 1, value: 1, step: 1 });
    this.sliderText = el('output', { id: 'replay-text', for: 'replay-version' });
    this.back = el('button', { type: 'button', id: 'replay-back', text: '◀ Step back', 'aria-label': 'Step back one version' });
    this.forward = el('button', { type: 'button', id: 'replay-forward', text: 'Step ▶', 'aria-label': 'Step forward one version' });
    this.playButton = el('button', { type: 'button', id: 'replay-play', text: 'Play', 'aria-pressed': 'false' });
    this.liveLink = el('a', { id: 'replay-live', href: `#/games/${encodeURIComponent(this.id)}`, text: 'Live' });
    this.replayBar = el('div', { class: 'replay', role: 'group', 'aria-label': 'Replay' }, [
      labelled('Version', this.slider), this.sliderText, this.back, this.playButton, this.forward, this.liveLink,
    ]);
    this.board = el('div', { id: 'board', class: 'board', role: 'region', 'aria-label': 'Board' });
    this.viewText = el('pre', { id: 'view', class: 'view' });
    this.viewBox = el('details', { id: 'view-box' }, [
      el('summary', { text: 'The view as JSON (GET /state at this version)' }), this.viewText,
    ]);
    this.choice = el('p', { id: 'choice', class: 'muted', 'aria-live': 'polite' });
    this.problem = el('p', { id: 'problem', class: 'problem', role: 'alert' });
    this.commandList = el('div', { id: 'commands', class: 'commands' });
    this.seatSelect = el('select', { id: 'play-as' });
    this.seats = el('tbody');
    this.outcome = el('section', { id: 'outcome', 'aria-labelledby': 'outcome-heading', hidden: true });
    this.logList = el('ol', { id: 'log', class: 'log', 'aria-label': 'Events, oldest first' });
    this.section = el('div', { id: 'game', 'data-ready': 'false' }, [
      this.title,
      this.status,
      el('div', { class: 'game' }, [
        el('div', {}, [this.replayBar, this.board, this.viewBox]),
        el('div', { class: 'side' }, [
          el('section', { 'aria-labelledby': 'you-heading' }, [
            el('h2', { id: 'you-heading', text: 'You' }),
            labelled('Play as', this.seatSelect),
          ]),
          el('section', { 'aria-labelledby': 'commands-heading' }, [
            el('h2', { id: 'commands-heading', text: 'Your commands' }),
            this.choice, this.problem, this.commandList,
          ]),
          this.outcome,
          el('section', { 'aria-labelledby': 'seats-heading' }, [
            el('h2', { id: 'seats-heading', text: 'Seats' }),
            el('table', {}, [
              el('thead', {}, [el('tr', {}, ['Seat', 'Player', ''].map((h) => el('th', { scope: 'col', text: h })))]),
              this.seats,
            ]),
          ]),
          el('section', { 'aria-labelledby': 'log-heading' }, [
            el('h2', { id: 'log-heading', text: 'Event log' }),
            this.logList,
          ]),
        ]),
      ]),
    ]);
    this.main.replaceChildren(this.section);

    this.slider.addEventListener('input', () => this.goTo(Number(this.slider.value)));
    this.back.addEventListener('click', () => this.goTo(this.shownVersion() - 1));
    this.forward.addEventListener('click', () => this.goTo(this.shownVersion() + 1));
    this.playButton.addEventListener('click', () => (this.player === null ? this.startPlaying() : this.stopPlaying()));
    this.seatSelect.addEventListener('change', () => {
      playAs(this.id, this.seatSelect.value);
      this.resetChoice();
      void this.refresh();
    });
    this.viewBox.addEventListener('toggle', () => void this.renderView());
    this.board.addEventListener('click', (event) => this.boardClicked(event.target));
    this.board.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      this.boardClicked(event.target);
    });
    void this.refresh();
  }

  /** This tab's seat and its token (null: spectating). */
  get seat() {
    const tokens = seatTokens(this.id);
    const chosen = playingAs(this.id);
    if (chosen !== null) return chosen in tokens ? chosen : null;
    return Object.keys(tokens)[0] ?? null;
  }

  get token() {
    const seat = this.seat;
    return seat ? seatTokens(this.id)[seat] ?? null : null;
  }

  dispose() {
    this.disposed = true;
    this.stopPlaying();
    this.closeStream();
    if (this.reconnect !== null) clearTimeout(this.reconnect);
    if (this.burst !== null) clearTimeout(this.burst);
  }

  /** Show another version (null: live) of the same game. @param {number | null} version */
  setVersion(version) {
    this.replay = version;
    if (version === null) this.stopPlaying();
    this.resetChoice();
    void this.refresh();
  }

  shownVersion() {
    const last = this.summary ? this.summary.version : 0;
    return this.replay === null ? last : Math.min(this.replay, last);
  }

  /** Replay version `v` (clamped to 1..N); its URL is shareable. @param {number} v */
  goTo(v) {
    const last = this.summary ? this.summary.version : 0;
    if (last < 1) return;
    const version = Math.max(1, Math.min(last, v));
    history.replaceState(null, '', `#/games/${encodeURIComponent(this.id)}/versions/${version}`);
    this.replay = version;
    this.resetChoice();
    void this.refresh();
  }

  startPlaying() {
    if (!this.summary || this.summary.version < 1) return;
    if (this.shownVersion() >= this.summary.version) this.goTo(1);
    this.playButton.textContent = 'Pause';
    this.playButton.setAttribute('aria-pressed', 'true');
    this.player = window.setInterval(() => {
      if (!this.summary || this.shownVersion() >= this.summary.version) this.stopPlaying();
      else this.goTo(this.shownVersion() + 1);
    }, PLAY_STEP_MS);
  }

  stopPlaying() {
    if (this.player !== null) clearInterval(this.player);
    this.player = null;
    if (this.playButton) {
      this.playButton.textContent = 'Play';
      this.playButton.setAttribute('aria-pressed', 'false');
    }
  }

  /** Refresh once a burst of streamed events is over (one command appends several). */
  soon() {
    // A load in progress compares its summary with the log when it ends (see load).
    if (this.loading || this.loadedVersion >= this.logLast || this.burst !== null) return;
    this.burst = window.setTimeout(() => {
      this.burst = null;
      if (!this.loading) void this.refresh();
    }, BURST_MS);
  }

  /** Load everything again; calls made meanwhile coalesce into one more pass. */
  async refresh() {
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = true;
    this.section.dataset.ready = 'false';
    try {
      let passes = 0;
      do {
        this.again = false;
        passes += 1;
        await this.load();
      } while (this.again && !this.disposed && passes < MAX_PASSES);
      if (!this.disposed) this.section.dataset.ready = 'true';
    } catch (error) {
      this.status.textContent = message(error);
      // The network or the service failed (not a 4xx about this request): try again soon.
      const client = error instanceof api.ApiError && error.status < 500 && error.status !== 429;
      if (!client && !this.disposed) window.setTimeout(() => void this.refresh(), RETRY_MS);
    } finally {
      this.loading = false;
    }
  }

  async load() {
    const token = this.token;
    const live = this.replay === null;
    const before = this.summary;
    // Live, the summary, the picture and my legal commands are asked at once; their versions
    // (the picture's ETag, the commands' `version`) must agree, else another pass.
    const guess = live && before !== null && before.version >= 1;
    const [summary, early, earlyLegal] = await Promise.all([
      api.getGame(this.id),
      guess ? api.picture(this.id, null, token).catch(() => null) : Promise.resolve(null),
      guess && token && before?.status === 'active'
        ? api.legalCommands(this.id, token).catch(() => null) : Promise.resolve(null),
    ]);
    if (this.disposed) return;
    this.summary = summary;
    if (!this.detail) this.detail = await api.getRuleset(summary.ruleset);
    if (this.logToken !== token || (summary.status === 'finished' && this.logStatus !== 'finished')) {
      // Another seat's eyes (or the game's end, which reveals the whole log): read it again.
      this.closeStream();
      this.log = [];
      this.logLast = 0;
      this.logList.replaceChildren();
      this.greyFrom = null;
      this.logToken = token;
      this.logStatus = summary.status;
      this.addEvents(await api.events(this.id, 0, token));
    }
    this.openStream();
    const version = this.shownVersion();
    let pic = early && early.version === version ? early : null;
    let legal = earlyLegal && earlyLegal.version === summary.version ? earlyLegal : null;
    const needLegal = live && token !== null && summary.status === 'active';
    [pic, legal] = await Promise.all([
      pic || version < 1 ? Promise.resolve(pic) : api.picture(this.id, version, token),
      legal || !needLegal ? Promise.resolve(legal) : api.legalCommands(this.id, token).catch(() => {
        this.again = true; // the game moved on (or ended) meanwhile
        return null;
      }),
    ]);
    if (this.disposed) return;
    if (legal && legal.version !== summary.version) this.again = true;
    this.legal = needLegal ? legal : null;
    this.renderStatus();
    this.renderSeats();
    this.renderReplay();
    this.renderBoard(pic ? pic.text : null);
    this.renderCommands();
    await this.renderOutcome();
    await this.renderView();
    if (live) this.loadedVersion = summary.version;
    // Events streamed in while loading are newer than this summary: one more pass.
    if (live && this.logLast > summary.version) this.again = true;
    this.section.dataset.version = String(version);
    this.section.dataset.status = summary.status;
    this.section.dataset.seat = this.seat ?? '';
  }

  /** The state as my seat sees it at the shown version, only while its box is open. */
  async renderView() {
    const version = this.shownVersion();
    if (!this.viewBox.open || version < 1) {
      this.viewText.textContent = '';
      return;
    }
    try {
      const state = await api.getState(this.id, version, this.token);
      this.viewText.textContent = JSON.stringify(state.view, null, 1);
    } catch (error) {
      this.viewText.textContent = message(error);
    }
  }

  /** @param {string} seat */
  who(seat) {
    const entry = this.summary?.seats.find((s) => s.seat === seat);
    if (!entry) return seat;
    if (entry.bot) return `${seat} (bot ${entry.bot})`;
    return entry.player_name ? `${seat} (${entry.player_name})` : seat;
  }

  renderStatus() {
    const s = /** @type {GameSummary} */ (this.summary);
    const title = this.detail ? this.detail.title : s.ruleset;
    this.title.textContent = `${title} · game ${s.game_id}`;
    document.title = `${title} ${s.game_id} · Plateau`;
    const parts = [`${s.status}`, `version ${s.version}`];
    if (s.status === 'active' && s.to_act.length) parts.push(`to act: ${s.to_act.map((x) => this.who(x)).join(', ')}`);
    if (s.status === 'waiting') parts.push('waiting for every seat to be claimed');
    const seat = this.seat;
    parts.push(seat ? `you play ${this.who(seat)}` : 'you are watching');
    this.status.textContent = parts.join(' · ');
  }

  renderSeats() {
    const s = /** @type {GameSummary} */ (this.summary);
    const tokens = seatTokens(this.id);
    const mine = this.seat;
    this.seatSelect.replaceChildren(
      el('option', { value: '', text: 'spectator (no seat)', selected: mine === null }),
      ...Object.keys(tokens).map((seat) => el('option', { value: seat, text: seat, selected: seat === mine })),
    );
    this.seats.replaceChildren(...s.seats.map((entry) => {
      /** @type {(Node | string)[]} */
      const actions = [];
      if (!entry.claimed && s.status === 'waiting') {
        const name = el('input', { type: 'text', maxlength: 64, id: `name-${entry.seat}`, autocomplete: 'nickname' });
        const claim = el('button', { type: 'button', text: `Claim ${entry.seat}`, 'data-claim': entry.seat });
        claim.addEventListener('click', () => void this.claim(entry.seat, { player_name: name.value || null }));
        const level = el('select', { id: `level-${entry.seat}` },
          api.BOT_LEVELS.map((l) => el('option', { value: l, text: l })));
        const bot = el('button', { type: 'button', text: 'Seat a bot', 'data-bot': entry.seat });
        bot.addEventListener('click', () => {
          const chosen = api.BOT_LEVELS.find((l) => l === level.value);
          if (chosen) void this.claim(entry.seat, { bot: chosen });
        });
        actions.push(el('div', { class: 'claim' }, [labelled('Your name', name), claim]),
          el('div', { class: 'claim' }, [labelled('Bot level', level), bot]));
      } else if (entry.seat in tokens) {
        actions.push(entry.seat === mine ? 'you' : 'yours (other tab)');
      }
      const player = entry.bot ? `bot: ${entry.bot}` : entry.claimed ? brief(entry.player_name) : 'free';
      return el('tr', { 'data-seat': entry.seat }, [
        el('th', { scope: 'row', text: entry.seat }),
        el('td', { class: 'player', text: player }),
        el('td', {}, actions),
      ]);
    }));
  }

  /**
   * @param {string} seat
   * @param {api.ClaimSeat} body
   */
  async claim(seat, body) {
    this.problem.textContent = '';
    try {
      const claimed = await api.claimSeat(this.id, seat, body);
      if (claimed.token) {
        keepSeatToken(this.id, claimed.seat, claimed.token);
        playAs(this.id, claimed.seat);
      }
    } catch (error) {
      this.problem.textContent = message(error);
    }
    await this.refresh();
  }

  renderReplay() {
    const last = this.summary ? this.summary.version : 0;
    this.replayBar.hidden = last < 1;
    const shown = this.shownVersion();
    this.slider.max = String(Math.max(1, last));
    this.slider.value = String(shown);
    this.sliderText.textContent = `${this.replay === null ? 'live: ' : ''}version ${shown} of ${last}`;
    this.slider.setAttribute('aria-valuetext', `version ${shown} of ${last}`);
    this.back.disabled = shown <= 1;
    this.forward.disabled = shown >= last;
    this.liveLink.hidden = this.replay === null;
    // Grey the events after the shown version (replaying only: live, nothing is in the future).
    const greyFrom = this.replay === null ? null : shown;
    if (greyFrom !== this.greyFrom) {
      for (const item of Array.from(this.logList.children)) {
        item.classList.toggle('future', greyFrom !== null && Number(item.getAttribute('data-version')) > greyFrom);
      }
      this.greyFrom = greyFrom;
    }
  }

  /** @param {string | null} text */
  renderBoard(text) {
    if (text === null) {
      this.board.replaceChildren(el('p', { class: 'muted', text: 'The board appears once every seat is claimed.' }));
      return;
    }
    const svg = sanitizeSvg(text);
    if (!svg) {
      this.board.replaceChildren(el('p', { class: 'problem', text: 'The picture could not be read.' }));
      return;
    }
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', 'Board picture');
    this.board.replaceChildren(svg);
    this.markChoosable();
  }

  /** The legal commands still compatible with the board clicks so far. */
  remaining() {
    if (!this.legal) return [];
    return this.legal.commands.filter((c) => {
      const ids = namedIds(c);
      return this.chosen.every((id) => ids.has(id));
    });
  }

  /** Board elements named by a remaining command become buttons (keyboard too). */
  markChoosable() {
    const ids = new Set();
    for (const c of this.remaining()) for (const id of namedIds(c)) ids.add(id);
    for (const node of Array.from(this.board.querySelectorAll('[data-ref]'))) {
      const ref = node.getAttribute('data-ref') || '';
      const picked = this.chosen.includes(ref);
      node.classList.toggle('chosen', picked);
      if (ids.has(ref) && !picked) {
        node.classList.add('choosable');
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        node.setAttribute('aria-label', `Choose ${ref}`);
      } else {
        node.classList.remove('choosable');
        node.removeAttribute('tabindex');
        node.removeAttribute('role');
        node.removeAttribute('aria-label');
      }
    }
  }

  /** @param {EventTarget | null} target */
  boardClicked(target) {
    let node = target instanceof Element ? target : null;
    while (node && node !== this.board) {
      if (node.classList.contains('choosable')) {
        this.choose(node.getAttribute('data-ref') || '');
        return;
      }
      node = node.parentElement;
    }
  }

  /** A board click: narrow the commands to those naming every clicked id; play the last one left. @param {string} ref */
  choose(ref) {
    if (this.busy || !ref) return;
    this.chosen.push(ref);
    let left = this.remaining();
    if (left.length === 0) {
      this.chosen = [ref];
      left = this.remaining();
    }
    if (left.length === 1) {
      void this.play(left[0]);
      return;
    }
    this.markChoosable();
    this.renderCommands();
  }

  resetChoice() {
    this.chosen = [];
  }

  renderCommands() {
    const list = this.commandList;
    this.choice.textContent = '';
    if (this.replay !== null) {
      list.replaceChildren(el('p', { class: 'muted', text: 'Replaying: go live to play.' }));
      return;
    }
    const s = this.summary;
    if (!this.token) {
      list.replaceChildren(el('p', { class: 'muted', text: 'You hold no seat in this tab: you are watching.' }));
      return;
    }
    if (!s || s.status !== 'active') {
      list.replaceChildren(el('p', { class: 'muted', text: s && s.status === 'finished' ? 'The game is over.' : 'The game has not started.' }));
      return;
    }
    const commands = this.remaining();
    if (!this.legal || this.legal.commands.length === 0) {
      list.replaceChildren(el('p', { class: 'muted', id: 'not-your-turn', text: 'Nothing to play now: wait for your turn.' }));
      return;
    }
    if (this.chosen.length) {
      const clear = el('button', { type: 'button', text: 'Clear the choice', id: 'clear-choice' });
      clear.addEventListener('click', () => {
        this.resetChoice();
        this.markChoosable();
        this.renderCommands();
      });
      this.choice.replaceChildren(`Chosen on the board: ${this.chosen.join(', ')}; ${commands.length} commands left. `, clear);
    } else {
      this.choice.textContent = 'Click the board, or choose below.';
    }
    /** @type {Map<string, Command[]>} */
    const groups = new Map();
    for (const c of commands) groups.set(c.type, [...(groups.get(c.type) || []), c]);
    list.replaceChildren(...Array.from(groups, ([type, group]) => el('details', { open: groups.size <= 3 || group.length <= 6 }, [
      el('summary', { text: `${type} (${group.length})` }),
      el('ul', {}, group.map((c) => {
        const button = el('button', {
          type: 'button', 'data-command': JSON.stringify(c), text: fields(c) || type, disabled: this.busy,
        });
        button.addEventListener('click', () => void this.play(c));
        return el('li', {}, [button]);
      })),
    ])));
  }

  /** @param {Command} command */
  async play(command) {
    const token = this.token;
    if (!token || !this.legal || this.busy) return;
    this.busy = true;
    this.section.dataset.ready = 'false';
    this.problem.textContent = '';
    for (const button of Array.from(this.commandList.querySelectorAll('button'))) button.disabled = true;
    try {
      await api.submitCommand(this.id, token, this.legal.version, command);
    } catch (error) {
      this.problem.textContent = message(error);
    } finally {
      this.busy = false;
      this.resetChoice();
    }
    await this.refresh();
  }

  async renderOutcome() {
    const s = /** @type {GameSummary} */ (this.summary);
    if (s.status !== 'finished') {
      this.outcome.hidden = true;
      return;
    }
    const key = `${s.seed}|${s.seed_sha256}`;
    if (this.seedChecked === key) return;
    this.seedChecked = key;
    const outcome = /** @type {Record<string, unknown> | null} */ (s.outcome);
    const rows = outcome ? Object.entries(outcome).map(([k, v]) => {
      const seats = Array.isArray(v) && v.every((x) => typeof x === 'string' && s.seats.some((e) => e.seat === x));
      return el('div', {}, [el('dt', { text: k }), el('dd', { text: seats ? v.map((x) => this.who(String(x))).join(', ') : brief(v) })]);
    }) : [];
    const seed = s.seed ?? null;
    const digest = seed === null ? null : await api.sha256Hex(seed);
    let verdict;
    if (seed === null) verdict = el('p', { class: 'muted', text: 'The seed is not revealed.' });
    else if (digest === null) verdict = el('p', { class: 'muted', text: 'This browser cannot hash here (SubtleCrypto needs a secure context).' });
    else if (digest === s.seed_sha256) verdict = el('p', { class: 'ok', id: 'seed-verdict', text: '✓ The seed matches the commitment published at creation (SHA-256 of its UTF-8 bytes).' });
    else verdict = el('p', { class: 'bad', id: 'seed-verdict', text: '✗ The seed does NOT match the commitment published at creation.' });
    this.outcome.replaceChildren(
      el('h2', { id: 'outcome-heading', text: 'Outcome' }),
      el('dl', { class: 'outcome' }, rows),
      el('p', {}, ['Seed: ', el('code', { id: 'seed', text: brief(seed) })]),
      el('p', {}, ['Commitment (seed_sha256): ', el('code', { text: s.seed_sha256 })]),
      el('p', { hidden: !digest }, ['SHA-256 of the seed: ', el('code', { text: digest || '' })]),
      verdict,
      el('p', { class: 'bad', id: 'imported-in-play', hidden: !s.imported_in_play, text: '⚠ This game was imported before its end: its seed was chosen by whoever exported it, so the commitment was not made by this server and proves nothing about its dice.' }),
    );
    this.outcome.hidden = false;
  }

  /** @param {LoggedEvent[]} logged */
  addEvents(logged) {
    const fresh = logged.filter((e) => e.version > this.logLast);
    if (!fresh.length) return;
    this.logLast = fresh[fresh.length - 1].version;
    this.log.push(...fresh);
    const greyFrom = this.greyFrom;
    this.logList.append(...fresh.map((e) => el('li', {
      value: e.version, 'data-version': e.version,
      class: greyFrom !== null && e.version > greyFrom ? 'future' : null,
    }, [el('strong', { text: e.event.type }), ' ', fields(e.event)])));
  }

  openStream() {
    const s = this.summary;
    if (this.source || this.disposed || !s || s.status === 'finished' || !this.detail) return;
    const token = this.token;
    // EventSource cannot send headers: the documented ?access_token= is the one place a token is in a URL.
    const url = `${api.gamePath(this.id)}/events/stream${api.query({ after: this.logLast, access_token: token })}`;
    const source = new EventSource(url);
    /** @param {MessageEvent<string>} event */
    const received = (event) => {
      try {
        this.addEvents([/** @type {LoggedEvent} */ (JSON.parse(event.data))]);
      } catch {
        return;
      }
      this.soon();
    };
    for (const type of this.detail.event_types) source.addEventListener(type, received);
    source.addEventListener('message', received);
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return; // the browser resumes with Last-Event-ID
      if (this.source === source) this.source = null;
      if (this.disposed) return;
      this.reconnect = window.setTimeout(() => {
        this.reconnect = null;
        void this.refresh();
      }, 2000);
    });
    this.source = source;
  }

  closeStream() {
    this.source?.close();
    this.source = null;
  }
}
