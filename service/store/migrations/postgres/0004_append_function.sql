-- A command's append as one statement: plateau_append() takes the feed's
-- marker, moves the games row from the expected version (0 when it is not
-- there any more: nothing written), records the command and inserts the
-- events under the allocation lock (their positions contiguous), and answers 1.
-- p_events: a JSON array of {"type", "schema_version", "data"}, versions
-- p_expected + 1, p_expected + 2, ... in array order.
-- Sent alone in autocommit it is its own transaction: one statement and one
-- round trip where BEGIN, the marker, the lock, the append, the unlock and
-- COMMIT were six (service/store/postgres.py's module doc has the feed's
-- rules; the two advisory-lock keys below are its _MARKER_HI and _ALLOC_LOCK).
CREATE FUNCTION plateau_append(
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
        -- Held for the insert only (a session lock, released here; the store
        -- releases it on every error path).
        PERFORM pg_advisory_lock(1886151025);
        INSERT INTO events (game_id, version, type, schema_version, data, recorded_at, command_id, seat)
        SELECT p_game_id, p_expected + e.n, e.value->>'type', (e.value->>'schema_version')::integer,
               e.value->'data', p_now, p_command_id, p_seat
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
        PERFORM pg_advisory_unlock(1886151025);
    END IF;
    RETURN 1;
END
$$;
