-- A fork (POST /games/{game_id}/fork, plateau fork) records where it comes
-- from: the original game, the version its log was copied up to, and when it
-- was made. NULL for a game that is no fork. No foreign key: a fork outlives
-- nothing, and an imported fork names a game of another server.
ALTER TABLE games ADD COLUMN forked_from text;
ALTER TABLE games ADD COLUMN forked_from_version integer
    CHECK (forked_from_version IS NULL OR forked_from_version >= 0);
ALTER TABLE games ADD COLUMN forked_at timestamptz;
CREATE INDEX games_forked_from ON games (forked_from) WHERE forked_from IS NOT NULL;
