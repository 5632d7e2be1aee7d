"""Fit the petits Dragons search's evaluation (opt-in; not collected by pytest).

    .venv/bin/python -m tests.benchmarks.train_petits_dragons [--games 1500]
        [--first 1000] [--every 3] [--epsilon 0.1] [--jobs 2]
        [--out bench-results/petits_dragons_weights.json]

It plays ``--games`` default two-seat games between greedy bots that play a
uniformly random legal command ``--epsilon`` of the time (so that the games
visit the positions greedy alone never reaches), each from its own seed
(games ``--first`` onwards: the bot benchmark's games 0-199 are not among
them), and keeps the features (``domain.petits_dragons.bot.features``) of
every ``--every``-th position with the game's result. Then it fits a logistic
regression without intercept, ``P(seat_0 wins) = sigmoid(w · (features(seat_0)
- features(seat_1)))`` (a shared win counts half), by Newton's method with a
small ridge penalty (the four chief places are one-hot, so the penalty picks
the smallest of the equivalent weight vectors), and prints ``WEIGHTS`` as
``domain/petits_dragons/bot.py`` holds them, with the log loss and the share
of positions whose winner it calls on the games ``g % 5 == 0`` held out of a
first fit (the greedy heuristic squashed by its ``SCALE`` for comparison).

Everything is seeded: the defaults rebuild the weights in the module to the
four decimals kept, whatever ``--jobs`` (checked 2026-12-03: 6.4 CPU-minutes,
3.5 minutes with 2 jobs on a 2-core VM, fitting included); a progress bar on a
terminal.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Iterable, Sequence
from multiprocessing import Pool
from typing import Any

from domain import RULESETS
from domain.bots import Budget, bots_of, choose
from domain.kernel import Rng, fold, new_game
from domain.petits_dragons.bot import FEATURES, WEIGHTS, features
from service.cli.games import Progress
from tests.benchmarks import write_report

MAX_COMMANDS = 20_000
RIDGE = 1e-3

Sample = tuple[tuple[float, ...], float]
"""The feature differences (seat_0 minus seat_1) of one position and seat_0's result."""


def play_game(g: int, every: int, epsilon: float) -> list[Sample]:
    """Game ``g`` between (epsilon-random) greedy bots: a sample every ``every`` commands."""
    rs = RULESETS["petits_dragons"]
    rng = random.Random(g * 7919 + 13)
    state, _ = new_game(rs, seed=f"gen-{g}")
    kept: list[tuple[float, ...]] = []
    k = 0
    while rs.outcome(state) is None and k < MAX_COMMANDS:
        seat = rs.to_act(state)[0]
        legal = rs.legal_commands(state, seat)
        if k % every == 0:
            f = features(state)
            kept.append(tuple(a - b for a, b in zip(f["seat_0"], f["seat_1"], strict=True)))
        if rng.random() < epsilon:
            command = rng.choice(legal)
        else:
            command = choose(
                rs, "greedy", rs.view(state, seat), legal, seat, f"x{g}:{k}", Budget(playouts=16)
            )
        state = fold(rs, rs.decide(state, seat, command, Rng(f"gen-{g}", k)), state)
        k += 1
    outcome = rs.outcome(state)
    assert outcome is not None, f"game {g} did not finish in {MAX_COMMANDS} commands"
    winners = set(outcome.winners)
    result = 1.0 / len(winners) if "seat_0" in winners else 0.0
    return [(x, result) for x in kept]


