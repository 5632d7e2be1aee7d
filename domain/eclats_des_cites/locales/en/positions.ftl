## Titles of the named positions (domain/eclats_des_cites/positions.py), one per position id.

opening = The opening of a two-player game: the first wonder to choose
last-move = The last move before the end: a wonder is about to be completed
last-move-tie-stages-built = The last move before an end where equal scores are split by the stages built
finished = A finished game
wonder-taken = The second player to choose a wonder: the Colossus is taken
four-players-first-turn = Four players, the first turn: three piles within reach
three-players-first-turn = Three players, the first turn: the Archives of Echoes on top of a border pile
two-players-first-turn = Two players, the first turn: both border piles are shared
upgrade-to-choose = An upgrade to choose among the face-up ones or the hidden pile
turn-errors = Three players: a card taken out of turn
five-players = Five players: the last to choose gets the last wonder
battle = The third conflict marker on alert, two players: a battle at the end of the turn
first-stage = A card that completes the first stage of a wonder
empty-border = The first player's turn, with their left border pile (border 1) empty
turn-skipped = Five players: after this move the second player reaches no pile and is skipped
