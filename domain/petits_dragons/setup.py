"""Setup (§5): the game is created and green's turn starts; there is no random step."""

from __future__ import annotations

from domain.kernel import Rng, Seat, SetupContext
from domain.petits_dragons.components import BANK_START, BOARD_ID, COLOUR_INDEX, Colour, turn_order
from domain.petits_dragons.events import PetitsDragonsEvent, PetitsDragonsGameCreated
from domain.petits_dragons.options import PetitsDragonsOptions, seat_ids, validate_options
from domain.petits_dragons.procedures import opening
from domain.petits_dragons.state import PetitsDragonsEggs, PetitsDragonsSeatColours


def game_created(options: PetitsDragonsOptions) -> PetitsDragonsGameCreated:
    """The first event of the log, from valid options."""
    seats = [
        PetitsDragonsSeatColours(seat=s, colours=list(cs))
        for s, cs in zip(seat_ids(options), options.seats, strict=True)
    ]
    in_play = sorted((c for cs in options.seats for c in cs), key=COLOUR_INDEX.__getitem__)
    side: dict[Colour, str] = {}
    for entry in seats:
        for c in entry.colours:
            side[c] = entry.seat
            for k, team in enumerate(options.teams or [], start=1):
                if options.option_alliances and entry.seat in team:
                    side[c] = f"team_{k}"
    return PetitsDragonsGameCreated(
        board=BOARD_ID,
        seats=seats,
        option_multi_colour=options.option_multi_colour,
        option_alliances=options.option_alliances,
        teams=[list(t) for t in options.teams] if options.teams is not None else None,
        colours_in_play=in_play,
        turn_order=turn_order(in_play),
        side=side,
        bank=PetitsDragonsEggs(e500=BANK_START[500], e100=BANK_START[100], e50=BANK_START[50]),
    )


def setup(
    options: PetitsDragonsOptions, context: SetupContext, rng: Rng
) -> list[PetitsDragonsEvent]:
    """The opening events. The context is ignored: "C'est toujours le Dragon Vert qui
    commence le jeu" (README decision 16)."""
    validate_options(options)
    return opening(game_created(options))


def seats(options: PetitsDragonsOptions) -> tuple[Seat, ...]:
    return seat_ids(options)
