-- Plateau event store, PostgreSQL dialect. Applied by PostgresEventStore.migrate()
-- in one transaction under an advisory lock; the file name is recorded in
-- schema_migrations. Ids are text (the service chooses their format).

CREATE TABLE games (
    game_id     text PRIMARY KEY,
    ruleset     text NOT NULL,
    options     jsonb NOT NULL,
    status      text NOT NULL,                      -- waiting | active | finished
    version     integer NOT NULL DEFAULT 0 CHECK (version >= 0),
    to_act      jsonb NOT NULL DEFAULT '[]',        -- seats
    outcome     jsonb,                              -- once finished
    winners     jsonb NOT NULL DEFAULT '[]',        -- seats ranked first
    seed_sha256 text NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    finished_at timestamptz
);

-- Listing newest first (created_at DESC, game_id DESC), optionally by ruleset/status.
CREATE INDEX games_newest ON games (created_at DESC, game_id DESC);
CREATE INDEX games_ruleset_newest ON games (ruleset, created_at DESC, game_id DESC);
CREATE INDEX games_status_newest ON games (status, created_at DESC, game_id DESC);
-- last_winner: finished games of a ruleset, most recently finished first.
CREATE INDEX games_last_winner ON games (ruleset, finished_at DESC, game_id DESC)
    WHERE status = 'finished';

-- The log. PRIMARY KEY (game_id, version) is the concurrency guard; `position`
-- is the global order for catch-up readers. Appends take
-- LOCK TABLE events IN EXCLUSIVE MODE (readers are not blocked), so positions
-- are allocated in commit order and a tailing reader never skips a row
-- committed later with a lower position.
CREATE TABLE events (
    game_id        text NOT NULL REFERENCES games (game_id),
    version        integer NOT NULL CHECK (version > 0),
    position       bigint GENERATED ALWAYS AS IDENTITY,
    type           text NOT NULL,
    schema_version integer NOT NULL DEFAULT 1,
    data           jsonb NOT NULL,
    recorded_at    timestamptz NOT NULL,
    command_id     text,
    seat           text,
    CONSTRAINT events_pkey PRIMARY KEY (game_id, version)
);

CREATE UNIQUE INDEX events_position ON events (position);

-- Append-only: no UPDATE or DELETE of an event, ever (TRUNCATE is left to
-- administrators).
CREATE FUNCTION plateau_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
END
$$;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION plateau_events_append_only();

CREATE TABLE snapshots (
    game_id    text NOT NULL REFERENCES games (game_id),
    version    integer NOT NULL CHECK (version >= 0),
    state      bytea NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT snapshots_pkey PRIMARY KEY (game_id, version)
);

-- Idempotency and audit: one row per accepted command batch.
CREATE TABLE commands (
    command_id      text PRIMARY KEY,
    game_id         text NOT NULL REFERENCES games (game_id),
    seat            text,
    idempotency_key text,
    request_hash    text,
    command         jsonb,
    response_status integer NOT NULL,
    response        bytea NOT NULL,
    recorded_at     timestamptz NOT NULL
);

-- COALESCE: a NULL seat must not make two identical keys distinct.
CREATE UNIQUE INDEX commands_idempotency
    ON commands (game_id, COALESCE(seat, ''), idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX commands_game ON commands (game_id, recorded_at);

CREATE TABLE game_secrets (
    game_id text PRIMARY KEY REFERENCES games (game_id),
    seed    text NOT NULL
);

CREATE TABLE players (
    player_id  text PRIMARY KEY,
    name       text NOT NULL,                       -- a display name: not unique
    token_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT players_token_hash_key UNIQUE (token_hash)
);

CREATE TABLE seats (
    game_id     text NOT NULL REFERENCES games (game_id),
    seat        text NOT NULL,
    seat_order  integer NOT NULL,                   -- the ruleset's seat order
    player_id   text,
    player_name text,
    token_hash  text,
    claimed_at  timestamptz,
    CONSTRAINT seats_pkey PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_player ON seats (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX seats_token ON seats (game_id, token_hash) WHERE token_hash IS NOT NULL;
