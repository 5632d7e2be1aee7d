# Les petits Dragons in English. Ids start with "petits_dragons-"; each is used in
# domain/petits_dragons/words.py. Arguments: $player is a player's name, numbers ($value,
# $count, $red...) are numbers, every other argument is the display name of a component
# (a cell, a dragon, a people...). No pronoun stands for a player: write the name. A people
# ("Green") is named by its colour, as the rules do ("le Dragon Vert"); "its" refers to a
# people or a piece, never to a player.

## Names of the components.
petits_dragons-colour-white = White
petits_dragons-colour-black = Black
petits_dragons-colour-yellow = Yellow
petits_dragons-colour-red = Red
petits_dragons-colour-skeleton = Skeleton
petits_dragons-colour-green = Green
petits_dragons-colour-brown = Brown
petits_dragons-colour-blue = Blue
# The colour of a cell or a branch ("the green cell of the black branch").
petits_dragons-cell-colour-white = white
petits_dragons-cell-colour-black = black
petits_dragons-cell-colour-yellow = yellow
petits_dragons-cell-colour-red = red
petits_dragons-cell-colour-skeleton = skeleton
petits_dragons-cell-colour-green = green
petits_dragons-cell-colour-brown = brown
petits_dragons-cell-colour-blue = blue
petits_dragons-cell-centre = the centre
petits_dragons-cell-arena = the arena
petits_dragons-cell-base = the base of the { $branch } branch
petits_dragons-cell-in-branch = the { $colour } cell of the { $branch } branch
petits_dragons-branch = the { $branch } branch
petits_dragons-piece-pawn = { $colour }'s pawn { $number }
petits_dragons-piece-chief = { $colour }'s chief
petits_dragons-number = { NUMBER($number, useGrouping: 0) }
petits_dragons-chief = chief
petits_dragons-team = team { $number }
petits_dragons-nest-exit = the nest's exit
petits_dragons-die-red = red die
petits_dragons-die-blue = blue die
petits_dragons-die-green = green die
petits_dragons-penalty-kind-chief-arrival = the chief's arrival
petits_dragons-penalty-kind-pawn-arrival = a pawn's arrival
petits_dragons-penalty-kind-stack-arrival = stacked pawns' arrival
petits_dragons-penalty-kind-combat-win = a combat won
petits_dragons-penalty-kind-arena-hold = the arena held for a round
petits_dragons-phase-awaiting-roll = rolling the dice
petits_dragons-phase-awaiting-action = a move to play
petits_dragons-phase-awaiting-penalty = a penalty to hand out
petits_dragons-phase-closing = closing the turn
petits_dragons-decided-by-score = the score
petits_dragons-decided-by-pieces-home = the number of dragons home
petits_dragons-decided-by-completed-by = the people that finished the game
petits_dragons-decided-by-pieces-in-nest = the number of dragons left in the nest
petits_dragons-decided-by-tie = a perfect tie
petits_dragons-end-reason-colour-completed = a people brought all its dragons home
petits_dragons-end-reason-no-colour-can-act = no people can play any more
petits_dragons-end-reason-round-limit = the { $rounds }-round limit reached
petits_dragons-roll-outcome-plain = plain
petits_dragons-roll-outcome-double = double
petits_dragons-roll-outcome-suite = suite
petits_dragons-position-nest = in the nest
petits_dragons-position-exit = at the nest's exit
petits_dragons-position-board = on the board
petits_dragons-position-home = home
petits_dragons-position-out = out of play
petits_dragons-direction-clockwise = clockwise
petits_dragons-direction-anticlockwise = anticlockwise
petits_dragons-unit-kind-pawn = pawn
petits_dragons-unit-kind-chief = chief
petits_dragons-unit-kind-stack = stacked pawns

## The dragons of a move: a chief, a pawn, or two stacked pawns.
petits_dragons-unit-own-chief = its { $chief }
petits_dragons-unit-own-pawn = its pawn { $pawn }
petits_dragons-unit-own-stack = its stacked pawns { $pawns }
petits_dragons-unit-of-chief = { $colour }'s { $chief }
petits_dragons-unit-of-pawn = { $colour }'s pawn { $pawn }
petits_dragons-unit-of-stack = { $colour }'s stacked pawns { $pawns }
petits_dragons-unit-label-chief = the { $chief }
petits_dragons-unit-label-pawn = pawn { $pawn }
petits_dragons-unit-label-stack = the stacked pawns { $pawns }
petits_dragons-unit-step-chief = The { $chief } { $where }
petits_dragons-unit-step-pawn = Pawn { $pawn } { $where }
petits_dragons-unit-step-stack = The stacked pawns { $pawns } { $where }
petits_dragons-where-cell = on { $cell }
petits_dragons-where-exit = at the nest's exit

