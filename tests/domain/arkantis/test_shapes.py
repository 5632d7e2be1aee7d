"""Shape detection (spec 3.3-3.6) and the fast legal-action search against the definition."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.arkantis.components import DISPERSED_LAYOUTS
from domain.arkantis.search import board_actions, board_moves, has_board_action
from domain.arkantis.setup import PHASE_2_ROWS
from domain.arkantis.shapes import (
    BIT,
    FULL,
    cell_ids,
    indices,
    mask_of,
    mask_to_rows,
    new_shapes,
    rows_to_mask,
    shape_error,
)
from tests.domain.arkantis.helpers import BOARDS


def components(colour: int) -> set[int]:
    """Every maximal connected set of ``colour`` (plain flood fill, for reference)."""
    out: set[int] = set()
    rest = colour
    while rest:
        seed = rest & -rest
        comp, frontier = seed, seed
        while frontier:
            grown = 0
            for i in indices(frontier):
                r, c = divmod(i, 7)
                for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= rr < 7 and 0 <= cc < 7:
                        grown |= 1 << (rr * 7 + cc)
            frontier = grown & colour & ~comp
            comp |= frontier
        out.add(comp)
        rest &= ~comp
    return out


def reference(before: int, after: int) -> tuple[list[int], list[int]]:
    """Spec 3.4 word for word: components of after not among those of before, 2-5 cells."""
    result = []
    for colour_before, colour_after in ((FULL & ~before, FULL & ~after), (before, after)):
        old = components(colour_before)
        new = [c for c in components(colour_after) if c not in old and 2 <= c.bit_count() <= 5]
        result.append(sorted(new, key=lambda m: m & -m))
    return result[0], result[1]


def legal_reference(before: int, after: int) -> bool:
    red, blue = reference(before, after)
    return bool(red) and bool(blue)


boards = st.integers(min_value=0, max_value=FULL)


@settings(max_examples=150, deadline=None)
@given(tokens=boards, data=st.data())
def test_new_shapes_match_the_definition(tokens: int, data: st.DataObject) -> None:
    cells = indices(tokens)
    empties = indices(FULL & ~tokens)
    kind = data.draw(st.sampled_from(["one", "two", "move"]))
    if kind == "one" and cells:
        after = tokens & ~BIT[data.draw(st.sampled_from(cells))]
    elif kind == "two" and len(cells) >= 2:
        a, b = data.draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True))
        after = tokens & ~BIT[a] & ~BIT[b]
    elif kind == "move" and cells and empties:
        after = (tokens & ~BIT[data.draw(st.sampled_from(cells))]) | BIT[
            data.draw(st.sampled_from(empties))
        ]
    else:
        return
    red, blue = reference(tokens, after)
    assert new_shapes(tokens, after) == (red, blue)
    code = shape_error(tokens, after)
    assert (code is None) == (bool(red) and bool(blue))
    if code == "no_new_shapes":
        assert not red and not blue
    elif code == "no_new_red_shape":
        assert not red and blue
    elif code == "no_new_blue_shape":
        assert red and not blue


def test_fast_action_search_matches_the_definition() -> None:
    rnd = random.Random(2026)
    for _ in range(40):
        density = rnd.random()
        tokens = sum(1 << i for i in range(49) if rnd.random() < density)
        cells = indices(tokens)
        empties = indices(FULL & ~tokens)
        acts = board_actions(tokens)
        assert acts.singles == tuple(i for i in cells if legal_reference(tokens, tokens & ~BIT[i]))
        assert acts.pairs == tuple(
            (i, j)
            for a, i in enumerate(cells)
            for j in cells[a + 1 :]
            if legal_reference(tokens, tokens & ~BIT[i] & ~BIT[j])
        )
        moves = tuple(
            (i, j)
            for i in cells
            for j in empties
            if legal_reference(tokens, (tokens & ~BIT[i]) | BIT[j])
        )
        assert board_moves.__wrapped__(tokens) == moves
        assert has_board_action(tokens, True, True) == bool(acts.singles or acts.pairs or moves)
        assert has_board_action(tokens, False, False) == bool(acts.singles)


def test_pre_existing_shapes_of_the_spec_boards() -> None:
    assert mask_of(("r6c6", "r6c7")) in components(FULL & ~rows_to_mask(BOARDS["A"]))
    assert mask_of(("r2c5", "r2c6", "r2c7")) in components(FULL & ~rows_to_mask(BOARDS["B"]))
    h = rows_to_mask(BOARDS["H"])
    assert mask_of(tuple(f"r7c{c}" for c in range(1, 7))) in components(h)
    assert cell_ids(max(components(FULL & ~h), key=int.bit_count)) != ()


def test_every_prepared_board_gives_the_first_player_an_action() -> None:
    """Spec 5.2: over the 646 x 6 prepared boards, 1,468 have a legal remove_token and
    the other 2,408 a legal remove_two_tokens."""
    singles = pairs_only = 0
    for layout in DISPERSED_LAYOUTS:
        empty = mask_of(tuple(f"r{r}c{layout[r - 1]}" for r in range(1, 8)))
        column = int(layout[3])
        for row in PHASE_2_ROWS:
            tokens = (FULL & ~empty | mask_of((f"r4c{column}",))) & ~mask_of((f"r{row}c{column}",))
            acts = board_actions(tokens)
            if acts.singles:
                singles += 1
            else:
                assert acts.pairs
                pairs_only += 1
    assert (singles, pairs_only) == (1468, 2408)


def test_88_boards_from_arbitrary_permutations_give_no_action() -> None:
    """Spec D3: 88 of the 30,240 boards built from any permutation leave the first
    player (3 sesterces) without a legal action; none of them is dispersed."""
    import itertools

    dead = []
    for perm in itertools.permutations(range(1, 8)):
        layout = "".join(map(str, perm))
        empty = mask_of(tuple(f"r{r}c{layout[r - 1]}" for r in range(1, 8)))
        column = perm[3]
        for row in PHASE_2_ROWS:
            tokens = (FULL & ~empty | mask_of((f"r4c{column}",))) & ~mask_of((f"r{row}c{column}",))
            if not has_board_action(tokens, True, True):
                dead.append(layout)
    assert len(dead) == 88
    assert not set(dead) & set(DISPERSED_LAYOUTS)


@given(st.integers(min_value=0, max_value=FULL))
def test_a_board_is_written_row_by_row_and_read_back(tokens: int) -> None:
    """``mask_to_rows`` (the view's board, from a table of row texts) writes cell
    r{r}c{c} as row r's c-th letter, B for a token, R otherwise."""
    rows = mask_to_rows(tokens)
    assert len(rows) == 7 and all(len(row) == 7 for row in rows)
    for i in range(49):
        r, c = divmod(i, 7)
        assert rows[r][c] == ("B" if tokens >> i & 1 else "R")
    assert rows_to_mask(rows) == tokens
