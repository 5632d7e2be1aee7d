-- Bot seats: a seat the service plays itself, at this level (random | greedy | mcts).
-- NULL for a seat held by a person (or not yet claimed).
ALTER TABLE seats ADD COLUMN bot TEXT;
