## Titles of the named positions (domain/tours_arc_en_ciel/positions.py), one per position id.

opening = The opening: fire and ice, the gold tower won on a second roll
last-move = The last move before the end: the last game card is taken
last-move-all-dragons-on-board = The last move before the end: every Dragon of a house on the board
last-move-tie-pearls = The last move before an end where equal scores are split by the pearls
finished = A finished game
take-a-face-up-card = Fire's first turn: take a face-up card or the top of the pile
landing = Fire holds an amethyst card: land a Dragon on an empty tower
landing-refused = Fire holds an amethyst card: landings the rules refuse
turn-errors = Fire's first turn: commands out of turn or out of phase
combat-next = Fire moves a Dragon onto a tower ice holds: a combat
chance-card-next = Fire's third action: draw a chance card
chance-decline = Ice draws a chance card it may decline
swap = Fire swaps the Dragons of two of its towers
atomize = Ice atomizes a fire Dragon with a pair of cards
third-action = Fire has landed: the third action, with chance cards left
attacker-wins = Fire lands on a tower ice holds and will win the combat
tie-to-defender = A fire mason attacks and the combat will end in a tie: the defender wins
blower-back = A fire blower attacks and will lose: it goes back to the reserve
last-card = The pile empty and one face-up card left: whoever takes it plays the last turn
variants = Both variants on: fire holds two cards of ice's start island
undeclinable = Fire draws a chance card that may not be declined (one more bridge to own an island)
atomize-limit = Ice has atomized twice: a third atomization is refused
chance-reshuffle = The chance deck is drawn to its end: ice's card instead of a landing reshuffles the discard
eight-houses = Eight Houses: water plays first, then round the board
move-errors = Fire's third action: the moves the rules refuse (an enemy's tower, an island off the bridge, the same tower, its own Dragon)
