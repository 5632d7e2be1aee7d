"""Example game packages for the tests (see ``domain/README.md``, "Adding a game").

Every sub-package here is a complete, minimal ruleset laid out like the
games under ``domain/``; ``tests/domain/test_adding_a_game.py`` discovers
them the way ``domain.RULESETS`` is built and runs the conformance suite on
them. They are not served.
"""
