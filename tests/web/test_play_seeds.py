"""The seeds of petits Dragons' whole games still give short games (the domain alone, no browser).

``test_play.MADE`` starts petits Dragons' four whole games from seeds under
which the person's random clicks take its chief into a combat it loses early,
so the browser plays 10 to 27 of the person's moves instead of 120 to 580.
That depends on the rules, the greedy bot and the person's policy: here the
same policy (``test_play.person_choice``, as the browser games pick) plays
each seed against the greedy bot under a few fixed bot seeds, with the engine
alone, in about a second. When a change of the rules or of the bot makes a
seed long, this fails first; ``python -m tests.web.test_play_seeds FROM TO``
then prints the seeds ``vFROM`` … ``vTO`` that stay short, per combination.
"""

from __future__ import annotations

import random
import sys

import msgspec
import pytest

from domain import RULESETS, new_game, play
from domain.bots import Budget, choose
from tests.web.test_play import MADE, label, person_choice

RULESET = "petits_dragons"
SHORT = 30
"""The person's part of a short game: its chief falls by this move."""
BOT_SEEDS = ("check-0", "check-1", "check-2")
"""The greedy bot's seeds here (the service's are the game's id and version)."""


def person_part(seed: str, rng_name: str, bot_seed: str) -> tuple[int, bool]:
    """(the person's moves until the end or ``SHORT`` + 1, whether its chief fell by then)."""
    rs = RULESETS[RULESET]
    options = rs.Options()
    person, _ = rs.seats(options)
    colour = options.seats[0][0]
    state, log = new_game(rs, seed=seed)
    rng = random.Random(rng_name)
    moves = 0
    for n in range(100_000):
        if rs.outcome(state) is not None or moves > SHORT:
            break
        seat = rs.to_act(state)[0]
        legal = list(rs.legal_commands(state, seat))
        if seat == person:
            types = [msgspec.to_builtins(c)["type"] for c in legal]
            command = legal[person_choice(types, moves, rng)]
            moves += 1
        else:
            view = rs.view(state, seat)
            command = choose(rs, "greedy", view, legal, seat, f"{bot_seed}:{n}", Budget())
        state, events = play(rs, state, log, seat, command, seed=seed)
        for event in events:
            body = msgspec.to_builtins(event)
            if body["type"] == f"{RULESET}.chief_killed" and body["colour"] == colour:
                return moves, True
    return moves, False


CASES = [(lang, phone, made["seed"]) for (r, lang, phone), made in MADE.items() if r == RULESET]


@pytest.mark.parametrize(
    ("lang", "phone", "seed"), CASES, ids=[label(lang, p) for lang, p, _ in CASES]
)
def test_each_seed_ends_the_persons_part_early(lang: str, phone: bool, seed: str) -> None:
    rng_name = f"play-{RULESET}-{label(lang, phone)}"
    parts = [person_part(seed, rng_name, bot) for bot in BOT_SEEDS]
    assert all(fell for _, fell in parts), f"{seed}: {parts} (search anew: see the docstring)"


def main(argv: list[str]) -> None:
    first, last = int(argv[0]), int(argv[1])
    for lang, phone, _ in CASES:
        rng_name = f"play-{RULESET}-{label(lang, phone)}"
        for k in range(first, last + 1):
            parts = [person_part(f"v{k}", rng_name, f"search-{i}") for i in range(12)]
            if all(fell for _, fell in parts):
                print(label(lang, phone), f"v{k}", [moves for moves, _ in parts], flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
