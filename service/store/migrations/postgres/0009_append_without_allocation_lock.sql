-- The appends without the allocation lock (issue 33, docs/scaling.md "Where
-- the next limits are"): the lock, a session-level advisory lock taken around
-- every insert into events, kept a move's positions contiguous and nothing
-- else. The feed's exactly-once order never rested on it: each writer's
-- marker (the shared transaction lock taken first, keyed by the sequence's
-- last value) bounds what a reader serves (service/store/postgres.py's module
-- doc). Under pgbench it capped the appends at 0.6-0.7 of the same statement
-- without it from 32 clients on. Now a move's events keep their order (the
-- insert is ordered by version) but another game's events may take positions
-- between them; the feed still serves every event once, in position order.
-- plateau_append_pooled loses its exception block with the lock: nothing
-- session-level is left to release, and no subtransaction is paid per append.

CREATE OR REPLACE FUNCTION plateau_append(
    p_game_id text, p_expected integer, p_version integer, p_status text,
    p_to_act jsonb, p_outcome jsonb, p_winners jsonb, p_now timestamptz,
    p_command_id text, p_seat text, p_key text, p_request_hash text,
    p_command jsonb, p_response_status integer, p_response bytea, p_events jsonb
) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    IF jsonb_array_length(p_events) > 0 THEN
        -- The feed's marker, before any position is allocated.
        PERFORM pg_advisory_xact_lock_shared(
            (1347158016::bigint << 32)
            + COALESCE(pg_sequence_last_value(pg_get_serial_sequence('events', 'position')::regclass), 0));
    END IF;
    UPDATE games SET version = p_version, status = p_status, to_act = p_to_act,
        outcome = p_outcome, winners = p_winners, updated_at = p_now,
        finished_at = CASE WHEN p_status = 'finished' THEN COALESCE(finished_at, p_now) ELSE NULL END
    WHERE game_id = p_game_id AND version = p_expected;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    IF p_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, game_id, seat, idempotency_key, request_hash, command,
                              response_status, response, recorded_at)
        VALUES (p_command_id, p_game_id, p_seat, p_key, p_request_hash, p_command,
                p_response_status, p_response, p_now);
    END IF;
    IF jsonb_array_length(p_events) > 0 THEN
        INSERT INTO events (game_id, version, type, schema_version, data, recorded_at, command_id, seat)
        SELECT p_game_id, p_expected + e.n, e.value->>'type', (e.value->>'schema_version')::integer,
               e.value->'data', p_now, p_command_id, p_seat
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
    END IF;
    RETURN 1;
END
$$;

CREATE OR REPLACE FUNCTION plateau_append_pooled(
    p_game_id text, p_expected integer, p_version integer, p_status text,
    p_to_act jsonb, p_outcome jsonb, p_winners jsonb, p_now timestamptz,
    p_command_id text, p_seat text, p_key text, p_request_hash text,
    p_command jsonb, p_response_status integer, p_response bytea, p_events jsonb
) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
    IF jsonb_array_length(p_events) > 0 THEN
        -- The feed's marker, before any position is allocated.
        PERFORM pg_advisory_xact_lock_shared(
            (1347158016::bigint << 32)
            + COALESCE(pg_sequence_last_value(pg_get_serial_sequence('events', 'position')::regclass), 0));
    END IF;
    UPDATE games SET version = p_version, status = p_status, to_act = p_to_act,
        outcome = p_outcome, winners = p_winners, updated_at = p_now,
        finished_at = CASE WHEN p_status = 'finished' THEN COALESCE(finished_at, p_now) ELSE NULL END
    WHERE game_id = p_game_id AND version = p_expected;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    IF p_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, game_id, seat, idempotency_key, request_hash, command,
                              response_status, response, recorded_at)
        VALUES (p_command_id, p_game_id, p_seat, p_key, p_request_hash, p_command,
                p_response_status, p_response, p_now);
    END IF;
    IF jsonb_array_length(p_events) > 0 THEN
        INSERT INTO events (game_id, version, type, schema_version, data, recorded_at, command_id, seat)
        SELECT p_game_id, p_expected + e.n, e.value->>'type', (e.value->>'schema_version')::integer,
               e.value->'data', p_now, p_command_id, p_seat
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
    END IF;
    RETURN 1;
END
$$;
