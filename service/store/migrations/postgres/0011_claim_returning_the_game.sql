-- A seat's claim returns the game it leaves (issue 33): plateau_claim() (migration
-- 0010) answered what happened only, and service/store/postgres.py read the game
-- and its seats back in the same pipeline, three statements and the pipeline's
-- own work in the driver for every claim. plateau_claim_game() runs the same
-- claim and returns the game row once per seat, in seat order, beside what
-- happened: one statement, no pipeline. Refused or to retry, it returns one row
-- with what happened and nothing else. Behind a pooler in transaction mode the
-- caller gives its lock_timeout (p_lock_timeout), set for this transaction
-- before the game row is locked; NULL on a direct connection, whose session
-- has it.

CREATE OR REPLACE FUNCTION plateau_claim_game(
    p_game_id text, p_seat text, p_player_id text, p_player_name text, p_token_hash text,
    p_now timestamptz, p_bot text, p_creator text, p_fill boolean, p_expected integer,
    p_version integer, p_status text, p_to_act jsonb, p_outcome jsonb, p_winners jsonb,
    p_events jsonb, p_lock_timeout text
) RETURNS TABLE (
    said text, game_id text, ruleset text, options jsonb, status text, version integer,
    to_act jsonb, outcome jsonb, seed_sha256 text, created_at timestamptz,
    updated_at timestamptz, finished_at timestamptz, imported text, forked_from text,
    forked_from_version integer, forked_at timestamptz,
    seat text, player_id text, player_name text, claimed boolean, bot text
)
LANGUAGE plpgsql AS $$
DECLARE
    v_said text;
BEGIN
    IF p_lock_timeout IS NOT NULL THEN
        PERFORM set_config('lock_timeout', p_lock_timeout, true);
    END IF;
    v_said := plateau_claim(p_game_id, p_seat, p_player_id, p_player_name, p_token_hash,
        p_now, p_bot, p_creator, p_fill, p_expected, p_version, p_status, p_to_act,
        p_outcome, p_winners, p_events);
    IF v_said NOT IN ('claimed', 'started') THEN
        said := v_said;
        RETURN NEXT;
        RETURN;
    END IF;
    RETURN QUERY
        SELECT v_said, g.game_id, g.ruleset, g.options, g.status, g.version, g.to_act,
               g.outcome, g.seed_sha256, g.created_at, g.updated_at, g.finished_at,
               g.imported, g.forked_from, g.forked_from_version, g.forked_at,
               s.seat, s.player_id, s.player_name, s.claimed_at IS NOT NULL, s.bot
        FROM games g JOIN seats s ON s.game_id = g.game_id
        WHERE g.game_id = p_game_id
        ORDER BY s.seat_order;
END
$$;
