/**
 * One whole game of every ruleset, played through a client generated from
 * openapi/openapi.json: types by openapi-typescript, requests by openapi-fetch.
 * In an ES-module package (`"type": "module"`) with openapi-fetch installed,
 * next to this file (see docs/clients.md):
 *
 *   npx openapi-typescript openapi.json -o api.d.ts
 *   npx tsc --strict --module nodenext --moduleResolution nodenext \
 *       --target es2022 --skipLibCheck --outDir build play.ts
 *   node build/play.js http://127.0.0.1:8000 [seed]
 *
 * Two players claim the two seats of a default game; then the seat to act
 * asks for its legal commands, picks one (seeded random) and sends it with
 * If-Match (the version the commands are legal at) and an Idempotency-Key,
 * until the game is finished. Then the log is read back, and the live stream
 * once (it ends after a finished game's last event); the finished game is
 * forked at a resting version (the one its middle command was legal at), and
 * the ruleset's named positions are listed; on a server in sandbox mode, a game
 * is started at the first of them.
 * tests/contract/test_clients.py runs this file.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

type Schemas = components["schemas"];
type NewGame = paths["/games"]["post"]["requestBody"]["content"]["application/json"];
type Ruleset = NewGame["ruleset"];
type Summary = paths["/games/{game_id}"]["get"]["responses"][200]["content"]["application/json"];
type Position = Schemas["PositionInfo"];
type LoggedEvent = Schemas["LoggedEvent"];
type SeatClient = ReturnType<typeof createClient<paths>>;

const RULESETS: Ruleset[] = ["arkantis", "eclats_des_cites", "petits_dragons", "tours_arc_en_ciel"];

/** The answer's data, or an error with the server's problem (status, code, detail). */
async function ok<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (data === undefined) throw new Error(`${response.status} ${JSON.stringify(error)}`);
  return data;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same choices. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Played {
  gameId: string;
  status: string;
  outcome: Schemas["Outcome"] | null;
  commands: number;
  moves: string[];
  log: LoggedEvent[];
  stream: { id: string; event: string; data: LoggedEvent }[];
  /** The finished game forked at a resting version: waiting for its seats. */
  fork: Summary;
  /** The ruleset's named positions. */
  positions: Position[];
  /** The game started at the first position (null: the server is no sandbox). */
  atPosition: Summary | null;
}

export async function play(baseUrl: string, ruleset: Ruleset, random: () => number): Promise<Played> {
  const anonymous = createClient<paths>({ baseUrl });
  const game = await ok(anonymous.POST("/games", { body: { ruleset } }));
  const seats = new Map<string, SeatClient>();
  const as = (seat: string): SeatClient => {
    const client = seats.get(seat);
    if (client === undefined) throw new Error(`no token for ${seat}`);
    return client;
  };
  for (const { seat } of game.seats) {
    const player = await ok(anonymous.POST("/players", { body: { name: seat } }));
    const asPlayer = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${player.token}` } });
    const claimed = await ok(
      asPlayer.POST("/games/{game_id}/seats/{seat}", { params: { path: { game_id: game.game_id, seat } }, body: {} }),
    );
    if (claimed.token === null) throw new Error("a seat claimed by a player has a token");
    seats.set(seat, createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${claimed.token}` } }));
  }
  const path = { game_id: game.game_id };
  const header = { "Accept-Language": "fr" };
  const moves: string[] = [];
  const rested: number[] = []; // the versions commands were legal at: each a resting version
  let commands = 0;
  for (;;) {
    const summary = await ok(anonymous.GET("/games/{game_id}", { params: { path } }));
    if (summary.status !== "active") {
      const reader = as(summary.seats[0].seat);
      const positions = await ok(anonymous.GET("/rulesets/{ruleset}/positions", { params: { path: { ruleset } } }));
      if (positions.length === 0 || positions.some((p) => !p.id || !p.title)) throw new Error("no named position");
      return {
        gameId: summary.game_id,
        status: summary.status,
        outcome: summary.outcome,
        commands,
        moves,
        log: await readLog(reader, game.game_id),
        stream: await readStream(reader, game.game_id),
        fork: await fork(reader, game.game_id, rested[Math.floor(rested.length / 2)]),
        positions,
        atPosition: await startAtPosition(baseUrl, ruleset, positions[0], anonymous),
      };
    }
    const client = as(summary.to_act[0]);
    const legal = await ok(client.GET("/games/{game_id}/legal-commands", { params: { path, header } }));
    if (legal.labels.length !== legal.commands.length) throw new Error("a label (and targets) per command");
    const command = legal.commands[choose(legal.steps, random)];
    const accepted = await ok(
      client.POST("/games/{game_id}/commands", {
        params: { path, header: { ...header, "If-Match": `"${legal.version}"`, "Idempotency-Key": crypto.randomUUID() } },
        body: command,
      }),
    );
    if (accepted.last_move) moves.push(accepted.last_move.text);
    commands += 1;
    rested.push(legal.version);
  }
}

