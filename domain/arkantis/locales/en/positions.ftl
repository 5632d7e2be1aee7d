## Titles of the named positions (domain/arkantis/positions.py), one per position id.

opening = The opening of a default game: two players, a random layout
tournament-layout-1 = Tournament layout 1 with a 2 on the die: board A
tournament-die-4 = Tournament layout 1 with a 4 on the die: the middle row is skipped
tournament-layout-12 = Tournament layout 12 with a 6 on the die
explicit-layout = A layout chosen by the creator: the diagonal
no-new-red-shape = Board A: a removal that makes no new red shape
no-new-blue-shape = Board A: a removal that makes no new blue shape
no-new-shapes = Board A: a removal that makes no shape at all
remove-two-tokens = Board A: removing two tokens for two sesterces
remove-two-tokens-refused = Board A: removing two tokens, refused
validation-window = Board A: a four-cell shape to validate with a set square in hand
lay-card-refused = A shape awaits validation: cards that cannot validate it
pass-out-of-turn = Passing out of turn, or during the validation
buy-visible-then-lay = No set square in hand: buy the visible one, then lay it
forfeit-with-end-turn = Another player buys the matching card first: the shape is forfeited
visible-card-race = Two players race for the visible card
swap-duplicate = Two identical cards in hand: swap one
last-move = The last move before the end
last-move-tie-laid-value = The last move before an end decided by the value of the laid cards
last-move-tie-leave-position = The last move before an end decided by the order of passing
finished = A finished game
unknown-seat = Board A: a command from a seat this game lacks
first-move-ends-the-game = Board A: a first move after which nobody can act
no-removal-since-last-move = The player moved a token last time and none has been removed since: no other move
forced-pass-after-a-pass = A player is about to pass; the other, short of sesterces, will have no legal action
stuck-with-money = After a voluntary pass, the next player has no legal action whatever its sesterces: it passes, and the game ends
