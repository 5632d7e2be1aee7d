-- A move's snapshot in its append (issue 33): a game saves its state every
-- PLATEAU_SNAPSHOT_EVERY events (every 17 moves of an ArkantiS game), and that
-- snapshot was a statement of its own after the append: one more round trip,
-- one more transaction and its commit. plateau_append_snapshot() is the append
-- of plateau_append() (migration 0009) followed, when the version matched, by
-- the snapshot of the new version (as save_snapshot: a snapshot already there
-- is kept). service/store/postgres.py sends it for the appends that reach a
-- multiple of snapshot_every only; behind a pooler, in the same statement as
-- the transaction's lock_timeout (as plateau_append_pooled()).

CREATE OR REPLACE FUNCTION plateau_append_snapshot(
    p_game_id text, p_expected integer, p_version integer, p_status text,
    p_to_act jsonb, p_outcome jsonb, p_winners jsonb, p_now timestamptz,
    p_command_id text, p_seat text, p_key text, p_request_hash text,
    p_command jsonb, p_response_status integer, p_response bytea, p_events jsonb,
    p_snapshot bytea
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    v_done integer;
BEGIN
    v_done := plateau_append(p_game_id, p_expected, p_version, p_status, p_to_act,
        p_outcome, p_winners, p_now, p_command_id, p_seat, p_key, p_request_hash,
        p_command, p_response_status, p_response, p_events);
    IF v_done = 1 THEN
        INSERT INTO snapshots (game_id, version, state, created_at)
        VALUES (p_game_id, p_version, p_snapshot, p_now)
        ON CONFLICT (game_id, version) DO NOTHING;
    END IF;
    RETURN v_done;
END
$$;
