-- The idempotency purge forgets the keys of commands older than the retention:
-- an index over the commands that still hold a key, by age, keeps it from
-- scanning the whole command log.
CREATE INDEX commands_keyed_by_age ON commands (recorded_at) WHERE idempotency_key IS NOT NULL;
