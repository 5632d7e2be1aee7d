# Les Tours Arc-en-Ciel in English. The French rules (docs/seeds/000_1df67cade7f84abf.txt) are the
# original; the English names translate the seed's (the Houses, the islands, the Dragons'
# specialties) and follow the spec (docs/rules/tours_arc_en_ciel.md) elsewhere.
# Ids start with "tours_arc_en_ciel-"; each is used in domain/tours_arc_en_ciel/words.py.
# Arguments: $player (and $owner, $drawer, $victim) is a player's name, or their House's name;
# numbers ($count, $strength...) are numbers; any other argument is the display name of a
# component (an island, a tower, a Dragon...). No pronoun ever stands for a player.

## The Houses: the name of a seat whose player gave no name.
tours_arc_en_ciel-house-bronze = House of Bronze
tours_arc_en_ciel-house-moon = House of the Moon
tours_arc_en_ciel-house-water = House of Water
tours_arc_en_ciel-house-fire = House of Fire
tours_arc_en_ciel-house-air = House of Air
tours_arc_en_ciel-house-light = House of Light
tours_arc_en_ciel-house-shadow = House of Shadow
tours_arc_en_ciel-house-ice = House of Ice
# Each House's symbol, drawn beside its colour (for players who cannot tell the colours apart).
tours_arc_en_ciel-house-symbol-bronze = ◆
tours_arc_en_ciel-house-symbol-moon = { "☾\uFE0E" }
tours_arc_en_ciel-house-symbol-water = ▼
tours_arc_en_ciel-house-symbol-fire = ▲
tours_arc_en_ciel-house-symbol-air = { "☁\uFE0E" }
tours_arc_en_ciel-house-symbol-light = { "☀\uFE0E" }
tours_arc_en_ciel-house-symbol-shadow = ◐
tours_arc_en_ciel-house-symbol-ice = { "❄\uFE0E" }

## The islands, their names with the article, and their stones (which name the towers).
tours_arc_en_ciel-island-diamond = Great Diamond Treasure
tours_arc_en_ciel-island-topaz = Topaz Fortress
tours_arc_en_ciel-island-amethyst = Amethyst Geode
tours_arc_en_ciel-island-jade = Jade Sea
tours_arc_en_ciel-island-ruby = Ruby Needle
tours_arc_en_ciel-island-sapphire = Sapphire Shards
tours_arc_en_ciel-island-emerald = Emerald Rampart
tours_arc_en_ciel-island-onyx = Onyx Cavern
tours_arc_en_ciel-island-opal = Opal Sanctuary
tours_arc_en_ciel-island-tiger-eye = Tiger's Eye Lair
tours_arc_en_ciel-island-carnelian = Carnelian Keep
tours_arc_en_ciel-island-pearl = Pearl River
tours_arc_en_ciel-island-garnet = Garnet Dome
tours_arc_en_ciel-island-platinum = Platinum Lode
tours_arc_en_ciel-island-peridot = Peridot Castle
tours_arc_en_ciel-island-aquamarine = Aquamarine Crystal
tours_arc_en_ciel-island-coral = Coral Forest
tours_arc_en_ciel-island-tourmaline = Tourmaline Pillar
tours_arc_en_ciel-island-lapis-lazuli = Lapis Lazuli Chain
tours_arc_en_ciel-island-silver = Silver Mine
tours_arc_en_ciel-island-gold = Gold Citadel
tours_arc_en_ciel-island-amber = Amber Ruins
tours_arc_en_ciel-island-jet = Jet Horn
tours_arc_en_ciel-island-turquoise = Turquoise Throne
tours_arc_en_ciel-island-ivory = Ivory Temple
tours_arc_en_ciel-the-island-diamond = the Great Diamond Treasure
tours_arc_en_ciel-the-island-topaz = the Topaz Fortress
tours_arc_en_ciel-the-island-amethyst = the Amethyst Geode
tours_arc_en_ciel-the-island-jade = the Jade Sea
tours_arc_en_ciel-the-island-ruby = the Ruby Needle
tours_arc_en_ciel-the-island-sapphire = the Sapphire Shards
tours_arc_en_ciel-the-island-emerald = the Emerald Rampart
tours_arc_en_ciel-the-island-onyx = the Onyx Cavern
tours_arc_en_ciel-the-island-opal = the Opal Sanctuary
tours_arc_en_ciel-the-island-tiger-eye = the Tiger's Eye Lair
tours_arc_en_ciel-the-island-carnelian = the Carnelian Keep
tours_arc_en_ciel-the-island-pearl = the Pearl River
tours_arc_en_ciel-the-island-garnet = the Garnet Dome
tours_arc_en_ciel-the-island-platinum = the Platinum Lode
tours_arc_en_ciel-the-island-peridot = the Peridot Castle
tours_arc_en_ciel-the-island-aquamarine = the Aquamarine Crystal
tours_arc_en_ciel-the-island-coral = the Coral Forest
tours_arc_en_ciel-the-island-tourmaline = the Tourmaline Pillar
tours_arc_en_ciel-the-island-lapis-lazuli = the Lapis Lazuli Chain
tours_arc_en_ciel-the-island-silver = the Silver Mine
tours_arc_en_ciel-the-island-gold = the Gold Citadel
tours_arc_en_ciel-the-island-amber = the Amber Ruins
tours_arc_en_ciel-the-island-jet = the Jet Horn
tours_arc_en_ciel-the-island-turquoise = the Turquoise Throne
tours_arc_en_ciel-the-island-ivory = the Ivory Temple
tours_arc_en_ciel-gem-diamond = Diamond
tours_arc_en_ciel-gem-topaz = Topaz
tours_arc_en_ciel-gem-amethyst = Amethyst
tours_arc_en_ciel-gem-jade = Jade
tours_arc_en_ciel-gem-ruby = Ruby
tours_arc_en_ciel-gem-sapphire = Sapphire
tours_arc_en_ciel-gem-emerald = Emerald
tours_arc_en_ciel-gem-onyx = Onyx
tours_arc_en_ciel-gem-opal = Opal
tours_arc_en_ciel-gem-tiger-eye = Tiger's Eye
tours_arc_en_ciel-gem-carnelian = Carnelian
tours_arc_en_ciel-gem-pearl = Pearl
tours_arc_en_ciel-gem-garnet = Garnet
tours_arc_en_ciel-gem-platinum = Platinum
tours_arc_en_ciel-gem-peridot = Peridot
tours_arc_en_ciel-gem-aquamarine = Aquamarine
tours_arc_en_ciel-gem-coral = Coral
tours_arc_en_ciel-gem-tourmaline = Tourmaline
tours_arc_en_ciel-gem-lapis-lazuli = Lapis Lazuli
tours_arc_en_ciel-gem-silver = Silver
tours_arc_en_ciel-gem-gold = Gold
tours_arc_en_ciel-gem-amber = Amber
tours_arc_en_ciel-gem-jet = Jet
tours_arc_en_ciel-gem-turquoise = Turquoise
tours_arc_en_ciel-gem-ivory = Ivory