def _play(task: tuple[int, int, float]) -> tuple[int, list[Sample]]:
    g, every, epsilon = task
    return g, play_game(g, every, epsilon)


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small, positive definite a)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            if factor:
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(
    samples: Sequence[Sample], ridge: float = RIDGE, iterations: int = 50, label: str = "fitting"
) -> list[float]:
    """Logistic regression without intercept, mean log loss plus ``ridge/2 · |w|²``, by
    Newton's method. Identical rows are folded together first (the opening positions
    of many games are the same), which changes nothing in the result."""
    folded: dict[tuple[float, ...], list[float]] = {}
    for x, y in samples:
        entry = folded.setdefault(x, [0.0, 0.0])
        entry[0] += y
        entry[1] += 1.0
    rows = [(x, ys, count) for x, (ys, count) in folded.items()]
    total = float(len(samples))
    n = len(rows[0][0]) if rows else 0
    w = [0.0] * n
    progress = Progress(label, iterations)
    for _ in range(iterations):
        gradient = [ridge * wi for wi in w]
        hessian = [[ridge if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, ys, count in rows:
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            residual = (p * count - ys) / total
            curvature = p * (1.0 - p) * count / total
            nonzero = [(i, xi) for i, xi in enumerate(x) if xi]
            for i, xi in nonzero:
                gradient[i] += residual * xi
                row = hessian[i]
                scaled = curvature * xi
                for j, xj in nonzero:
                    if j >= i:
                        row[j] += scaled * xj
        for i in range(n):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = _solve(hessian, gradient)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        progress.step()
        if max((abs(s) for s in step), default=0.0) < 1e-9:
            break
    progress.close()
    return w


def log_loss(samples: Iterable[Sample], w: Sequence[float]) -> tuple[float, float]:
    """Mean log loss and the share of decided positions whose winner ``w`` calls."""
    loss = 0.0
    right = counted = n = 0
    for x, y in samples:
        p = min(max(_sigmoid(sum(a * b for a, b in zip(w, x, strict=True))), 1e-6), 1 - 1e-6)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        n += 1
        if y != 0.5:
            counted += 1
            right += (p > 0.5) == (y > 0.5)
    return loss / max(n, 1), right / max(counted, 1)


def heuristic_weights() -> list[float]:
    """The greedy heuristic written on these features (its lead over ``SCALE`` as a logit):
    ``-total + 120·home + 15·active + 3·steps``, where ``progress`` is steps / 19."""
    scale = bots_of(RULESETS["petits_dragons"]).scale
    as_points = {"total": -100.0, "home": 120.0, "active": 15.0, "progress": 3.0 * 19}
    return [as_points.get(name, 0.0) / scale for name in FEATURES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--first", type=int, default=1000, help="the first game's index")
    parser.add_argument("--every", type=int, default=3, help="keep every n-th position")
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random moves")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games")
    parser.add_argument("--out", default="bench-results/petits_dragons_weights.json")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.jobs < 1 or not 0 <= args.epsilon <= 1:
        parser.error("--games, --every and --jobs must be positive, --epsilon in [0, 1]")

    tasks = [(g, args.every, args.epsilon) for g in range(args.first, args.first + args.games)]
    by_game: dict[int, list[Sample]] = {}
    progress = Progress("playing", len(tasks))
    if args.jobs == 1:
        for task in tasks:
            g, samples = _play(task)
            by_game[g] = samples
            progress.step()
    else:
        with Pool(args.jobs) as pool:
            for g, samples in pool.imap_unordered(_play, tasks):
                by_game[g] = samples
                progress.step()
    progress.close()
    games = sorted(by_game)
    train = [s for g in games if g % 5 for s in by_game[g]]
    held = [s for g in games if not g % 5 for s in by_game[g]]
    everything = [s for g in games for s in by_game[g]]

    report: dict[str, Any] = {"games": args.games, "positions": len(everything)}
    if train and held:
        model = log_loss(held, fit(train, label="held-out fit"))
        baseline = log_loss(held, heuristic_weights())
        report["held_out"] = {
            "games": sum(1 for g in games if not g % 5),
            "positions": len(held),
            "log_loss": model[0],
            "winner_called": model[1],
            "heuristic_log_loss": baseline[0],
            "heuristic_winner_called": baseline[1],
        }
    weights = fit(everything)
    report["weights"] = {name: round(w, 4) for name, w in zip(FEATURES, weights, strict=True)}
    report["matches_module"] = report["weights"] == WEIGHTS

    print(f"{args.games} games, {len(everything)} positions")
    if "held_out" in report:
        h = report["held_out"]
        print(
            f"held out ({h['games']} games): log loss {h['log_loss']:.3f}, winner called "
            f"{h['winner_called']:.1%}; the greedy heuristic {h['heuristic_log_loss']:.3f}, "
            f"{h['heuristic_winner_called']:.1%}"
        )
    print("WEIGHTS: dict[str, float] = {")
    for name, w in report["weights"].items():
        print(f'    "{name}": {w},')
    print("}")
    print(
        "the same as domain/petits_dragons/bot.py"
        if report["matches_module"]
        else "differs from domain/petits_dragons/bot.py"
    )
    print(f"written to {write_report(args.out, report)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
