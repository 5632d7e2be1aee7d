"""The golden corpus (``docs/golden/``): whole games, named positions and refusals
recorded through HTTP, one exchange per ndjson line, replayed by ``scripts/golden
--check`` and ``tests/service/test_golden.py`` (docs/clients.md, "Testing a client
with the golden corpus")."""