## Sentences of the game's history, one per event.
petits_dragons-turn-started = Turn { NUMBER($turn, useGrouping: 0) } (round { $round }): { $player } plays { $colour }.
petits_dragons-turn-skipped = { $colour } can no longer play: its turn is skipped.
petits_dragons-dice-rolled = { $colour } rolls the dice: red { $red }, blue { $blue }.
petits_dragons-dice-rolled-double = { $colour } rolls the dice: red { $red }, blue { $blue }, a double.
petits_dragons-dice-rolled-suite = { $colour } rolls the dice: red { $red }, blue { $blue }, a suite.
petits_dragons-roll-forfeited-suite = The suite makes { $colour } pass its turn.
petits_dragons-roll-forfeited-no-legal-action = { $colour } cannot play anything with this roll.
petits_dragons-roll-forfeited-passed = { $colour } passes this roll.
petits_dragons-piece-born = { $colour } hatches { $unit } (double { $double }).
petits_dragons-piece-moved = { $colour } moves { $unit } from { $from } to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
}).
petits_dragons-piece-moved-die = { $colour } moves { $unit } from { $from } to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
}, { $die }).
petits_dragons-piece-moved-exit = { $colour } brings { $unit } out of the nest to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
}).
petits_dragons-piece-teleported = { $colour } teleports { $unit } from { $origin } to { $to }.
petits_dragons-stack-formed = { $colour }'s pawns { $pawns } stack up on { $cell }.
petits_dragons-combat = Combat on { $cell }: { $attacker } against { $defender }; { $winner } wins.
petits_dragons-combat-tie = Combat on { $cell }: { $attacker } against { $defender }; a tie, won by the defender: { $winner }.
petits_dragons-fighter = { $unit } ({ $total }: dice { $dice })
petits_dragons-fighter-bonus = { $unit } ({ $total }: dice { $dice }, bonus { $bonus })
petits_dragons-fighter-three-dice = { $unit } ({ $total }: dice { $dice }, kept { $kept }, bonus { $bonus })
petits_dragons-returned-to-nest = { $unit } { $count ->
    [one] goes
   *[other] go
} back to the nest.
petits_dragons-chief-killed = { $colour }'s chief dies on { $cell } and leaves play{ $removed ->
    [0] {""}
    [one] , with the pawn still in its nest, replaced by an egg
   *[other] , with the { $removed } pawns still in its nest, replaced by eggs
}{ $kept ->
    [0] {""}
    [one] ; for want of eggs in the bank, one pawn stays in the nest
   *[other] ; for want of eggs in the bank, { $kept } pawns stay in the nest
}.
petits_dragons-piece-arrived = { $colour } brings { $unit } home to the centre.
petits_dragons-penalty-created = Penalty { $penalty } for { $owner }: { $value } to hand out ({ $kind }).
petits_dragons-penalty-created-restricted = Penalty { $penalty } for { $owner }: { $value } to give to the defeated { $target } ({ $kind }).
petits_dragons-penalty-created-blocking = Penalty { $penalty } for { $owner }: { $value } to give to the defeated { $target } ({ $kind }); play waits for this answer.
petits_dragons-penalty-lapsed = Penalty { $penalty } cannot be applied: it lapses.
petits_dragons-eggs-given = Penalty { $penalty }: { $count ->
    [one] a { $denomination } egg
   *[other] { $count } eggs of { $denomination }
} for { $colour }.
petits_dragons-eggs-removed = Penalty { $penalty }: { $colour } removes { $count ->
    [one] a { $denomination } egg
   *[other] { $count } eggs of { $denomination }
} from its nest.
petits_dragons-eggs-backfired = Souffler n'est pas jouer: penalty { $penalty }, forgotten, puts { $count ->
    [one] a { $denomination } egg
   *[other] { $count } eggs of { $denomination }
} into { $colour }'s nest.
petits_dragons-eggs-for-chief = { $colour }'s nest receives { $count ->
    [one] a { $denomination } egg
   *[other] { $count } eggs of { $denomination }
} in place of its chief.
petits_dragons-eggs-for-pawns = { $colour }'s nest receives { $count ->
    [one] a { $denomination } egg
   *[other] { $count } eggs of { $denomination }
} in place of its pawns taken out of play.
petits_dragons-turn-ended-replay-declined = { $colour } does not replay and ends its turn.
petits_dragons-turn-ended-replay-declined-arena = { $colour } does not replay and ends its turn holding the arena.
petits_dragons-turn-ended-closed = { $colour } ends its turn without handing out all its penalties.
petits_dragons-turn-ended-closed-arena = { $colour } ends its turn holding the arena, without handing out all its penalties.
petits_dragons-turn-ended-arena = { $colour } ends its turn holding the arena.
petits_dragons-game-ended = Game over ({ $reason }). { $count ->
    [one] Winner
   *[other] Joint winners
}: { $winners }, with { $score } { $score ->
    [one] point
   *[other] points
} (decided by { $decided }).
petits_dragons-end-completed = { $colour } brought all its dragons home

