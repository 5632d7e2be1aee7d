# ArkantiS in English. Ids start with "arkantis-"; each is used in domain/arkantis/words.py.
# Arguments: $player is a player's name, numbers ($count, $cost...) are numbers, every
# other argument is the display name of a component (a cell, a card, a pile...).

## Names of the components.
arkantis-cell = row { $row }, column { $column }
arkantis-shape = shape { $number }
arkantis-card-set-square = Set square
arkantis-card-hammer = Hammer
arkantis-card-bayonet = Bayonet
arkantis-card-column = Column
arkantis-card-paving = ArkantiS paving stone
arkantis-card-key = Key
arkantis-card-statuette = Statuette
arkantis-card-boot = Boot
arkantis-card-rampart = Rampart
arkantis-card-trowel = Trowel
arkantis-card-arch = Arch
arkantis-card-pickaxe = Pickaxe
arkantis-card-bastion = Bastion
arkantis-card-tiers = Tiers
arkantis-card-serpent = Serpent
arkantis-card-tower = ArkantiS tower
arkantis-card-cross = Cross
arkantis-pile-orange = orange pile
arkantis-pile-emerald = emerald pile
arkantis-pile-hidden-orange = face-down orange pile
arkantis-pile-hidden-emerald = face-down emerald pile
arkantis-colour-orange = orange
arkantis-colour-emerald = emerald
arkantis-shape-colour-red = red
arkantis-shape-colour-blue = blue
arkantis-source-hidden = face-down pile
arkantis-source-visible = face-up card
arkantis-phase-action = action phase
arkantis-phase-validation = validation phase
arkantis-decided-by-score = score
arkantis-decided-by-laid-value = value of the laid cards
arkantis-decided-by-laid-count = number of laid cards
arkantis-decided-by-leave-position = order of leaving
arkantis-pass-reason-voluntary = passed
arkantis-pass-reason-no-legal-action = no possible action