/**
 * A new game from `version` of a finished game (anyone may fork one, at a version
 * after a whole move with a seat to act): its log is the original's events
 * 1..version, its seats free to claim, its luck after them its own.
 */
async function fork(client: SeatClient, gameId: string, version: number): Promise<Summary> {
  // openapi-typescript types a property with a default as required: same_seed is said.
  const body = { version, same_seed: false }; // false: a new seed decides what follows
  const forked = await ok(client.POST("/games/{game_id}/fork", { params: { path: { game_id: gameId } }, body }));
  const origin = forked.forked_from;
  if (origin?.game_id !== gameId || origin.version !== version) throw new Error("a fork says where it comes from");
  if (forked.status !== "waiting" || forked.version !== version) throw new Error("a fork waits at its version");
  return forked;
}

/**
 * In the sandbox, a game at a named position, every seat claimed: the answer's
 * `tokens` hold the seat token of each seat a person holds (a server in no
 * sandbox answers 422 `sandbox_only`: null here, nothing asked).
 */
async function startAtPosition(
  baseUrl: string,
  ruleset: Ruleset,
  position: Position,
  anonymous: SeatClient,
): Promise<Summary | null> {
  const ready = await ok(anonymous.GET("/health/ready"));
  if (ready.sandbox !== true) return null;
  // The schema lists each ruleset's position ids; this one is from the server's list.
  const game = await ok(anonymous.POST("/games", { body: { ruleset, position: position.id } as NewGame }));
  const tokens = game.tokens ?? {};
  const people = game.seats.filter((place) => !place.bot).map((place) => place.seat);
  if (Object.keys(tokens).sort().join() !== people.sort().join()) throw new Error("a token per seat");
  if (game.status === "active") {
    // The seat to act plays from here with its token.
    const headers = { Authorization: `Bearer ${tokens[game.to_act[0]]}` };
    const seat = createClient<paths>({ baseUrl, headers });
    const legal = await ok(seat.GET("/games/{game_id}/legal-commands", { params: { path: { game_id: game.game_id } } }));
    if (legal.commands.length === 0) throw new Error("the seat to act has no command");
  }
  return game;
}

/**
 * One question at a time, as a person chooses: a step at each level of the tree
 * (its `label` says it in words), down to a leaf, an index into `commands`.
 */
function choose(steps: Schemas["ChoiceStep"][], random: () => number): number {
  for (;;) {
    const step = steps[Math.floor(random() * steps.length)];
    if (step.command !== null) return step.command;
    steps = step.children;
  }
}

/** Every event of the log, as this seat sees it, page by page. */
async function readLog(client: SeatClient, gameId: string): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = [];
  for (;;) {
    const page = await ok(
      client.GET("/games/{game_id}/events", { params: { path: { game_id: gameId }, query: { after: events.length } } }),
    );
    events.push(...page.events);
    if (page.events.length === 0 || events.length >= page.last_version) return events;
  }
}

/**
 * The live stream of a finished game, read to its end. openapi-typescript does
 * not model Server-Sent Events: the text is parsed here (what Plateau sends:
 * `id`, `event` and one `data` line per message, a blank line after each, `:`
 * comment lines as heartbeats), each `data` being a LoggedEvent.
 */
async function readStream(client: SeatClient, gameId: string): Promise<Played["stream"]> {
  const text = await ok(
    client.GET("/games/{game_id}/events/stream", { params: { path: { game_id: gameId } }, parseAs: "text" }),
  );
  const messages: Played["stream"] = [];
  let fields = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      const data = fields.get("data");
      if (data !== undefined) {
        const logged: LoggedEvent = JSON.parse(data);
        messages.push({ id: fields.get("id") ?? "", event: fields.get("event") ?? "", data: logged });
      }
      fields = new Map();
    } else if (!line.startsWith(":")) {
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      fields.set(name, colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, ""));
    }
  }
  return messages;
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8000";
  const random = seeded(Number(process.argv[3] ?? "1"));
  for (const ruleset of RULESETS) {
    const played = await play(baseUrl, ruleset, random);
    const versions = played.log.map((logged) => logged.version);
    const streamed = played.stream.map((message) => Number(message.id));
    if (played.status !== "finished" || played.outcome === null) throw new Error(`${ruleset} did not finish`);
    if (JSON.stringify(streamed) !== JSON.stringify(versions)) throw new Error("the stream differs from the log");
    if (played.stream.some((message, i) => message.event !== played.log[i].event.type)) {
      throw new Error("an SSE event name differs from its event's type");
    }
    console.log(
      `${ruleset}: ${played.gameId} ${played.status} after ${played.commands} commands,` +
        ` ${versions.length} events; winners ${played.outcome.winners.join(", ")}`,
    );
    console.log(`  the last move: ${played.moves[played.moves.length - 1]}`);
    const started = played.atPosition;
    const at = started ? `a game at ${played.positions[0].id}: ${started.game_id}` : "no sandbox";
    console.log(
      `  forked at version ${played.fork.version}: ${played.fork.game_id};` +
        ` ${played.positions.length} named positions, ${at}`,
    );
  }
}

await main();