## Labels of the legal commands.
petits_dragons-label-roll = Roll the dice
petits_dragons-label-roll-again = Replay: roll the dice
petits_dragons-label-end-turn = End the turn{ $pending ->
    [0] {""}
    [one] {" "}(the penalty not handed out backfires on you)
   *[other] {" "}(the { $pending } penalties not handed out backfire on you)
}
petits_dragons-label-decline-replay = Do not replay: end the turn{ $pending ->
    [0] {""}
    [one] {" "}(the penalty not handed out backfires on you)
   *[other] {" "}(the { $pending } penalties not handed out backfire on you)
}
petits_dragons-label-pass = Pass this roll
petits_dragons-label-birth = Hatch { $unit } (double { $double })
petits_dragons-label-move = Move { $unit } to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
})
petits_dragons-label-move-notes = Move { $unit } to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
}, { $notes })
petits_dragons-label-move-exit = Bring { $unit } out of the nest to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
})
petits_dragons-label-move-exit-notes = Bring { $unit } out of the nest to { $to } ({ $value } { $value ->
    [one] cell
   *[other] cells
}, { $notes })
petits_dragons-label-teleport = Teleport { $unit } to { $to }
petits_dragons-label-teleport-notes = Teleport { $unit } to { $to } ({ $notes })
petits_dragons-label-assign = Penalty { $penalty }: { $transfers }
petits_dragons-transfer-give = give a { $denomination } egg to { $colour }
petits_dragons-transfer-remove = remove a { $denomination } egg from { $colour }'s nest
petits_dragons-note-arrival = arrival
petits_dragons-note-stack = stacking with { $unit }
petits_dragons-note-combat = combat against { $unit }

## Steps: the choices that lead to a command (the dragon, how, where to).
petits_dragons-step-walk = Move { $value } { $value ->
    [one] cell
   *[other] cells
}
petits_dragons-step-walk-die = Move { $value } { $value ->
    [one] cell
   *[other] cells
} with the { $die }
petits_dragons-step-walk-exit = Leave the nest and move { $value } { $value ->
    [one] cell
   *[other] cells
}
petits_dragons-step-teleport = Teleport onto a cell of its colour
petits_dragons-step-to = To { $to }
petits_dragons-step-to-notes = To { $to } ({ $notes })
petits_dragons-step-onto = Onto { $to }
petits_dragons-step-onto-notes = Onto { $to } ({ $notes })
petits_dragons-step-direction = Going { $direction }
petits_dragons-step-via = Via { $cells }
petits_dragons-step-penalty = Penalty { $penalty }: { $value } to hand out ({ $kind })
petits_dragons-step-penalty-restricted = Penalty { $penalty }: { $value } to give to the defeated { $target } ({ $kind })
petits_dragons-step-give = Give a { $denomination } egg to { $colour }
petits_dragons-step-remove = Remove a { $denomination } egg from { $colour }'s nest