## Sentences of the game's history, one per event.
arkantis-first-player-drawn = { $player } plays first.
arkantis-tokens-removed-one = { $player } removes the token at { $cell }.
arkantis-tokens-removed-two = { $player } removes two tokens, at { $cells }, for { $cost } { $cost ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-token-moved = { $player } moves the token at { $source } to { $destination } for { $cost } { $cost ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-shapes-created = { $player } reveals { $count ->
    [one] a shape
   *[other] { $count } shapes
}: { $shapes }.
arkantis-shape-found-red = a red shape of { $size } { $size ->
    [one] cell
   *[other] cells
} ({ $shape })
arkantis-shape-found-blue = a blue shape of { $size } { $size ->
    [one] cell
   *[other] cells
} ({ $shape })
arkantis-shape-found-red-card = a red shape of { $size } cells ({ $shape }: { $card })
arkantis-shape-found-blue-card = a blue shape of { $size } cells ({ $shape }: { $card })
arkantis-sesterces-earned = { $player } earns { $paid } { $paid ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-sesterces-earned-bank-short = { $player } earns { $paid } of the { $owed } sesterces due: the bank is empty.
arkantis-card-laid = { $player } lays the { $card } card on { $shape } ({ $value } { $value ->
    [one] point
   *[other] points
}).
arkantis-turn-ended = { $player } ends the turn; { $count ->
    [one] the shape not validated is lost
   *[other] the { $count } shapes not validated are lost
} ({ $shapes }).
arkantis-player-passed = { $player } passes and leaves the game.
arkantis-player-passed-forced = { $player } has no possible action and leaves the game.
arkantis-card-bought-visible = { $player } buys the face-up { $card } card for { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-bought-hidden = { $player } buys the top card of the { $pile } ({ $card }) for { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-bought-hidden-unseen = { $player } buys the top card of the { $pile } for { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-turned-face-up = The { $card } card is turned face up beside the { $pile }.
arkantis-duplicate-swapped = { $player } shows two { $card } cards, puts one at the bottom of the { $pile } and draws its top card ({ $drawn }).
arkantis-duplicate-swapped-unseen = { $player } shows two { $card } cards, puts one at the bottom of the { $pile } and draws its top card.
arkantis-game-ended = The game is over: { $player } wins with { $score } { $score ->
    [one] point
   *[other] points
} (decided by: { $decided }).

## Labels of the legal commands.
arkantis-label-remove-token = Remove the token at { $cell }
arkantis-label-remove-two-tokens = Remove the tokens at { $cells } ({ $cost } sesterces)
arkantis-label-move-token = Move the token at { $source } to { $destination } ({ $cost } sesterces)
arkantis-label-lay-card = Lay the { $card } card on { $shape }
arkantis-label-end-turn = End the turn and lose { $count ->
    [one] the shape not validated
   *[other] the { $count } shapes not validated
} ({ $shapes })
arkantis-label-pass-turn = Pass and leave the game
arkantis-label-buy-hidden = Buy the top card of the { $pile } ({ $price } { $price ->
    [one] sesterce
   *[other] sesterces
})
arkantis-label-buy-visible = Buy the face-up { $card } card ({ $price } { $price ->
    [one] sesterce
   *[other] sesterces
})
arkantis-label-swap-duplicate = Show two { $card } cards and swap copy { $copy } for the top card of the { $pile }

## Steps: the choices leading to a command.
arkantis-step-remove-token = Remove one token (free)
arkantis-step-remove-two-tokens = Remove two tokens ({ $cost } sesterces)
arkantis-step-move-token = Move a token ({ $cost } sesterces)
arkantis-step-lay-card = Lay a card
arkantis-step-buy-card = Buy a card
arkantis-step-swap-duplicate = Swap a duplicate card
arkantis-step-cell = { $cell }
arkantis-step-from = the token at { $cell }
arkantis-step-to = to { $cell }
arkantis-step-shape = { $shape } ({ $card })
arkantis-step-card = the { $card } card
arkantis-step-swap-copy = put back copy { $copy } of the { $card }

## Refusals, said to the player whose command was refused.
arkantis-refusal-card-not-in-hand = The { $card } card is not in your hand.
arkantis-refusal-card-shape-mismatch = The { $card } card does not match { $shape }.
arkantis-refusal-cards-not-identical = These two cards are not the same vestige.
arkantis-refusal-cell-is-empty = There is no token at { $cell }.
arkantis-refusal-conflicting-layout-options = A tournament game draws its own layout: it takes no explicit layout.
arkantis-refusal-destination-not-empty = There is already a token at { $cell }.
arkantis-refusal-duplicate-cells = The same cell, { $cell }, is given twice.
arkantis-refusal-game-not-in-progress = The game is over.
arkantis-refusal-insufficient-sesterces = You are { $missing } { $missing ->
    [one] sesterce
   *[other] sesterces
} short: this costs { $cost }.
arkantis-refusal-invalid-cell = That is not a cell of the board (rows and columns 1 to { $size }).
arkantis-refusal-invalid-layout = A layout is 7 rows of 7 cells with exactly one empty cell in each row and each column.
arkantis-refusal-invalid-parameters = The command's parameters are not valid.
arkantis-refusal-invalid-player-count = ArkantiS is played by { $low } to { $high } players.
arkantis-refusal-invalid-tournament-config = A tournament configuration is a number from 1 to { $high }.
arkantis-refusal-no-new-blue-shape = This action reveals no new blue shape.
arkantis-refusal-no-new-red-shape = This action reveals no new red shape.
arkantis-refusal-no-new-shapes = This action reveals no new shape.
arkantis-refusal-no-removal-since-last-move = No token has been removed since your last move of a token.
arkantis-refusal-no-token-at-source = There is no token to move at { $cell }.
arkantis-refusal-no-visible-card = There is no face-up card beside the { $pile }.
arkantis-refusal-not-your-turn = It is not your turn: { $player } is playing.
arkantis-refusal-pile-empty = The { $pile } is empty.
arkantis-refusal-player-has-passed = You have passed and left the game.
arkantis-refusal-same-card = The same card is given twice.
arkantis-refusal-shape-already-validated = That shape ({ $shape }) is already validated.
arkantis-refusal-shape-not-validatable = Only shapes of 4 or 5 cells are validated with a card.
arkantis-refusal-swap-limit-reached = You have already swapped a duplicate card this turn.
arkantis-refusal-tournament-config-without-tournament-mode = A tournament configuration needs a tournament game.
arkantis-refusal-unknown-player = You hold no seat in this game.
arkantis-refusal-unknown-shape = No such shape was revealed this turn.
arkantis-refusal-visible-card-changed = The face-up card has changed: it is now the { $card } card.
arkantis-refusal-wrong-phase = That is not possible in the { $phase }.
arkantis-refusal-card-not-in-hand-plain = That card is not in your hand.
arkantis-refusal-card-shape-mismatch-plain = That card does not match that shape.
arkantis-refusal-cell-is-empty-plain = There is no token on that cell.
arkantis-refusal-destination-not-empty-plain = That cell already holds a token.
arkantis-refusal-duplicate-cells-plain = The same cell is given twice.
arkantis-refusal-insufficient-sesterces-plain = You do not have enough sesterces.
arkantis-refusal-no-token-at-source-plain = There is no token to move on that cell.
arkantis-refusal-no-visible-card-plain = There is no face-up card there.
arkantis-refusal-not-your-turn-plain = It is not your turn.
arkantis-refusal-pile-empty-plain = That pile is empty.
arkantis-refusal-shape-already-validated-plain = That shape is already validated.
arkantis-refusal-visible-card-changed-plain = The face-up card has changed: there is none now.
arkantis-refusal-wrong-phase-plain = That is not possible now.

## The picture's text.
arkantis-picture-pile = { $pile }
arkantis-picture-hidden-count = { $count } { $count ->
    [one] card
   *[other] cards
}
arkantis-picture-face-down = face down
arkantis-picture-face-up = face up:
arkantis-picture-no-visible = no face-up card
arkantis-picture-bank = bank: { $bank } { $bank ->
    [one] sesterce
   *[other] sesterces
}
arkantis-picture-tokens = tokens on the board: { $count }
arkantis-picture-turn = turn { $turn }
arkantis-picture-turn-phase = turn { $turn }, { $phase }
arkantis-picture-active = playing: { $player }
arkantis-picture-pending = shapes to validate: { $shapes }
arkantis-picture-shape = { $shape }: { $colour }, { $size } cells
arkantis-picture-shape-card = { $shape }: { $colour }, { $size } cells, { $card }
arkantis-picture-shape-laid = { $shape }: { $colour }, { $size } cells, validated with the { $card } card
arkantis-picture-seat = { $player }: { $sesterces } { $sesterces ->
    [one] sesterce
   *[other] sesterces
}, { $laid } { $laid ->
    [one] point
   *[other] points
} laid
arkantis-picture-mark-active = playing
arkantis-picture-mark-passed = passed (leaving order { $position })
arkantis-picture-mark-score = score { $score }, rank { $rank }
arkantis-picture-laid = laid:
arkantis-picture-hand = hand:
arkantis-picture-hand-empty = empty
arkantis-picture-hand-hidden = hidden
arkantis-picture-card-value = { $value } { $value ->
    [one] pt
   *[other] pts
}
arkantis-picture-legend-tokens = blue disc: a token · bare red cell: an empty cell
arkantis-picture-legend-shapes = a shape revealed this turn: red (empty cells) long dashes, blue (tokens) short dashes
arkantis-picture-legend-cards = ● orange card (5 cells) · ◆ emerald card (4 cells)

## The options of a new game (the lobby's form).
arkantis-option-player-count = Players
arkantis-option-tournament-mode = Tournament layout
arkantis-option-tournament-config = Tournament layout number
arkantis-option-explicit-layout = Chosen layout (7 rows)
