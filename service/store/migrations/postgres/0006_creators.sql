-- Who created a game or a player: a pseudonym of the client address (a hash,
-- never the address itself), for the per-address quotas. NULL for rows made
-- before this migration, by an import, or by the command line.
ALTER TABLE games ADD COLUMN creator text;
ALTER TABLE players ADD COLUMN creator text;
CREATE INDEX games_creator ON games (creator, created_at) WHERE creator IS NOT NULL;
CREATE INDEX players_creator ON players (creator, created_at) WHERE creator IS NOT NULL;