## Refusals, said to the player whose command is refused.
petits_dragons-refusal-action-pending = Play this roll first, or pass it.
petits_dragons-refusal-alliances-need-even-players = Alliances need an even number of players.
petits_dragons-refusal-ally-occupied = An allied dragon holds { $cell }: no stopping there.
petits_dragons-refusal-already-there = This dragon is already on { $cell }.
petits_dragons-refusal-awaiting-other-player = Play waits for { $colour } to hand out penalty { $penalty }.
petits_dragons-refusal-branch-already-used = This dragon has already used { $branch } this turn.
petits_dragons-refusal-branch-direction-reversed = A branch is used in one direction only.
petits_dragons-refusal-cannot-stack-chief = The chief never stacks.
petits_dragons-refusal-cannot-stop-on-centre = A dragon stops on the centre only when it comes from the arena.
petits_dragons-refusal-centre-already-used = The centre can be used only once in a turn.
petits_dragons-refusal-chief-dead = { $colour }'s chief is dead: no dragon can hatch any more.
petits_dragons-refusal-chief-must-be-born-first = While the chief is in the nest, a double { $low } or { $high } hatches the chief.
petits_dragons-refusal-chief-needs-double-5-or-6 = The chief hatches only on a double { $low } or { $high }.
petits_dragons-refusal-chief-not-in-nest = The chief is no longer in the nest.
petits_dragons-refusal-die-choice-not-allowed = Only stacked pawns choose their die; a lone pawn or the chief moves by the higher die.
petits_dragons-refusal-die-choice-required = Stacked pawns must choose the red or the blue die.
petits_dragons-refusal-duplicate-colour = { $colour } is given twice.
petits_dragons-refusal-egg-not-in-nest = This nest has no { $denomination } egg to remove.
petits_dragons-refusal-egg-unavailable = The bank has no { $denomination } egg left.
petits_dragons-refusal-exit-path-invalid = Leaving the nest, a dragon goes through the centre, then to the top of its own branch.
petits_dragons-refusal-game-finished = The game is over.
petits_dragons-refusal-invalid-colour = There is no such colour: the colours are white, black, yellow, red, skeleton, green, brown and blue.
petits_dragons-refusal-invalid-colour-count = Every player leads the same number of peoples: 1 to 4 with two players, 1 or 2 with three or four players, 1 beyond.
petits_dragons-refusal-invalid-die = The chosen die is the red or the blue one.
petits_dragons-refusal-invalid-kind = A birth hatches a chief or a pawn.
petits_dragons-refusal-invalid-path = This path is not valid.
petits_dragons-refusal-invalid-player-count = Les petits Dragons is played by { $low } to { $high } players.
petits_dragons-refusal-invalid-teams = Teams must split every player into equal teams of two or more.
petits_dragons-refusal-invalid-transfers = This answer to the penalty is not valid: give eggs to enemies or remove them from your nest, one egg per transfer.
petits_dragons-refusal-legal-move-available = A move is possible with this roll: it must be played.
petits_dragons-refusal-multi-colour-disabled = Without the several-peoples variant, every player leads one people.
petits_dragons-refusal-must-roll = The first roll of a turn is compulsory.
petits_dragons-refusal-nest-empty = There is no pawn left in the nest.
petits_dragons-refusal-no-colour = Every player leads at least one people.
petits_dragons-refusal-not-a-double = Red { $red }, blue { $blue }: this is not a double.
petits_dragons-refusal-not-adjacent = The path jumps to { $cell }: each cell must touch the one before.
petits_dragons-refusal-not-own-colour-cell = { $colour } teleports only onto a cell of its colour, not onto { $cell }.
petits_dragons-refusal-not-your-penalty = This penalty is { $colour }'s.
petits_dragons-refusal-not-your-piece = { $piece } does not belong to the people whose turn it is.
petits_dragons-refusal-not-your-turn = It is not your turn: { $player } plays { $colour }.
petits_dragons-refusal-own-branch-climb = A dragon never climbs its own branch, the one it comes down from its nest.
petits_dragons-refusal-penalty-not-pending = This penalty is already settled.
petits_dragons-refusal-piece-not-in-play = { $piece } is not in play: it is { $position }.
petits_dragons-refusal-reversal-not-allowed = A dragon never turns back, except by bouncing on the centre.
petits_dragons-refusal-stack-full = No more than two pawns stack.
petits_dragons-refusal-target-must-be-defeated = A combat's penalty goes to the defeated, { $colour }.
petits_dragons-refusal-target-not-enemy = { $colour } is not an enemy in play: allies never give each other penalties.
petits_dragons-refusal-teams-without-alliances = Teams are formed only with the alliances variant.
petits_dragons-refusal-teleport-not-allowed = Only the chief and stacked pawns teleport.
petits_dragons-refusal-unknown-cell = There is no such cell.
petits_dragons-refusal-unknown-command = This is not a move of Les petits Dragons.
petits_dragons-refusal-unknown-penalty = There is no such penalty.
petits_dragons-refusal-unknown-piece = There is no such dragon.
petits_dragons-refusal-unknown-seat = You have no seat in this game.
petits_dragons-refusal-wrong-denomination = A { $denomination } egg does not suit this penalty.
petits_dragons-refusal-wrong-direction = Red { $red }, blue { $blue }: on the outer ring a lone pawn goes { $direction }.
petits_dragons-refusal-wrong-path-length = The path must have { $value } { $value ->
    [one] cell
   *[other] cells
}.
petits_dragons-refusal-wrong-phase = This is not possible now ({ $phase }).
petits_dragons-refusal-wrong-total = These eggs make { $total }: { $due } is due.
petits_dragons-refusal-ally-occupied-plain = An allied dragon holds this cell: no stopping there.
petits_dragons-refusal-already-there-plain = This dragon is already on this cell.
petits_dragons-refusal-awaiting-other-player-plain = Play waits for a penalty to be handed out.
petits_dragons-refusal-branch-already-used-plain = This dragon has already used this branch this turn.
petits_dragons-refusal-chief-dead-plain = The chief is dead: no dragon can hatch any more.
petits_dragons-refusal-duplicate-colour-plain = A colour is given twice.
petits_dragons-refusal-egg-not-in-nest-plain = This nest does not have these eggs to remove.
petits_dragons-refusal-egg-unavailable-plain = The bank has none of these eggs left.
petits_dragons-refusal-not-a-double-plain = This roll is not a double.
petits_dragons-refusal-not-adjacent-plain = The path skips a cell: each cell must touch the one before.
petits_dragons-refusal-not-own-colour-cell-plain = A dragon teleports only onto a cell of its colour.
petits_dragons-refusal-not-your-penalty-plain = This penalty is not yours.
petits_dragons-refusal-not-your-piece-plain = This dragon does not belong to the people whose turn it is.
petits_dragons-refusal-not-your-turn-plain = It is not your turn.
petits_dragons-refusal-piece-not-in-play-plain = This dragon is not in play.
petits_dragons-refusal-target-must-be-defeated-plain = A combat's penalty goes to the defeated.
petits_dragons-refusal-target-not-enemy-plain = This colour is not an enemy in play.
petits_dragons-refusal-wrong-denomination-plain = These eggs do not suit this penalty.
petits_dragons-refusal-wrong-direction-plain = On the outer ring a lone pawn goes the way the dice say.
petits_dragons-refusal-wrong-path-length-plain = The path is not as long as the roll.
petits_dragons-refusal-wrong-phase-plain = This is not possible now.
petits_dragons-refusal-wrong-total-plain = These eggs do not make the penalty's total.