## Other components.
tours_arc_en_ciel-tower = { $first }–{ $second } tower
tours_arc_en_ciel-fixed-bridge = { $first }–{ $second } fixed bridge ({ $house })
tours_arc_en_ciel-island-class-centre = great central island
tours_arc_en_ciel-island-class-medium = medium island
tours_arc_en_ciel-island-class-peripheral = peripheral island
tours_arc_en_ciel-specialty-blower = Blower
tours_arc_en_ciel-specialty-mason = Mason
tours_arc_en_ciel-specialty-letter-blower = B
tours_arc_en_ciel-specialty-letter-mason = M
tours_arc_en_ciel-dragon-name = { $specialty } { $strength } no. { $copy } of the { $house }
tours_arc_en_ciel-dragon = { $specialty } { $strength }
tours_arc_en_ciel-dragon-copy = { $specialty } { $strength } no. { $copy }
tours_arc_en_ciel-dragon-hidden = hidden Dragon
tours_arc_en_ciel-dragon-unknown = Dragon
tours_arc_en_ciel-dragon-hidden-known = hidden { $specialty } { $strength }
tours_arc_en_ciel-dragon-hidden-strength = hidden Dragon of strength { $strength }
tours_arc_en_ciel-condition-blower = Blower
tours_arc_en_ciel-condition-mason = Mason
tours_arc_en_ciel-condition-strength-15 = strength 15
tours_arc_en_ciel-condition-strength-20 = strength 20
tours_arc_en_ciel-chance-family-beneficial = beneficial
tours_arc_en_ciel-chance-family-harmful = harmful
tours_arc_en_ciel-chance-family-neutral = neutral
tours_arc_en_ciel-slot = face-up card no. { $number }
tours_arc_en_ciel-hand-card = "{ $card }" card in hand
tours_arc_en_ciel-quoted-card = "{ $card }"
tours_arc_en_ciel-pile-game = pile
tours_arc_en_ciel-pile-game-discard = played game cards
tours_arc_en_ciel-pile-chance = chance deck
tours_arc_en_ciel-pile-chance-discard = chance discard
tours_arc_en_ciel-phase-take = take a game card
tours_arc_en_ciel-phase-play = play a card
tours_arc_en_ciel-phase-third = last action
tours_arc_en_ciel-phase-over = game over
tours_arc_en_ciel-decided-by-score = the score
tours_arc_en_ciel-decided-by-pearls = the pearls
tours_arc_en_ciel-decided-by-roll = a d20 roll-off
tours_arc_en_ciel-end-reason-cards-exhausted = every game card has been taken
tours_arc_en_ciel-end-reason-all-dragons-on-board = a House has all its Dragons on the board
tours_arc_en_ciel-variant-invulnerability = the invulnerability variant (both cards of one's start island)
tours_arc_en_ciel-variant-share = the sharing variant (both cards of an enemy's start island)

## Chance cards (the rules give only their families: the titles are invented).
tours_arc_en_ciel-chance-add-defense = Add { $amount } pearls
tours_arc_en_ciel-chance-remove-enemy-defense = Remove { $amount } enemy pearls
tours_arc_en_ciel-chance-extra-dragon = Extra Dragon
tours_arc_en_ciel-chance-extra-dragon-condition = Extra Dragon ({ $condition })
tours_arc_en_ciel-chance-remove-enemy-dragon = Remove an enemy Dragon
tours_arc_en_ciel-chance-remove-enemy-dragon-condition = Remove an enemy Dragon ({ $condition })
tours_arc_en_ciel-chance-hide-dragons = Hide { $amount } Dragons
tours_arc_en_ciel-chance-resurrect = Resurrect { $amount ->
    [one] a Dragon
   *[other] { $amount } Dragons
}
tours_arc_en_ciel-chance-lose-defense = Lose { $amount } pearls
tours_arc_en_ciel-chance-give-enemy-defense = { $amount } pearls for the enemy
tours_arc_en_ciel-chance-lose-dragon = Lose a Dragon
tours_arc_en_ciel-chance-lose-dragon-condition = Lose a Dragon ({ $condition })
tours_arc_en_ciel-chance-enemy-dragon-arrives = An enemy Dragon arrives
tours_arc_en_ciel-chance-enemy-dragon-arrives-condition = An enemy Dragon arrives ({ $condition })
tours_arc_en_ciel-chance-resurrection-for-all = Resurrection for all
tours_arc_en_ciel-chance-bonus-points = Bonus of { $amount } points
tours_arc_en_ciel-chance-malus-points = Penalty of { $amount } points
tours_arc_en_ciel-chance-combat-plus = Combat: +{ $amount }
tours_arc_en_ciel-chance-combat-minus = Combat: −{ $amount }
tours_arc_en_ciel-chance-combat-double-strength = Combat: double strength
tours_arc_en_ciel-chance-combat-double-die = Combat: double d20
tours_arc_en_ciel-chance-combat-best-of-two = Combat: the better of two d20s
tours_arc_en_ciel-chance-combat-halve-strength = Combat: half strength
tours_arc_en_ciel-chance-combat-halve-die = Combat: half d20
tours_arc_en_ciel-chance-combat-worst-of-two = Combat: the worse of two d20s
tours_arc_en_ciel-chance-combat-dice-only = Combat: the dice alone
tours_arc_en_ciel-chance-combat-strength-only = Combat: strength alone
tours_arc_en_ciel-chance-combat-even-dice = Combat: even dice
tours_arc_en_ciel-chance-combat-odd-dice = Combat: odd dice
tours_arc_en_ciel-chance-bridges-needed-plus = One more bridge to own an island
tours_arc_en_ciel-chance-bridges-needed-minus = One bridge fewer to own an island

## The history's sentences, one per event (written from the event as its reader sees it).
tours_arc_en_ciel-gold-tower-roll = { $player } rolls the highest d20 and receives the Gold Rainbow tower: +1 strength for each of the House's Dragons in every combat.
tours_arc_en_ciel-gold-tower-previous-winner = { $player } won the previous game and receives the Gold Rainbow tower: +1 strength for each of the House's Dragons in every combat.
tours_arc_en_ciel-card-taken-face-up = { $player } takes the face-up "{ $card }" card.
tours_arc_en_ciel-card-taken-pile = { $player } takes the "{ $card }" card face down from the pile.
tours_arc_en_ciel-card-taken-pile-unseen = { $player } takes a face-down card from the pile.
tours_arc_en_ciel-face-up-refilled = The "{ $card }" card is turned face up in place no. { $slot }.
tours_arc_en_ciel-last-card-taken = That was the last game card: { $player } plays one last time.
tours_arc_en_ciel-card-played-land = { $player } plays the "{ $card }" card to land a Dragon.
tours_arc_en_ciel-card-played-discard = { $player } plays the "{ $card }" card for nothing.
tours_arc_en_ciel-card-played-chance-instead = { $player } plays the "{ $card }" card for nothing and draws a chance card instead of bringing a Dragon.
tours_arc_en_ciel-card-played-atomize = { $player } plays two "{ $card }" cards to atomize an enemy Dragon.
tours_arc_en_ciel-card-played-invulnerability = { $player } plays both "{ $card }" cards of the House's start island to be invulnerable this turn.
tours_arc_en_ciel-card-played-share = { $player } plays both "{ $card }" cards of an enemy start island to share an island.
tours_arc_en_ciel-arrived-card = { $player } lands a { $dragon } on the { $tower }.
tours_arc_en_ciel-arrived-card-attack = { $player } attacks the { $tower } with a { $dragon }.
tours_arc_en_ciel-arrived-move = { $player } moves a { $dragon } from the { $source } to the { $tower }, crossing { $via }.
tours_arc_en_ciel-arrived-move-attack = { $player } moves a { $dragon } from the { $source }, crosses { $via } and attacks the { $tower }.
tours_arc_en_ciel-arrived-atomize = { $player } lands a { $dragon } on the deserted { $tower }.
tours_arc_en_ciel-arrived-extra = Thanks to the chance card, { $player } lands an extra Dragon, a { $dragon }, on the { $tower }.
tours_arc_en_ciel-arrived-extra-attack = Thanks to the chance card, { $player } attacks the { $tower } with an extra Dragon, a { $dragon }.
tours_arc_en_ciel-arrived-enemy = Thanks to the chance card, { $player } brings a { $dragon } onto the { $tower }.
tours_arc_en_ciel-arrived-enemy-attack = Thanks to the chance card, { $player } attacks the { $tower } with a { $dragon }.
tours_arc_en_ciel-recycled = { $dragon } back from the eliminated
tours_arc_en_ciel-combat = Combat on the { $tower }: { $attacker }; { $defender }. { $outcome } { $reason }, and { $fate }.
tours_arc_en_ciel-combat-side = { $player } ({ $dragon }) scores { $total } with { $die } on the d20
tours_arc_en_ciel-combat-side-two-dice = { $player } ({ $dragon }) scores { $total } with { $first } and { $second } on the d20s
tours_arc_en_ciel-combat-attacker-wins = { $player } takes the tower
tours_arc_en_ciel-combat-defender-wins = { $player } keeps the tower
tours_arc_en_ciel-combat-reason-totals = with the higher total
tours_arc_en_ciel-combat-reason-tie = on a tie (the defender wins ties)
tours_arc_en_ciel-combat-reason-natural-20 = with a natural 20
tours_arc_en_ciel-combat-reason-natural-1 = on the opponent's natural 1
tours_arc_en_ciel-combat-reason-invulnerable = by invulnerability
tours_arc_en_ciel-combat-fate-reserve = the defeated { $dragon }, which was in its good right, returns to its camp
tours_arc_en_ciel-combat-fate-eliminated = the defeated { $dragon }, which was not in its good right, is eliminated from the game
tours_arc_en_ciel-defense-gained = The { $tower } gains { $count } { $count ->
    [one] pearl
   *[other] pearls
} (defence { $defense }).
tours_arc_en_ciel-defense-lost = The { $tower } loses { $count } { $count ->
    [one] pearl
   *[other] pearls
} (defence { $defense }).
tours_arc_en_ciel-dragons-swapped = { $player } swaps the { $first } on the { $tower_a } and the { $second } on the { $tower_b }; each tower gains a pearl.
tours_arc_en_ciel-dragon-atomized = { $player } atomizes the { $tower }: the { $dragon } ({ $victim }) is eliminated from the game { $pearls ->
    [0] (the tower had no pearl).
    [one] and the tower's only pearl is destroyed.
   *[other] and the tower's { $pearls } pearls are destroyed.
}
tours_arc_en_ciel-invulnerable = { $player } is invulnerable until the end of the turn: no combat can be lost.
tours_arc_en_ciel-island-shared = { $player } shares { $island } with { $owner }: each will score half its points.
tours_arc_en_ciel-share-ended = { $owner } no longer owns { $island }: the share with { $player } ends.
tours_arc_en_ciel-chance-drawn = { $player } draws the "{ $card }" chance card.
tours_arc_en_ciel-decision-requested = { $player } must choose the target of the "{ $card }" card.
tours_arc_en_ciel-decision-requested-many = { $player } must choose { $count } targets of the "{ $card }" card.
tours_arc_en_ciel-decision-requested-more = { $player } must choose { $count ->
    [one] a last target
   *[other] { $count } more targets
} of the "{ $card }" card.
tours_arc_en_ciel-decision-requested-other = { $player } must choose the target of the "{ $card }" card drawn by { $drawer }.
tours_arc_en_ciel-chance-declined = { $player } declines the "{ $card }" card.
tours_arc_en_ciel-chance-kept-combat = { $player } keeps the "{ $card }" card for the next combat.
tours_arc_en_ciel-chance-kept-points = { $player } keeps the "{ $card }" card until the final count.
tours_arc_en_ciel-chance-void = The "{ $card }" card has no possible effect.
tours_arc_en_ciel-dragon-removed = The { $dragon } ({ $player }) leaves the { $tower } and returns to its camp.
tours_arc_en_ciel-dragon-hidden-on = { $player } hides the { $dragon } on the { $tower }.
tours_arc_en_ciel-dragon-resurrected = An eliminated { $dragon } is reborn and returns to its camp ({ $player }).
tours_arc_en_ciel-threshold-changed = Owning { $island } now takes { $count } { $count ->
    [one] bridge
   *[other] bridges
}.
tours_arc_en_ciel-third-action-skipped = { $player } can neither draw a chance card, nor move nor swap a Dragon: the last action is skipped.
tours_arc_en_ciel-game-ended = The game is over ({ $reason }): { $player } wins with { $score } { $score ->
    [one] point
   *[other] points
}.
tours_arc_en_ciel-game-ended-tie = The game is over ({ $reason }): { $player } wins with { $score } { $score ->
    [one] point
   *[other] points
}, the tie broken by { $decided }.

## Labels of the legal commands.
tours_arc_en_ciel-label-take-pile = Take a face-down card from the pile
tours_arc_en_ciel-label-take-face-up = Take the face-up "{ $card }" card
tours_arc_en_ciel-label-land = Play the "{ $card }" card and land the { $dragon } on the { $tower }
tours_arc_en_ciel-label-discard = Play the "{ $card }" card for nothing
tours_arc_en_ciel-label-chance-instead = Play the "{ $card }" card for nothing and draw a chance card
tours_arc_en_ciel-label-atomize = Play two "{ $card }" cards and atomize the { $victim } on the { $tower }
tours_arc_en_ciel-label-atomize-land = Play two "{ $card }" cards, atomize the { $victim } on the { $tower } and land the { $dragon } there
tours_arc_en_ciel-label-invulnerability = Play both "{ $card }" cards and be invulnerable this turn
tours_arc_en_ciel-label-invulnerability-land = Play both "{ $card }" cards, be invulnerable this turn and land the { $dragon } on the { $tower }
tours_arc_en_ciel-label-share = Play both "{ $card }" cards and share { $island } with { $owner }
tours_arc_en_ciel-label-share-plain = Play both "{ $card }" cards and share { $island }
tours_arc_en_ciel-label-draw-chance = Draw a chance card
tours_arc_en_ciel-label-move = Move the { $dragon } from the { $source } to the { $destination }, crossing { $via }
tours_arc_en_ciel-label-swap = Swap the { $first } on the { $tower_a } and the { $second } on the { $tower_b }
tours_arc_en_ciel-label-skip = Skip the last action (none is possible)
tours_arc_en_ciel-label-decline = Decline the "{ $card }" card
tours_arc_en_ciel-label-resolve-add-defense = Add { $count } pearls to the { $tower }
tours_arc_en_ciel-label-resolve-remove-enemy-defense = Remove up to { $count } pearls from the { $tower } ({ $dragon })
tours_arc_en_ciel-label-resolve-give-enemy-defense = Give { $count } pearls to the { $tower } ({ $dragon })
tours_arc_en_ciel-label-resolve-remove-enemy-dragon = Send the { $dragon } on the { $tower } back to its camp
tours_arc_en_ciel-label-resolve-lose-dragon = Send the { $dragon } on the { $tower } back to your camp
tours_arc_en_ciel-label-resolve-hide = Hide the { $dragon } on the { $tower }
tours_arc_en_ciel-label-resolve-land = Land the { $dragon } on the { $tower }
tours_arc_en_ciel-label-resolve-resurrect = Bring the { $dragon } back to life
tours_arc_en_ciel-label-resolve-bridges = Choose { $island } for the "{ $card }" card
tours_arc_en_ciel-label-resolve-plain = Answer the chance card

## Steps: the choices that lead to a command (the action, then the Dragon, the island, the tower).
tours_arc_en_ciel-step-land = Land a Dragon
tours_arc_en_ciel-step-discard = Play a card for nothing
tours_arc_en_ciel-step-chance-instead = Draw a chance card instead of bringing a Dragon
tours_arc_en_ciel-step-atomize = Atomize an enemy Dragon
tours_arc_en_ciel-step-invulnerability = Become invulnerable this turn
tours_arc_en_ciel-step-share = Share an enemy island
tours_arc_en_ciel-step-move = Move a Dragon
tours_arc_en_ciel-step-swap = Swap two Dragons
tours_arc_en_ciel-step-dragon = the { $dragon }
tours_arc_en_ciel-step-card = with the "{ $card }" card
tours_arc_en_ciel-step-pair = with both "{ $card }" cards
tours_arc_en_ciel-step-tower = on the { $tower }
tours_arc_en_ciel-step-victim = the { $dragon } on the { $tower }
tours_arc_en_ciel-step-no-dragon = without landing a Dragon
tours_arc_en_ciel-step-share-island = share { $island }
tours_arc_en_ciel-step-from = the { $dragon } on the { $tower }
tours_arc_en_ciel-step-via = crossing { $island }
tours_arc_en_ciel-step-to = to the { $tower }
tours_arc_en_ciel-step-swap-with = with the { $dragon } on the { $tower }

## The picture's text.
tours_arc_en_ciel-picture-turn = Turn { $turn }: { $phase }
tours_arc_en_ciel-picture-active = to play: { $player }
tours_arc_en_ciel-picture-final-turn = final turn
tours_arc_en_ciel-picture-invulnerable = { $player } is invulnerable
tours_arc_en_ciel-picture-gold = Gold Rainbow tower: { $player }
tours_arc_en_ciel-picture-nobody = nobody
tours_arc_en_ciel-picture-pending = Chance card "{ $card }" drawn by { $drawer }: { $player } chooses { $count ->
    [one] a target
   *[other] { $count } more targets
}.
tours_arc_en_ciel-picture-share = Share: { $player } shares { $island } with { $owner }.
tours_arc_en_ciel-picture-face-up = Face-up cards:
tours_arc_en_ciel-picture-empty-slot = (empty)
tours_arc_en_ciel-picture-pile = Pile: { $count } { $count ->
    [one] card
   *[other] cards
}
tours_arc_en_ciel-picture-game-discard = Played game cards: { $count }
tours_arc_en_ciel-picture-game-discard-last = Played game cards: { $count }, the last "{ $card }"
tours_arc_en_ciel-picture-chance-deck = Chance cards: { $count }
tours_arc_en_ciel-picture-chance-discard = Chance discard: { $count }
tours_arc_en_ciel-picture-chance-discard-last = Chance discard: { $count }, the last "{ $card }"
tours_arc_en_ciel-picture-legend-houses = Houses: { $houses }.
tours_arc_en_ciel-picture-seat-house = { $symbol } { $house }
tours_arc_en_ciel-picture-legend-towers = On a tower: the symbol of the Dragon's House, its strength, B for Blower or M for Mason, then +its defence pearls; "?" and a dashed border: a hidden Dragon.
tours_arc_en_ciel-picture-legend-bridges = Under an island: the symbol of each House that owns it (at least half its bridges), and the bridges it takes when a chance card changed them. A thick bridge with a symbol: that House's fixed bridge.
tours_arc_en_ciel-picture-island-value = { $value } pts
tours_arc_en_ciel-picture-threshold = { $count } { $count ->
    [one] bridge
   *[other] bridges
}
tours_arc_en_ciel-picture-island-title = { $island }: { $value } points; { $threshold } of its { $bridges } bridges to own it; owners: { $owners }
tours_arc_en_ciel-picture-tower-dragon = { $house }{ $strength }{ $letter }
tours_arc_en_ciel-picture-tower-hidden = { $house } ?
tours_arc_en_ciel-picture-tower-empty = empty
tours_arc_en_ciel-picture-tower-title = { $tower }: { $dragon } of the { $house }, defence { $defense }
tours_arc_en_ciel-picture-tower-title-empty = { $tower }: empty, defence { $defense }
# A seat's score (final once the game is over): the total, then each island it scores
# (halved for a share), its point cards and its pearls (the tie-break).
tours_arc_en_ciel-picture-score = score { $score } = islands { $islands } ({ $places }) + cards { $cards } · { $pearls ->
    [one] { $pearls } pearl
   *[other] { $pearls } pearls
}
tours_arc_en_ciel-picture-score-island = { $island } { $points }
tours_arc_en_ciel-picture-score-no-island = none
tours_arc_en_ciel-picture-to-act = to act
tours_arc_en_ciel-picture-hand = Hand:
tours_arc_en_ciel-picture-hand-card = { $count ->
    [one] { $card }
   *[other] { $card } ×{ $count }
}
tours_arc_en_ciel-picture-hand-hidden = Hand: { $count } { $count ->
    [one] card, hidden
   *[other] cards, hidden
}
tours_arc_en_ciel-picture-camp = Camp: { $count } { $count ->
    [one] Dragon
   *[other] Dragons
}, { $strengths }
tours_arc_en_ciel-picture-camp-secret = Camp: { $count } { $count ->
    [one] Dragon
   *[other] Dragons
}, { $strengths } (specialties hidden)
tours_arc_en_ciel-picture-strengths = { $count } of strength { $strength }
tours_arc_en_ciel-picture-camp-empty = Camp: empty
tours_arc_en_ciel-picture-chip = { $strength }{ $letter }
tours_arc_en_ciel-picture-eliminated = Eliminated ({ $count }):
tours_arc_en_ciel-picture-eliminated-none = No Dragon eliminated
tours_arc_en_ciel-picture-atomized = Atomizations: { $count } of { $limit }
tours_arc_en_ciel-picture-combat-cards = For the next combat: { $cards }
tours_arc_en_ciel-picture-point-cards = For the final count: { $cards }

## Refusals, addressed to the player whose command is refused.
tours_arc_en_ciel-refusal-atomize-limit-reached = You have already atomized { $limit } times: that is the most in a game.
tours_arc_en_ciel-refusal-card-not-in-hand = You have no "{ $card }" card in hand.
tours_arc_en_ciel-refusal-chance-deck-empty = No chance card is left.
tours_arc_en_ciel-refusal-decision-pending = The "{ $card }" chance card needs an answer first.
tours_arc_en_ciel-refusal-decline-not-allowed = The "{ $card }" card cannot be declined.
tours_arc_en_ciel-refusal-dragon-not-available = This { $dragon } cannot land: it is not in your camp.
tours_arc_en_ciel-refusal-dragon-required = Choose the Dragon that will hold the deserted tower.
tours_arc_en_ciel-refusal-duplicate-house = A House can be chosen only once.
tours_arc_en_ciel-refusal-face-up-slot-empty = There is no face-up card left in place no. { $slot }.
tours_arc_en_ciel-refusal-game-over = The game is over.
tours_arc_en_ciel-refusal-invalid-gold-tower-seat = The last winner named for the Gold Rainbow tower is not in this game.
tours_arc_en_ciel-refusal-invalid-house-set = Enemy Dragons must face each other: choose diametrically opposed Houses.
tours_arc_en_ciel-refusal-invalid-parameters = This command does not give what the card or the action asks for.
tours_arc_en_ciel-refusal-invalid-seat-count = Les Tours Arc-en-Ciel is played by { $low } to { $high } Houses.
tours_arc_en_ciel-refusal-invalid-slot = Give a place from 1 to { $high } for a face-up card, and none for the pile.
tours_arc_en_ciel-refusal-invalid-target = This choice is not a target of the "{ $card }" card.
tours_arc_en_ciel-refusal-island-not-passable = You cannot cross { $island }: it belongs to the enemy.
tours_arc_en_ciel-refusal-no-eliminated-dragon = None of your Dragons has been eliminated.
tours_arc_en_ciel-refusal-no-pending-decision = No chance card is waiting for an answer.
tours_arc_en_ciel-refusal-not-enemy-start-island = The "{ $card }" card is not the start island of an enemy House in this game.
tours_arc_en_ciel-refusal-not-own-start-island = The "{ $card }" card is not your start island, { $island }.
tours_arc_en_ciel-refusal-not-your-decision = { $player } answers the "{ $card }" card.
tours_arc_en_ciel-refusal-not-your-dragon = The { $tower } holds none of your Dragons.
tours_arc_en_ciel-refusal-not-your-turn = It is not your turn: { $player } is playing.
tours_arc_en_ciel-refusal-pair-not-in-hand = You need two "{ $card }" cards in hand.
tours_arc_en_ciel-refusal-pile-empty = The pile is empty: take a face-up card.
tours_arc_en_ciel-refusal-reserve-not-empty = You still have Dragons in your camp: bring one.
tours_arc_en_ciel-refusal-same-tower = The { $tower } is given twice.
tours_arc_en_ciel-refusal-target-not-owned-by-enemy = { $owner } does not own { $island } by its bridges.
tours_arc_en_ciel-refusal-third-action-available = A last action is possible: draw a chance card, move or swap a Dragon.
tours_arc_en_ciel-refusal-tower-not-adjacent = The { $tower } guards no bridge that touches { $island }.
tours_arc_en_ciel-refusal-tower-not-enemy = The { $tower } is not guarded by an enemy Dragon.
tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon = The { $tower } is already guarded by one of your Dragons.
tours_arc_en_ciel-refusal-unknown-dragon = No Dragon of that name plays in this game.
tours_arc_en_ciel-refusal-unknown-house = There is no House of that name.
tours_arc_en_ciel-refusal-unknown-island = There is no island of that name.
tours_arc_en_ciel-refusal-unknown-seat = You have no House in this game.
tours_arc_en_ciel-refusal-unknown-tower = There is no Rainbow tower of that name (fixed bridges carry none).
tours_arc_en_ciel-refusal-variant-disabled = This game is played without { $variant }.
tours_arc_en_ciel-refusal-variant-requires-two-players = Bringing eliminated Dragons back is played by two only.
tours_arc_en_ciel-refusal-via-not-endpoint = The { $tower } does not touch { $island }.
tours_arc_en_ciel-refusal-wrong-phase = Not now: the current step is "{ $phase }".
tours_arc_en_ciel-refusal-card-not-in-hand-plain = You do not have this card in hand.
tours_arc_en_ciel-refusal-decision-pending-plain = A chance card needs an answer first.
tours_arc_en_ciel-refusal-decline-not-allowed-plain = This chance card cannot be declined.
tours_arc_en_ciel-refusal-dragon-not-available-plain = This Dragon cannot land now.
tours_arc_en_ciel-refusal-face-up-slot-empty-plain = There is no face-up card left in this place.
tours_arc_en_ciel-refusal-invalid-target-plain = This choice is not a target of the chance card.
tours_arc_en_ciel-refusal-island-not-passable-plain = This island belongs to the enemy: it cannot be crossed.
tours_arc_en_ciel-refusal-not-enemy-start-island-plain = This card is not the start island of an enemy House.
tours_arc_en_ciel-refusal-not-own-start-island-plain = This card is not your start island.
tours_arc_en_ciel-refusal-not-your-decision-plain = It is not for you to answer this chance card.
tours_arc_en_ciel-refusal-not-your-dragon-plain = This tower holds none of your Dragons.
tours_arc_en_ciel-refusal-not-your-turn-plain = It is not your turn.
tours_arc_en_ciel-refusal-pair-not-in-hand-plain = You need two cards of this island in hand.
tours_arc_en_ciel-refusal-same-tower-plain = The same tower is given twice.
tours_arc_en_ciel-refusal-target-not-owned-by-enemy-plain = That enemy House does not own this island by its bridges.
tours_arc_en_ciel-refusal-tower-not-adjacent-plain = This tower does not touch this island.
tours_arc_en_ciel-refusal-tower-not-enemy-plain = This tower is not guarded by an enemy Dragon.
tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon-plain = This tower is already guarded by one of your Dragons.
tours_arc_en_ciel-refusal-variant-disabled-plain = This game is played without this variant.
tours_arc_en_ciel-refusal-via-not-endpoint-plain = A Dragon can only cross an island its tower touches.
tours_arc_en_ciel-refusal-wrong-phase-plain = Not now.

## The options of a new game (the lobby's form).
tours_arc_en_ciel-option-houses = Houses
tours_arc_en_ciel-option-two-player-recycle = Eliminated Dragons land again (2 players)
tours_arc_en_ciel-option-natural-1-loses = A natural 1 loses the combat
tours_arc_en_ciel-option-natural-20-wins = A natural 20 wins the combat
tours_arc_en_ciel-option-start-pair-invulnerability = Both cards of one's start island: invulnerable for a turn
tours_arc_en_ciel-option-enemy-start-pair-share = Both cards of an enemy's start island: share one of its islands
