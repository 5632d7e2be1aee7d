// The game page: the last move in words above the board, the board picture,
// my move chosen one question at a time (the `steps` tree of legal-commands,
// on the board or in the list, played only on "Play"), the move history
// (newest first, each move a link into the replay), the live stream, the
// outcome in words with the seed check and a rematch, and the replay by move.
// Nothing here knows a game: the words, the targets and the steps come from the API.
import * as api from './client.js';
import { el, labelled, sanitizeSvg, seatTokens, keepSeatToken, playingAs, playAs, store } from './dom.js';
import { t, listOf, levelName } from './i18n.js';

/** @typedef {import('./client.js').GameSummary} GameSummary */
/** @typedef {import('./client.js').RulesetDetail} RulesetDetail */
/** @typedef {import('./client.js').LegalCommands} LegalCommands */
/** @typedef {import('./client.js').ChoiceStep} ChoiceStep */
/** @typedef {import('./client.js').LoggedEvent} LoggedEvent */
/** @typedef {import('./client.js').Outcome} Outcome */

/**
 * One move of the history: the sentences of one command's events.
 * @typedef {object} Move
 * @property {string} key the events' shared `move` id
 * @property {number} first the version of its first event with a sentence
 * @property {number} last the version of its last event with a sentence
 * @property {string} text
 */

/** Replay speed: one move per this many milliseconds. */
const PLAY_STEP_MS = 700;
/** Streamed events closer together than this are one refresh. */
const BURST_MS = 40;
/** A refresh gives up after this many passes whose answers disagree on the version. */
const MAX_PASSES = 8;
/** After a failed refresh (network, 5xx, 429), the next try. */
const RETRY_MS = 1500;
/** The smallest tap target (CSS px) a board element of the current step may have (WCAG 2.5.8). */
const MIN_TARGET = 24;
/** The zoom aims this much above MIN_TARGET, so rounding never leaves a target just under it. */
const ZOOM_MARGIN = 1.02;
/** The board is drawn at most this many times its width to reach MIN_TARGET (it then scrolls). */
const MAX_ZOOM = 4;

/** Where the "sound on my turn" choice is remembered (this origin, every game). */
const SOUND_KEY = 'plateau:sound';
/** The turn's sound: two short sine tones (Hz), each this long (s), at this loudness (gain). */
const BEEP_TONES = [660, 880];
const BEEP_SECONDS = 0.12;
const BEEP_GAIN = 0.15;

/** @type {AudioContext | null} one per page, made at the first sound (or when sound is switched on) */
let audio = null;

/** The page's AudioContext (none when the browser has no Web Audio). */
function audioContext() {
  if (audio === null && typeof AudioContext === 'function') audio = new AudioContext();
  return audio;
}

