-- plateau_append() for a PostgreSQL behind a pooler in transaction mode
-- (PLATEAU_DATABASE_POOLER=transaction, docs/scaling.md): the same statement,
-- and the allocation lock still a session lock released before COMMIT (held to
-- COMMIT, the commit's WAL flush would be inside it: 3.6 times fewer appends
-- under pgbench, docs/scaling.md), but released inside the function on every
-- error too. plateau_append leaves that to the store, with a second statement:
-- through PgBouncer in transaction mode the second statement may reach another
-- server connection, and a lock left behind would stay with a server
-- connection that every client shares. The handler's block costs a
-- subtransaction per append.
CREATE FUNCTION plateau_append_pooled(
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
        -- Held for the insert only (a session lock), released here whatever
        -- happens: a cancelled statement (statement_timeout) included.
        BEGIN
            PERFORM pg_advisory_lock(1886151025);
            INSERT INTO events (game_id, version, type, schema_version, data, recorded_at, command_id, seat)
            SELECT p_game_id, p_expected + e.n, e.value->>'type', (e.value->>'schema_version')::integer,
                   e.value->'data', p_now, p_command_id, p_seat
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, n)
            ORDER BY e.n;
            PERFORM pg_advisory_unlock(1886151025);
        EXCEPTION WHEN OTHERS OR query_canceled THEN
            -- (pg_advisory_unlock_all: a lock not taken, after lock_timeout, is no warning)
            PERFORM pg_advisory_unlock_all();
            RAISE;
        END;
    END IF;
    RETURN 1;
END
$$;
