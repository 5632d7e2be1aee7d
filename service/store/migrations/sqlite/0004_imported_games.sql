-- Imported games are marked: 'finished' (imported once over: its seed was
-- revealed, committed by the server it was played on) or 'in_play' (imported
-- before its end by the operator: its seed was chosen by whoever exported it,
-- not committed here). NULL for a game created here.
ALTER TABLE games ADD COLUMN imported TEXT
    CHECK (imported IS NULL OR imported IN ('finished', 'in_play'));
