-- Plateau event store, SQLite dialect. Applied by SqliteEventStore.migrate()
-- inside one BEGIN IMMEDIATE transaction; the file name is recorded in
-- schema_migrations. Times are fixed-width ISO 8601 UTC text (text order is
-- time order); JSON columns hold msgspec-encoded text.

CREATE TABLE games (
    game_id     TEXT PRIMARY KEY,
    ruleset     TEXT NOT NULL,
    options     TEXT NOT NULL,                  -- JSON object
    status      TEXT NOT NULL,                  -- waiting | active | finished
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    to_act      TEXT NOT NULL DEFAULT '[]',     -- JSON array of seats
    outcome     TEXT,                           -- JSON object, once finished
    winners     TEXT NOT NULL DEFAULT '[]',     -- JSON array of seats ranked first
    seed_sha256 TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    finished_at TEXT
);

-- Listing newest first (created_at DESC, game_id DESC), optionally by ruleset/status.
CREATE INDEX games_newest ON games (created_at DESC, game_id DESC);
CREATE INDEX games_ruleset_newest ON games (ruleset, created_at DESC, game_id DESC);
CREATE INDEX games_status_newest ON games (status, created_at DESC, game_id DESC);
-- last_winner: finished games of a ruleset, most recently finished first.
CREATE INDEX games_last_winner ON games (ruleset, finished_at DESC, game_id DESC)
    WHERE status = 'finished';

-- The log. `position` is the global order for catch-up readers (AUTOINCREMENT:
-- never reused; every write holds the database write lock, so commit order
-- equals insertion order). UNIQUE (game_id, version) is the concurrency guard
-- (SQLite's INTEGER PRIMARY KEY must be the rowid to autoincrement).
CREATE TABLE events (
    position       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id        TEXT NOT NULL REFERENCES games (game_id),
    version        INTEGER NOT NULL CHECK (version > 0),
    type           TEXT NOT NULL,
    schema_version INTEGER NOT NULL DEFAULT 1,
    data           TEXT NOT NULL,               -- JSON object (the tagged event)
    recorded_at    TEXT NOT NULL,
    command_id     TEXT,
    seat           TEXT,
    CONSTRAINT events_game_version UNIQUE (game_id, version)
);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TABLE snapshots (
    game_id    TEXT NOT NULL REFERENCES games (game_id),
    version    INTEGER NOT NULL CHECK (version >= 0),
    state      BLOB NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Idempotency and audit: one row per accepted command batch.
CREATE TABLE commands (
    command_id      TEXT PRIMARY KEY,
    game_id         TEXT NOT NULL REFERENCES games (game_id),
    seat            TEXT,
    idempotency_key TEXT,
    request_hash    TEXT,
    command         TEXT,                       -- JSON
    response_status INTEGER NOT NULL,
    response        BLOB NOT NULL,
    recorded_at     TEXT NOT NULL
);

-- COALESCE: a NULL seat must not make two identical keys distinct.
CREATE UNIQUE INDEX commands_idempotency
    ON commands (game_id, COALESCE(seat, ''), idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX commands_game ON commands (game_id, recorded_at);

CREATE TABLE game_secrets (
    game_id TEXT PRIMARY KEY REFERENCES games (game_id),
    seed    TEXT NOT NULL
);

CREATE TABLE players (
    player_id  TEXT PRIMARY KEY,
    name       TEXT NOT NULL,                   -- a display name: not unique
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games (game_id),
    seat        TEXT NOT NULL,
    seat_order  INTEGER NOT NULL,               -- the ruleset's seat order
    player_id   TEXT,
    player_name TEXT,
    token_hash  TEXT,
    claimed_at  TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_player ON seats (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX seats_token ON seats (game_id, token_hash) WHERE token_hash IS NOT NULL;
