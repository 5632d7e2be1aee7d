-- A seat's claim in one statement (issue 33): the claim had been a transaction
-- of six round trips (BEGIN, the game row locked, the seat read, the seat
-- updated, the game read back, COMMIT), and the claim that fills a game four
-- more (its setup's update and events). A game's two claims cost the driver
-- and the server more than its first three moves. service/store/postgres.py
-- sends this function in a pipeline with the game's read-back: one round trip.
--
-- The caller says whether it expects this claim to fill the game (p_fill: its
-- read saw every other seat claimed) and, if so, gives what the setup appends
-- (the game's version before it, p_expected; the update; the events), made
-- from that read before the statement. The checks come in the contract's
-- order: no game, no such seat, the game not waiting, the seat taken. When
-- the game's seats or version are not as the caller read them, nothing is
-- written and 'retry' comes back: the caller claims again in a transaction
-- whose hook makes the setup from what it finds (seats are only ever
-- claimed, so this happens only when another claim came in between).

CREATE OR REPLACE FUNCTION plateau_claim(
    p_game_id text, p_seat text, p_player_id text, p_player_name text, p_token_hash text,
    p_now timestamptz, p_bot text, p_creator text, p_fill boolean, p_expected integer,
    p_version integer, p_status text, p_to_act jsonb, p_outcome jsonb, p_winners jsonb,
    p_events jsonb
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    v_status text;
    v_version integer;
    v_claimed timestamptz;
    v_open integer;
BEGIN
    SELECT status, version INTO v_status, v_version FROM games
    WHERE game_id = p_game_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'game_not_found';
    END IF;
    SELECT claimed_at INTO v_claimed FROM seats WHERE game_id = p_game_id AND seat = p_seat;
    IF NOT FOUND THEN
        RETURN 'unknown_seat';
    END IF;
    IF v_status <> 'waiting' THEN
        RETURN 'not_waiting';
    END IF;
    IF v_claimed IS NOT NULL THEN
        RETURN 'seat_taken';
    END IF;
    SELECT count(*) INTO v_open FROM seats
    WHERE game_id = p_game_id AND seat <> p_seat AND claimed_at IS NULL;
    IF (v_open = 0) <> p_fill OR (p_fill AND v_version <> p_expected) THEN
        RETURN 'retry';
    END IF;
    UPDATE seats SET player_id = p_player_id, player_name = p_player_name,
        token_hash = p_token_hash, claimed_at = p_now, bot = p_bot
    WHERE game_id = p_game_id AND seat = p_seat;
    IF p_creator IS NOT NULL THEN
        UPDATE games SET creator = p_creator WHERE game_id = p_game_id;
    END IF;
    IF NOT p_fill THEN
        RETURN 'claimed';
    END IF;
    IF jsonb_array_length(p_events) > 0 THEN
        -- The feed's marker, before any position is allocated (as plateau_append).
        PERFORM pg_advisory_xact_lock_shared(
            (1347158016::bigint << 32)
            + COALESCE(pg_sequence_last_value(pg_get_serial_sequence('events', 'position')::regclass), 0));
    END IF;
    UPDATE games SET version = p_version, status = p_status, to_act = p_to_act,
        outcome = p_outcome, winners = p_winners, updated_at = p_now,
        finished_at = CASE WHEN p_status = 'finished' THEN COALESCE(finished_at, p_now) ELSE NULL END
    WHERE game_id = p_game_id;
    IF jsonb_array_length(p_events) > 0 THEN
        INSERT INTO events (game_id, version, type, schema_version, data, recorded_at, command_id, seat)
        SELECT p_game_id, p_expected + e.n, e.value->>'type', (e.value->>'schema_version')::integer,
               e.value->'data', p_now, NULL, NULL
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, n)
        ORDER BY e.n;
    END IF;
    RETURN 'started';
END
$$;