## The picture's text.
petits_dragons-picture-centre = centre
petits_dragons-picture-arena = arena
petits_dragons-picture-branch = { $branch } branch
petits_dragons-picture-turn = Round { $round }, turn { NUMBER($turn, useGrouping: 0) }: { $colour } ({ $player }), { $phase }
petits_dragons-picture-round = Round { $round }
petits_dragons-picture-last-roll = Last roll: red { $red }, blue { $blue } ({ $outcome })
petits_dragons-picture-die-red = red
petits_dragons-picture-die-blue = blue
petits_dragons-picture-bank = Eggs in the bank: { $e500 } × 500, { $e100 } × 100, { $e50 } × 50
petits_dragons-picture-finished = Game over: { $reason }
petits_dragons-picture-rank = { $rank }. { $side }: { $score } { $score ->
    [one] point
   *[other] points
}
petits_dragons-picture-legend-pieces = C: the chief · 3: pawn 3 · 3+5: pawns 3 and 5 stacked · a dragon's or a cell's symbol gives its colour
petits_dragons-picture-legend-board = The outer ring joins the bases of the branches; each branch climbs to the arena, then the centre.
petits_dragons-picture-legend-colours = A cell of its own colour gives a dragon +3 in combat and is where it may teleport:
petits_dragons-picture-penalty = Penalty { $penalty } of { $owner }: { $value } to hand out ({ $kind })
petits_dragons-picture-penalty-restricted = Penalty { $penalty } of { $owner }: { $value } to give to the defeated { $target } ({ $kind })
petits_dragons-picture-panel = { $colour } · { $player }
petits_dragons-picture-panel-chief-dead = chief dead
petits_dragons-picture-eggs = eggs: { $e500 } × 500, { $e100 } × 100, { $e50 } × 50 = { $total } { $total ->
    [one] point
   *[other] points
}
petits_dragons-picture-nest = nest:
petits_dragons-picture-exit = exit:
petits_dragons-picture-home = home:
petits_dragons-picture-out = out:

## The options of a new game (the lobby's form).
petits_dragons-option-seats = Each player's colours
petits_dragons-option-option-multi-colour = Several colours per player
petits_dragons-option-option-alliances = Alliances (team play)
petits_dragons-option-teams = Teams