/** A short two-tone beep made by an oscillator: no sound file to serve. */
function beep() {
  const context = audioContext();
  if (!context) return;
  void context.resume().catch(() => undefined);
  const start = context.currentTime;
  BEEP_TONES.forEach((hz, i) => {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = 'sine';
    tone.frequency.value = hz;
    const at = start + i * BEEP_SECONDS;
    gain.gain.setValueAtTime(BEEP_GAIN, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + BEEP_SECONDS);
    tone.connect(gain).connect(context.destination);
    tone.start(at);
    tone.stop(at + BEEP_SECONDS);
  });
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
    /** @type {ChoiceStep[]} the choices made so far, one per question */
    this.path = [];
    /** @type {ChoiceStep[] | null} the current question's options a board click left (several share it) */
    this.narrow = null;
    /** focus the next question's first choice once drawn (after a choice, a cancel or a move) */
    this.focusNext = false;
    /** @type {LoggedEvent[]} */
    this.log = [];
    /** @type {Move[]} */
    this.moves = [];
    this.historyKey = '';
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
    this.myTurn = false;
    /** @type {number | null} */
    this.player = null;
    /** @type {number | null} */
    this.reconnect = null;
    this.seedChecked = '';
    /** @type {number | null} the pending refresh after streamed events */
    this.burst = null;
    /** the game's version the page last showed live (-1: none yet) */
    this.loadedVersion = -1;

    this.title = el('h1', { text: t('game') });
    this.status = el('p', { id: 'game-status', role: 'status' });
    this.lastMove = el('p', { id: 'last-move', class: 'last-move-text', 'aria-live': 'polite' });
    this.board = el('div', { id: 'board', class: 'board', role: 'region', 'aria-label': t('board') });
    // Choosing a move: one question at a time.
    this.question = el('p', { id: 'question', class: 'question' });
    this.choices = el('div', { id: 'choices', class: 'choices', role: 'group', 'aria-labelledby': 'question' });
    this.pending = el('p', { id: 'pending', class: 'pending', hidden: true });
    this.playMove = el('button', { type: 'button', id: 'play-move', class: 'primary', text: t('play_move'), hidden: true });
    this.cancel = el('button', { type: 'button', id: 'cancel-choice', text: t('cancel'), hidden: true });
    this.problem = el('p', { id: 'problem', class: 'problem', role: 'alert' });
    this.stepsPanel = el('section', { id: 'steps-panel', class: 'steps', 'aria-labelledby': 'commands-heading' }, [
      el('h2', { id: 'commands-heading', text: t('your_move') }),
      this.question, this.choices, this.pending,
      el('div', { class: 'actions' }, [this.playMove, this.cancel]),
      this.problem,
    ]);
    // The replay: by move (step, play, the history's links), by version as an option (the slider).
    this.slider = el('input', { id: 'replay-version', type: 'range', min: 1, max: 1, value: 1, step: 1 });
    this.sliderText = el('output', { id: 'replay-text', for: 'replay-version' });
    this.back = el('button', { type: 'button', id: 'replay-back', text: t('replay_back') });
    this.forward = el('button', { type: 'button', id: 'replay-forward', text: t('replay_forward') });
    this.playButton = el('button', { type: 'button', id: 'replay-play', text: t('replay_play'), 'aria-pressed': 'false' });
    this.liveLink = el('a', { id: 'replay-live', href: `#/games/${encodeURIComponent(this.id)}`, text: t('replay_live') });
    this.replayBar = el('div', { class: 'replay', role: 'group', 'aria-label': t('replay') }, [
      this.back, this.playButton, this.forward, this.liveLink,
      el('div', { class: 'by-version' }, [labelled(t('replay_version'), this.slider), this.sliderText]),
    ]);
    this.history = el('ol', { id: 'history', class: 'history', reversed: true });
    this.outcome = el('section', { id: 'outcome', 'aria-labelledby': 'outcome-heading', hidden: true });
    this.seatSelect = el('select', { id: 'play-as' });
    this.notify = el('button', { type: 'button', id: 'notify', text: t('notify_me'), hidden: true });
    this.sound = el('input', { type: 'checkbox', id: 'sound', checked: store.read(localStorage, SOUND_KEY) === true });
    this.soundLabel = el('label', { class: 'toggle' }, [this.sound, ' ', t('sound_on_turn')]);
    this.resume = el('div', { id: 'resume' });
    this.seats = el('tbody');
    this.viewText = el('pre', { id: 'view', class: 'view' });
    this.viewBox = el('details', { id: 'view-box' }, [el('summary', { text: t('view_json') }), this.viewText]);
    this.section = el('div', { id: 'game', 'data-ready': 'false' }, [
      this.title,
      this.status,
      el('div', { class: 'game' }, [
        el('div', { class: 'main-column' }, [this.lastMove, this.board]),
        this.stepsPanel,
        el('div', { class: 'side' }, [
          this.outcome,
          el('section', { 'aria-labelledby': 'history-heading' }, [
            el('h2', { id: 'history-heading', text: t('history') }),
            this.replayBar,
            el('div', { class: 'history-box', tabindex: 0, role: 'region', 'aria-labelledby': 'history-heading' }, [this.history]),
          ]),
          el('section', { 'aria-labelledby': 'you-heading' }, [
            el('h2', { id: 'you-heading', text: t('you') }),
            labelled(t('play_as'), this.seatSelect),
            this.notify,
            this.soundLabel,
            this.resume,
          ]),
          el('section', { 'aria-labelledby': 'seats-heading' }, [
            el('h2', { id: 'seats-heading', text: t('seats') }),
            el('table', {}, [
              el('thead', {}, [el('tr', {}, [t('seat'), t('player'), t('actions')].map((h) => el('th', { scope: 'col', text: h })))]),
              this.seats,
            ]),
          ]),
          this.viewBox,
        ]),
      ]),
    ]);
    this.main.replaceChildren(this.section);

    this.slider.addEventListener('input', () => this.goTo(Number(this.slider.value)));
    this.back.addEventListener('click', () => this.goTo(this.previousMove(this.shownVersion())));
    this.forward.addEventListener('click', () => this.goTo(this.nextMove(this.shownVersion())));
    this.playButton.addEventListener('click', () => (this.player === null ? this.startPlaying() : this.stopPlaying()));
    this.playMove.addEventListener('click', () => void this.playPending());
    this.cancel.addEventListener('click', () => this.stepBack());
    this.notify.addEventListener('click', () => void this.askNotifications());
    this.sound.addEventListener('change', () => {
      store.write(localStorage, SOUND_KEY, this.sound.checked);
      // Made (or resumed) now, in the click: browsers let a page start audio after a gesture.
      if (this.sound.checked) void audioContext()?.resume().catch(() => undefined);
    });
    this.seatSelect.addEventListener('change', () => {
      playAs(this.id, this.seatSelect.value);
      this.resetChoice();
      void this.refresh();
    });
    this.viewBox.addEventListener('toggle', () => void this.renderView());
    this.board.addEventListener('click', (event) => this.boardClicked(event.target));
    this.board.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (!(event.target instanceof Element) || !event.target.closest('.choosable')) return;
      event.preventDefault();
      this.boardClicked(event.target);
    });
    void this.refresh();
  }

  /** This tab's seat (null: spectating). */
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

  /** The version of the move before the one shown (1 before the first). @param {number} shown */
  previousMove(shown) {
    let found = 1;
    for (const move of this.moves) if (move.last < shown) found = move.last;
    return found;
  }

  /** The version of the move after the one shown (the last version after the last). @param {number} shown */
  nextMove(shown) {
    const next = this.moves.find((move) => move.last > shown);
    return next ? next.last : this.summary ? this.summary.version : shown;
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
    this.playButton.textContent = t('replay_pause');
    this.playButton.setAttribute('aria-pressed', 'true');
    this.player = window.setInterval(() => {
      if (!this.summary || this.shownVersion() >= this.summary.version) this.stopPlaying();
      else this.goTo(this.nextMove(this.shownVersion()));
    }, PLAY_STEP_MS);
  }

  stopPlaying() {
    if (this.player !== null) clearInterval(this.player);
    this.player = null;
    if (this.playButton) {
      this.playButton.textContent = t('replay_play');
      this.playButton.setAttribute('aria-pressed', 'false');
    }
  }

  /** Refresh once a burst of streamed events is over (one command appends several). */
  soon() {
    // A load in progress compares its summary with the log when it ends (see load); a command
    // in flight loads everything again once its answer is in (see playPending).
    if (this.loading || this.busy || this.loadedVersion >= this.logLast || this.burst !== null) return;
    this.burst = window.setTimeout(() => {
      this.burst = null;
      if (!this.loading && !this.busy) void this.refresh();
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
      // Not ready while my command is in flight: its answer resets the choice and loads
      // again, so a question shown meanwhile (its buttons disabled) would be taken back.
      if (!this.disposed && !this.busy) {
        this.section.dataset.ready = 'true';
        this.takeFocus();
      }
    } catch (error) {
      this.status.textContent = message(error);
      // The network or the service failed (not a 4xx about this request): try again soon.
      const client = error instanceof api.ApiError && error.status < 500 && error.status !== 429;
      if (!client && !this.disposed) window.setTimeout(() => void this.refresh(), RETRY_MS);
    } finally {
      this.loading = false;
    }
    // Passes used up while events kept streaming in: those of the last pass are newer
    // than what it showed, and may be the game's last (no event will come to ask).
    if (this.again && !this.disposed) this.soon();
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
      this.logToken = token;
      this.logStatus = summary.status;
      this.addEvents(await api.events(this.id, 0, token));
    }
    // The stream may lag behind the summary: the history must hold every move shown.
    if (this.logLast < summary.version) this.addEvents(await api.events(this.id, this.logLast, token));
    if (this.disposed) return;
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
    const fresh = needLegal ? legal : null;
    if (!fresh || !this.legal || fresh.version !== this.legal.version) this.resetChoice();
    this.legal = fresh;
    this.renderStatus();
    this.renderSeats();
    this.renderHistory();
    this.renderReplay();
    this.renderLastMove();
    this.renderBoard(pic ? pic.text : null);
    this.renderSteps();
    await this.renderOutcome();
    await this.renderView();
    if (live) this.loadedVersion = summary.version;
    // Events streamed in while loading are newer than this summary: one more pass.
    if (live && this.logLast > summary.version) this.again = true;
    this.section.dataset.version = String(version);
    this.section.dataset.status = summary.status;
    this.section.dataset.seat = this.seat ?? '';
    this.section.dataset.legal = this.legal ? String(this.legal.version) : '';
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

  /** A seat in words: its player's name, else the ruleset's name for it. @param {string} seat */
  who(seat) {
    const entry = this.summary?.seats.find((s) => s.seat === seat);
    const named = this.detail?.names.seat?.[seat] ?? t('a_seat');
    if (entry?.bot) return t('bot_named', { name: named, level: levelName(entry.bot) });
    return entry?.player_name || named;
  }

  renderStatus() {
    const s = /** @type {GameSummary} */ (this.summary);
    const title = this.detail ? this.detail.title : t('game');
    this.title.textContent = title;
    const seat = this.seat;
    const mine = this.replay === null && s.status === 'active' && seat !== null && s.to_act.includes(seat);
    const parts = [];
    if (s.status === 'waiting') parts.push(t('status_waiting'));
    else if (s.status === 'finished') parts.push(t('status_finished'));
    else if (mine) parts.push(t('your_turn'));
    else if (s.to_act.length) parts.push(t('waiting_for', { names: listOf(s.to_act.map((x) => this.who(x))) }));
    parts.push(seat ? t('you_play', { name: this.who(seat) }) : t('you_watch'));
    this.status.textContent = parts.join(' · ');
    this.status.classList.toggle('turn', mine);
    document.title = mine ? `▶ ${t('your_turn')} · ${title} · Plateau` : `${title} · Plateau`;
    if (mine && !this.myTurn) this.announceTurn(title);
    this.myTurn = mine;
    this.section.dataset.turn = mine ? 'mine' : '';
  }

  /** When my turn comes while the page is hidden: a sound (if switched on) and a browser
   * notification (if allowed). @param {string} title */
  announceTurn(title) {
    if (!document.hidden) return;
    if (this.sound.checked) beep();
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    try {
      new Notification(t('your_turn_in', { title }), { tag: `plateau-${this.id}` });
    } catch {
      /* some browsers allow notifications from a service worker only */
    }
  }

  async askNotifications() {
    if (!('Notification' in window)) return;
    await Notification.requestPermission();
    this.renderNotify();
  }

  renderNotify() {
    const can = 'Notification' in window && this.token !== null;
    const permission = can ? Notification.permission : 'denied';
    this.notify.hidden = !can || permission !== 'default';
    this.soundLabel.hidden = this.token === null;
  }

  renderSeats() {
    const s = /** @type {GameSummary} */ (this.summary);
    const tokens = seatTokens(this.id);
    const mine = this.seat;
    this.seatSelect.replaceChildren(
      el('option', { value: '', text: t('spectator'), selected: mine === null }),
      ...Object.keys(tokens).map((seat) => el('option', { value: seat, text: this.who(seat), selected: seat === mine })),
    );
    this.renderNotify();
    this.renderResume();
    this.seats.replaceChildren(...s.seats.map((entry) => {
      /** @type {(Node | string)[]} */
      const actions = [];
      const named = this.detail?.names.seat?.[entry.seat] ?? t('a_seat');
      if (!entry.claimed && s.status === 'waiting') {
        const name = el('input', { type: 'text', maxlength: 64, id: `name-${entry.seat}`, autocomplete: 'nickname' });
        const claim = el('button', { type: 'button', text: t('claim'), 'data-claim': entry.seat });
        claim.addEventListener('click', () => void this.claim(entry.seat, { player_name: name.value || null }));
        const level = el('select', { id: `level-${entry.seat}` },
          api.BOT_LEVELS.map((l) => el('option', { value: l, text: levelName(l) })));
        const bot = el('button', { type: 'button', text: t('seat_a_bot'), 'data-bot': entry.seat });
        bot.addEventListener('click', () => {
          const chosen = api.BOT_LEVELS.find((l) => l === level.value);
          if (chosen) void this.claim(entry.seat, { bot: chosen });
        });
        actions.push(el('div', { class: 'claim' }, [labelled(t('your_name'), name), claim]),
          el('div', { class: 'claim' }, [labelled(t('bot_level'), level), bot]));
      } else if (entry.seat in tokens) {
        actions.push(entry.seat === mine ? t('seat_you') : t('seat_other_tab'));
      }
      const player = entry.bot ? t('bot_level_is', { level: levelName(entry.bot) })
        : entry.claimed ? entry.player_name || t('claimed') : t('free');
      return el('tr', { 'data-seat': entry.seat }, [
        el('th', { scope: 'row', text: named }),
        el('td', { class: 'player', text: player }),
        el('td', {}, actions),
      ]);
    }));
  }

  /** "Play on another device": a link holding my seat's token in its fragment, shown on demand. */
  renderResume() {
    const seat = this.seat;
    const token = this.token;
    const key = `${seat}|${token}`;
    if (this.resume.dataset.key === key) return;
    this.resume.dataset.key = key;
    if (!seat || !token) {
      this.resume.replaceChildren();
      return;
    }
    const url = `${location.origin}${location.pathname}#/games/${encodeURIComponent(this.id)}/resume/${encodeURIComponent(seat)}/${encodeURIComponent(token)}`;
    const field = el('input', { id: 'resume-link', type: 'text', readonly: true, value: url, spellcheck: 'false' });
    const copy = el('button', { type: 'button', id: 'resume-copy', text: t('copy') });
    copy.addEventListener('click', () => {
      field.select();
      void navigator.clipboard?.writeText(url).catch(() => undefined);
    });
    this.resume.replaceChildren(el('details', { id: 'resume-box' }, [
      el('summary', { text: t('resume_title') }),
      el('p', { class: 'hint', text: t('resume_risk') }),
      labelled(t('resume_link'), field),
      copy,
    ]));
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
    const words = t('version_of', { shown, last });
    this.sliderText.textContent = this.replay === null ? t('live_version', { words }) : words;
    this.slider.setAttribute('aria-valuetext', words);
    this.back.disabled = shown <= 1;
    this.forward.disabled = shown >= last;
    this.liveLink.hidden = this.replay === null;
    // The history: the moves after the shown version greyed, the shown one current.
    const greyFrom = this.replay === null ? Infinity : shown;
    let current = false;
    for (const item of Array.from(this.history.children)) {
      const v = Number(item.getAttribute('data-version'));
      item.classList.toggle('future', v > greyFrom);
      const here = !current && v <= greyFrom && this.replay !== null;
      if (here) current = true;
      const link = item.querySelector('a');
      if (here) link?.setAttribute('aria-current', 'step');
      else link?.removeAttribute('aria-current');
    }
  }

  /** The moves of the log, oldest first (events with a sentence, grouped by their `move`). */
  buildMoves() {
    /** @type {Move[]} */
    const moves = [];
    for (const e of this.log) {
      if (!e.text) continue;
      const previous = moves[moves.length - 1];
      if (previous && e.move && previous.key === e.move) {
        previous.text += ` ${e.text}`;
        previous.last = e.version;
      } else {
        moves.push({ key: e.move || `v${e.version}`, first: e.version, last: e.version, text: e.text });
      }
    }
    this.moves = moves;
  }

  /** The move history, newest first, each entry a link to the replay at that move. */
  renderHistory() {
    const key = `${this.logLast}|${this.log.length}`;
    if (this.historyKey === key) return;
    this.historyKey = key;
    this.buildMoves();
    const game = encodeURIComponent(this.id);
    this.history.replaceChildren(...this.moves.slice().reverse().map((move) => el('li', {
      'data-version': move.last,
    }, [el('a', { href: `#/games/${game}/versions/${move.last}`, text: move.text })])));
    if (!this.moves.length) this.history.append(el('li', { class: 'muted', text: t('no_move_yet') }));
  }

  /** The last move (up to the shown version) in words, above the board. */
  renderLastMove() {
    const s = /** @type {GameSummary} */ (this.summary);
    const shown = this.shownVersion();
    let text = '';
    if (this.replay === null && s.last_move && s.last_move.text) text = s.last_move.text;
    else {
      const move = this.moves.filter((m) => m.first <= shown).pop();
      text = move ? move.text : '';
    }
    this.lastMove.textContent = text ? t('last_move', { text }) : '';
    this.lastMove.hidden = !text;
  }

  /** @param {string | null} text */
  renderBoard(text) {
    if (text === null) {
      this.board.replaceChildren(el('p', { class: 'muted', text: t('board_later') }));
      return;
    }
    const svg = sanitizeSvg(text);
    if (!svg) {
      this.board.replaceChildren(el('p', { class: 'problem', text: t('board_unreadable') }));
      return;
    }
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', t('board_picture'));
    this.board.replaceChildren(svg);
    this.markBoard();
  }

  /** The last choice when it is a whole move (a leaf of the steps tree), else null. */
  chosenLeaf() {
    const last = this.path[this.path.length - 1];
    return last && last.command !== null ? last : null;
  }

  /** The current question's options. @returns {ChoiceStep[]} */
  options() {
    if (!this.legal || this.chosenLeaf()) return [];
    const nodes = this.path.length ? this.path[this.path.length - 1].children : this.legal.steps;
    return this.narrow ?? nodes;
  }

  /** The board elements the current question points at become buttons (keyboard too). */
  markBoard() {
    /** @type {Map<string, string[]>} the labels of the options each element stands for */
    const targets = new Map();
    const leaf = this.chosenLeaf();
    const choosing = leaf ? [leaf] : this.options();
    for (const node of choosing) {
      for (const ref of node.targets) targets.set(ref, [...(targets.get(ref) || []), node.label]);
    }
    const chosen = new Set(this.path.flatMap((node) => node.targets));
    const svg = this.board.querySelector('svg');
    if (!svg) return;
    for (const node of Array.from(svg.querySelectorAll('[data-ref]'))) {
      const ref = node.getAttribute('data-ref') || '';
      node.classList.toggle('chosen', chosen.has(ref));
      const labels = targets.get(ref);
      if (labels) {
        node.classList.add('choosable');
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        // The name starts with the element's own visible words (WCAG 2.5.3), then what choosing it does.
        const own = (node.textContent || '').replace(/\s+/g, ' ').trim();
        const said = leaf ? t('play_this', { label: leaf.label }) : labels.join(' / ');
        node.setAttribute('aria-label', own ? `${own}: ${said}` : said);
      } else {
        node.classList.remove('choosable');
        for (const name of ['tabindex', 'role', 'aria-label']) node.removeAttribute(name);
      }
    }
    // A button inside another: the inner one keeps the role (a click on it is its own).
    for (const outer of Array.from(svg.querySelectorAll('.choosable'))) {
      if (outer.querySelector('.choosable')) {
        for (const name of ['tabindex', 'role', 'aria-label']) outer.removeAttribute(name);
      }
    }
    this.zoomForTargets(svg);
  }

  /**
   * On a narrow screen, draw the picture larger (the board scrolls inside itself) until the
   * smallest element of the current question is a MIN_TARGET tap target, up to MAX_ZOOM.
   * @param {SVGSVGElement} svg
   */
  zoomForTargets(svg) {
    svg.style.width = '';
    const drawn = svg.getBoundingClientRect().width;
    if (!drawn) return;
    const smallestTarget = () => {
      let smallest = Infinity;
      for (const node of Array.from(svg.querySelectorAll('.choosable'))) {
        const box = node.getBoundingClientRect();
        if (box.width && box.height) smallest = Math.min(smallest, box.width, box.height);
      }
      return smallest;
    };
    let smallest = smallestTarget();
    if (smallest >= MIN_TARGET || smallest === Infinity) {
      this.board.classList.remove('zoomed');
      return;
    }
    this.board.classList.add('zoomed');
    // Layout rounds sizes (and the zoomed frame's scrollbar takes room): zoom a little more than
    // the ratio, and once again if the drawing still came out short.
    let zoom = 1;
    for (let pass = 0; pass < 2 && smallest < MIN_TARGET && zoom < MAX_ZOOM; pass += 1) {
      zoom = Math.min(MAX_ZOOM, (zoom * MIN_TARGET * ZOOM_MARGIN) / smallest);
      svg.style.width = `${Math.ceil(drawn * zoom)}px`;
      smallest = smallestTarget();
    }
    // Scroll the zoomed board so the first element to choose shows.
    const first = svg.querySelector('.choosable');
    if (first) {
      const box = first.getBoundingClientRect();
      const frame = this.board.getBoundingClientRect();
      this.board.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    }
  }

  /** @param {EventTarget | null} target */
  boardClicked(target) {
    let node = target instanceof Element ? target : null;
    while (node && node !== this.board) {
      if (node.classList.contains('choosable')) {
        this.chooseRef(node.getAttribute('data-ref') || '');
        return;
      }
      node = node.parentElement;
    }
  }

  /** A click on a board element: its option chosen; a second click on the chosen move plays it. @param {string} ref */
  chooseRef(ref) {
    if (this.busy || !ref) return;
    const leaf = this.chosenLeaf();
    if (leaf) {
      if (leaf.targets.includes(ref)) void this.playPending();
      return;
    }
    const hits = this.options().filter((node) => node.targets.includes(ref));
    if (hits.length === 1) this.pick(hits[0]);
    else if (hits.length > 1) {
      this.narrow = hits; // several options point there: the list says which
      this.focusNext = true;
      this.renderSteps();
      this.markBoard();
      this.takeFocus();
    }
  }

  /** @param {ChoiceStep} node */
  pick(node) {
    if (this.busy) return;
    this.path.push(node);
    this.narrow = null;
    this.focusNext = true;
    this.problem.textContent = '';
    this.renderSteps();
    this.markBoard();
    this.takeFocus();
  }

  /** Cancel: back one question (or out of a board click's narrowing). */
  stepBack() {
    if (this.narrow) this.narrow = null;
    else this.path.pop();
    this.focusNext = true;
    this.renderSteps();
    this.markBoard();
    this.takeFocus();
  }

  resetChoice() {
    this.path = [];
    this.narrow = null;
  }

  renderSteps() {
    const s = this.summary;
    this.pending.hidden = true;
    this.playMove.hidden = true;
    this.cancel.hidden = true;
    this.choices.replaceChildren();
    /** @param {string} text @param {string} [id] */
    const say = (text, id) => {
      this.question.textContent = text;
      if (id) this.question.dataset.state = id;
    };
    this.question.dataset.state = '';
    if (this.replay !== null) return say(t('replaying'), 'replay');
    if (!this.token) return say(t('watching'), 'watching');
    if (!s || s.status !== 'active') return say(s && s.status === 'finished' ? t('game_over') : t('not_started'), 'idle');
    if (!this.legal || this.legal.commands.length === 0) return say(t('not_your_turn'), 'waiting');
    const legal = this.legal;
    const trail = this.path.map((node) => node.label).join(' › ');
    const leaf = this.chosenLeaf();
    this.cancel.hidden = this.path.length === 0 && !this.narrow;
    if (leaf && leaf.command !== null) {
      say(t('your_choice'), 'chosen');
      this.pending.textContent = legal.labels[leaf.command]?.text || trail;
      this.pending.hidden = false;
      this.playMove.hidden = false;
      this.playMove.disabled = this.busy;
      return;
    }
    say(this.path.length ? t('then', { trail }) : t('choose_move'), 'choosing');
    this.choices.replaceChildren(...this.options().map((node) => {
      const button = el('button', {
        type: 'button', class: 'choice', 'data-key': node.key, text: node.label, disabled: this.busy,
      });
      button.addEventListener('click', () => this.pick(node));
      button.addEventListener('mouseenter', () => this.hint(node, true));
      button.addEventListener('mouseleave', () => this.hint(node, false));
      button.addEventListener('focus', () => this.hint(node, true));
      button.addEventListener('blur', () => this.hint(node, false));
      return button;
    }));
  }

  /** Light up on the board the elements a listed option points at. @param {ChoiceStep} node @param {boolean} on */
  hint(node, on) {
    for (const ref of node.targets) {
      this.board.querySelector(`[data-ref="${CSS.escape(ref)}"]`)?.classList.toggle('hinted', on);
    }
  }

  /** Keyboard: after a choice, a cancel or a move, focus goes to what comes next. */
  takeFocus() {
    if (!this.focusNext) return;
    const next = !this.playMove.hidden ? this.playMove : this.choices.querySelector('button');
    if (!next) return; // not my turn yet: the first choice takes the focus when it comes
    this.focusNext = false;
    // Only from the move's own places: focus the reader moved elsewhere stays there.
    const at = document.activeElement;
    const free = !at || at === document.body || at === this.main || this.stepsPanel.contains(at) || this.board.contains(at);
    if (free) next.focus({ preventScroll: true });
  }

  async playPending() {
    const leaf = this.chosenLeaf();
    const token = this.token;
    if (!leaf || leaf.command === null || !token || !this.legal || this.busy) return;
    const command = this.legal.commands[leaf.command];
    this.busy = true;
    this.section.dataset.ready = 'false';
    this.problem.textContent = '';
    this.playMove.disabled = true;
    try {
      await api.submitCommand(this.id, token, this.legal.version, command);
      // My move is in: the turn that comes back is a new one, to announce even when a quick
      // bot answered before the page showed anyone else's turn.
      this.myTurn = false;
    } catch (error) {
      // Refused (a stale tab, a rule): the sentence stays, the commands are read again.
      this.problem.textContent = message(error);
    } finally {
      this.busy = false;
      this.resetChoice();
      this.focusNext = true;
    }
    this.legal = null;
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
    const outcome = /** @type {Outcome | null} */ (/** @type {unknown} */ (s.outcome));
    /** @type {Node[]} */
    const words = [];
    if (outcome) {
      const winners = outcome.winners.map((seat) => this.who(seat));
      words.push(el('p', {
        id: 'winners', class: 'winners',
        text: winners.length === 0 ? t('no_winner') : winners.length === 1
          ? t('winner_is', { name: winners[0] }) : t('winners_are', { names: listOf(winners) }),
      }));
      words.push(el('ul', { id: 'ranking', class: 'ranking' }, outcome.standings.map((standing) => el('li', {
        text: t('ranked', { rank: standing.rank, name: this.who(standing.seat), score: standing.score }),
      }))));
      const by = this.detail?.names['decided-by']?.[outcome.decided_by];
      if (by) words.push(el('p', { class: 'muted', text: t('decided_by', { what: by }) }));
    }
    const seed = s.seed ?? null;
    const digest = seed === null ? null : await api.sha256Hex(seed);
    let verdict;
    if (seed === null) verdict = el('p', { class: 'muted', text: t('seed_hidden') });
    else if (digest === null) verdict = el('p', { class: 'muted', text: t('seed_cannot_hash') });
    else if (digest === s.seed_sha256) verdict = el('p', { class: 'ok', id: 'seed-verdict', text: t('seed_ok') });
    else verdict = el('p', { class: 'bad', id: 'seed-verdict', text: t('seed_bad') });
    const rematch = el('button', { type: 'button', id: 'rematch', class: 'primary', text: t('rematch') });
    rematch.addEventListener('click', () => void this.rematch(rematch));
    this.outcome.replaceChildren(
      el('h2', { id: 'outcome-heading', text: t('outcome') }),
      ...words,
      rematch,
      el('details', { class: 'fair-dice' }, [
        el('summary', { text: t('fair_dice') }),
        el('p', {}, [t('seed'), ' ', el('code', { id: 'seed', text: seed ?? '' })]),
        el('p', {}, [t('commitment'), ' ', el('code', { text: s.seed_sha256 })]),
        el('p', { hidden: !digest }, [t('seed_digest'), ' ', el('code', { text: digest || '' })]),
      ]),
      verdict,
      el('p', { class: 'bad', id: 'imported-in-play', hidden: !s.imported_in_play, text: t('imported_in_play') }),
    );
    this.outcome.hidden = false;
  }

  /** The same game again: ruleset, options, bots on the same seats; my seat claimed under my name. @param {HTMLButtonElement} button */
  async rematch(button) {
    const s = this.summary;
    if (!s) return;
    button.disabled = true;
    /** @type {Record<string, api.BotLevel>} */
    const bots = {};
    for (const entry of s.seats) {
      const level = api.BOT_LEVELS.find((l) => l === entry.bot);
      if (level) bots[entry.seat] = level;
    }
    const summary = /** @type {GameSummary & { options?: unknown }} */ (s);
    const body = /** @type {api.NewGame} */ ({ ruleset: s.ruleset, options: summary.options ?? {}, bots });
    try {
      const game = await api.createGame(body);
      const seat = this.seat;
      const entry = s.seats.find((x) => x.seat === seat);
      if (seat && entry && !entry.bot) {
        const claimed = await api.claimSeat(game.game_id, seat, { player_name: entry.player_name || null });
        if (claimed.token) {
          keepSeatToken(game.game_id, claimed.seat, claimed.token);
          playAs(game.game_id, claimed.seat);
        }
      }
      location.hash = `#/games/${encodeURIComponent(game.game_id)}`;
    } catch (error) {
      button.disabled = false;
      this.problem.textContent = message(error);
    }
  }

  /** @param {LoggedEvent[]} logged */
  addEvents(logged) {
    const fresh = logged.filter((e) => e.version > this.logLast);
    if (!fresh.length) return;
    this.logLast = fresh[fresh.length - 1].version;
    this.log.push(...fresh);
  }

  openStream() {
    const s = this.summary;
    if (this.source || this.disposed || !s || s.status === 'finished' || !this.detail) return;
    const token = this.token;
    // EventSource cannot send headers: the documented ?access_token= is the one place a token is
    // in a URL, and ?lang= asks for the sentences in the reader's language.
    const url = `${api.gamePath(this.id)}/events/stream${api.query({
      after: this.logLast, access_token: token, lang: document.documentElement.lang,
    })}`;
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
