# Éclats des Cités in English. Ids start with "eclats_des_cites-"; each is used in
# domain/eclats_des_cites/words.py. Arguments: $player is a player's name, numbers ($count,
# $prestige...) are numbers, every other argument is the display name of a component
# (a card, a pile, a wonder, an upgrade...). The names translate the seed's French names.

## Names of the components.
eclats_des_cites-card-bois = Wood
eclats_des_cites-card-pierre = Stone
eclats_des_cites-card-metal = Metal
eclats_des_cites-card-cristal = Crystal
eclats_des_cites-card-energie = Energy
eclats_des_cites-card-caravane = Caravan
eclats_des_cites-card-comptoir = Trading Post
eclats_des_cites-card-prisme-de-seve = Sap Prism
eclats_des_cites-card-jardin-des-brumes = Garden of Mists
eclats_des_cites-card-archives-des-echos = Archives of Echoes
eclats_des_cites-card-bastion = Bastion
eclats_des_cites-card-heraut = Herald
eclats_des_cites-card-sentinelle = Sentinel
eclats_des_cites-card-roue = Wheel
eclats_des_cites-card-spirale = Spiral
eclats_des_cites-card-tablette = Tablet
eclats_des_cites-card-boussole = Compass
eclats_des_cites-card-belvedere = Belvedere
eclats_des_cites-family-resource = Resources
eclats_des_cites-family-joker = Jokers
eclats_des_cites-family-culture = Culture
eclats_des_cites-family-protection = Protection
eclats_des_cites-family-science = Science
eclats_des_cites-family-exploration = Exploration
eclats_des_cites-family-mark-resource = R
eclats_des_cites-family-mark-joker = J
eclats_des_cites-family-mark-culture = C
eclats_des_cites-family-mark-protection = P
eclats_des_cites-family-mark-science = S
eclats_des_cites-family-mark-exploration = E
eclats_des_cites-stage-socle = Base
eclats_des_cites-stage-galerie = Gallery
eclats_des_cites-stage-terrasse = Terrace
eclats_des_cites-stage-salle = Hall
eclats_des_cites-stage-couronnement = Crowning
eclats_des_cites-wonder-observatoire = Observatory
eclats_des_cites-wonder-sanctuaire = Sanctuary
eclats_des_cites-wonder-colosse = Colossus
eclats_des_cites-wonder-pyramide-des-aurores = Pyramid of Dawns
eclats_des_cites-wonder-palais = Palace
eclats_des_cites-power-vision = Vision
eclats_des_cites-power-rempart = Rampart
eclats_des_cites-power-portee = Reach
eclats_des_cites-power-cour = Court
eclats_des_cites-wonder-power-observatoire = Vision, at stages 2 and 4: reveal the top 4 cards of the central pile, play one and put the others under the pile
eclats_des_cites-wonder-power-sanctuaire = Rampart, at stages 2 and 4: +1 permanent shield
eclats_des_cites-wonder-power-colosse = Reach, at stages 2 and 4: take and play the top card of any pile
eclats_des_cites-wonder-power-pyramide-des-aurores = No power, but more Prestige
eclats_des_cites-wonder-power-palais = Court, at stages 2 and 4: take an upgrade, a face-up one or the first of the hidden pile
eclats_des_cites-upgrade-commerce = Trade
eclats_des_cites-upgrade-exploration = Exploration
eclats_des_cites-upgrade-technologie = Technology
eclats_des_cites-upgrade-protection = Protection
eclats_des_cites-upgrade-bonus = Bonus
eclats_des_cites-upgrade-multiplicateur = Multiplier ×2
eclats_des_cites-upgrade-progres = Progress
eclats_des_cites-upgrade-effect-commerce = after your first joker each turn, take and play one more card
eclats_des_cites-upgrade-effect-exploration = at the start of your turn, look in secret at the top card of the central pile
eclats_des_cites-upgrade-effect-technologie = to build, only the number of materials counts
eclats_des_cites-upgrade-effect-protection = +2 permanent shields for every battle
eclats_des_cites-upgrade-effect-bonus = after your first construction each turn, take and play one more card
eclats_des_cites-upgrade-effect-multiplicateur = in each construction, one joker worth 1 may count as 2
eclats_des_cites-upgrade-effect-progres = end of the game: 2 Prestige per upgrade held, this one included
eclats_des_cites-pile-central = central pile
eclats_des_cites-pile-border = border pile { $number }
eclats_des_cites-upgrade-pile-hidden = hidden upgrade pile
eclats_des_cites-source-setup = wonder choice
eclats_des_cites-source-turn = turn
eclats_des_cites-source-commerce = Trade
eclats_des_cites-source-bonus = Bonus
eclats_des_cites-source-colosse = Colossus
eclats_des_cites-source-boussole = Compass
eclats_des_cites-source-belvedere = Belvedere
eclats_des_cites-source-observatoire = Observatory
eclats_des_cites-source-science = science symbols
eclats_des_cites-source-palais = Palace
eclats_des_cites-decision-choose-wonder = the choice of a wonder
eclats_des_cites-decision-take-card = a card to be taken
eclats_des_cites-decision-choose-revealed-card = the choice of a revealed card
eclats_des_cites-decision-choose-upgrade = the choice of an upgrade
eclats_des_cites-end-reason-wonder-completed = a wonder is complete
eclats_des_cites-end-reason-piles-exhausted = every pile is empty
eclats_des_cites-decided-by-score = Prestige
eclats_des_cites-decided-by-stages-built = the most stages built
eclats_des_cites-decided-by-turn-position = the later place in turn order

## Sentences of the game's history, one per event.
eclats_des_cites-wonder-chosen = { $player } chooses the { $wonder }.
eclats_des_cites-wonder-chosen-automatic = { $player } receives the one wonder left, the { $wonder }.
eclats_des_cites-central-top-peeked = { $player } looks in secret at the top card of the central pile: { $card } (Exploration).
eclats_des_cites-central-top-peeked-unseen = { $player } looks in secret at the top card of the central pile (Exploration).
eclats_des_cites-card-taken-border = { $player } takes and plays the { $card } card from { $pile }; the { $top } card is revealed.
eclats_des_cites-card-taken-border-last = { $player } takes and plays the { $card } card, the last of { $pile }.
eclats_des_cites-card-taken-central = { $player } takes and plays the hidden top card of the central pile: { $card }.
eclats_des_cites-conflict-alerted = The { $card } card puts { $added } conflict { $added ->
    [one] marker
   *[other] markers
} on alert ({ $alerts } of { $markers } on alert).
eclats_des_cites-conflict-alerted-lost = The { $card } card puts { $added } conflict { $added ->
    [one] marker
   *[other] markers
} on alert: all { $markers } are on alert and { $lost } { $lost ->
    [one] alert is
   *[other] alerts are
} lost.
eclats_des_cites-conflict-alerted-full = All { $markers } conflict markers are already on alert: the { $card } card's { $lost } { $lost ->
    [one] alert is
   *[other] alerts are
} lost.
eclats_des_cites-cards-revealed = With the { $source } card, { $player } reveals { $count ->
    [one] the last card of the central pile
   *[other] { $count } cards of the central pile
}: { $cards }.
eclats_des_cites-cards-revealed-observatoire = With the power of the { $source }, { $player } reveals { $count ->
    [one] the last card of the central pile
   *[other] { $count } cards of the central pile
}: { $cards }.
eclats_des_cites-revealed-card-chosen = { $player } plays the { $card } card; { $returned } { $count ->
    [one] goes
   *[other] go
} under the central pile.
eclats_des_cites-revealed-card-chosen-automatic = { $player } plays the only card revealed, { $card }.
eclats_des_cites-card-discarded = { $player } discards the { $card } Exploration card.
eclats_des_cites-science-set-pair = { $player } gathers two identical { $card } symbols and discards them to take an upgrade.
eclats_des_cites-science-set-triple = { $player } gathers three different symbols ({ $cards }) and discards them to take an upgrade.
eclats_des_cites-upgrade-taken = { $player } takes the { $upgrade } upgrade.
eclats_des_cites-upgrade-taken-replaced = { $player } takes the { $upgrade } upgrade; the { $replacement } upgrade is revealed in its place.
eclats_des_cites-upgrade-taken-hidden = { $player } takes the first upgrade of the hidden pile: { $upgrade }.
eclats_des_cites-stage-built = { $player } builds stage { $number }, the { $stage }, for { $prestige } Prestige, { $payment }.
eclats_des_cites-stage-built-final = { $player } builds stage { $number }, the { $stage }, for { $prestige } Prestige, { $payment }: the wonder is complete and the game ends with this turn.
eclats_des_cites-payment = discarding { $cards }
eclats_des_cites-payment-doubled = discarding { $cards }, the { $joker } counting as 2 (Multiplier ×2)
eclats_des_cites-payment-technologie = discarding { $cards } (Technology: only the number of materials counts)
eclats_des_cites-payment-technologie-doubled = discarding { $cards }, the { $joker } counting as 2 (Multiplier ×2; Technology: only the number of materials counts)
eclats_des_cites-wonder-power-triggered = The power of the { $wonder } triggers for { $player }: { $power } (stage { $stage }).
eclats_des_cites-permanent-shields-gained = { $player } gains { $amount } permanent { $amount ->
    [one] shield
   *[other] shields
} ({ $total } in all).
eclats_des_cites-extra-take-granted = { $player } will take and play one more card ({ $source }).
eclats_des_cites-extra-reveal-granted = { $player } will reveal { $count } cards of the central pile and play one ({ $source }).
eclats_des_cites-grant-forfeited-card = { $player } has no card within reach: the extra card ({ $source }) is lost.
eclats_des_cites-grant-forfeited-reveal = The central pile is empty: { $player } reveals nothing ({ $source }).
eclats_des_cites-grant-forfeited-upgrade = No upgrade is left: { $player } takes none ({ $source }).
eclats_des_cites-battle-fought = Battle! Strength: { $strengths }. { $victories }. { $discarded ->
    [0] No card is discarded
    [one] The one signal card (Bastion or Herald) in play is discarded
   *[other] The { $discarded } signal cards (Bastions and Heralds) in play are discarded
}; the markers return to peace.
eclats_des_cites-battle-strength = { $player } ({ $strength })
eclats_des_cites-battle-victories = { $player } wins { $count } { $count ->
    [one] victory
   *[other] victories
}
eclats_des_cites-battle-no-victory = Nobody wins a victory
eclats_des_cites-turn-skipped = { $player } has no card within reach and misses the turn.
eclats_des_cites-game-ended = The game is over ({ $reason }): { $player } wins with { $total } Prestige.
eclats_des_cites-game-ended-tie = The game is over ({ $reason }): { $player } wins with { $total } Prestige, tied on Prestige; decided by { $decided }.

## Labels of the legal commands.
eclats_des_cites-label-choose-wonder = Choose the { $wonder } (power at stages 2 and 4: { $power }; { $prestige } Prestige when complete)
eclats_des_cites-label-choose-wonder-no-power = Choose the { $wonder } (no power; { $prestige } Prestige when complete)
eclats_des_cites-label-take-left = Take the { $card } card from your left pile ({ $pile })
eclats_des_cites-label-take-right = Take the { $card } card from your right pile ({ $pile })
eclats_des_cites-label-take-border = Take the { $card } card from { $pile }
eclats_des_cites-label-take-border-unseen = Take the top card of { $pile }
eclats_des_cites-label-take-central = Take the hidden top card of the central pile
eclats_des_cites-label-choose-revealed-card = Play the { $card } card (the others go under the central pile)
eclats_des_cites-label-choose-upgrade = Take the { $upgrade } upgrade: { $effect }
eclats_des_cites-label-choose-upgrade-hidden = Take the first upgrade of the hidden pile ({ $count } face down)

## Steps: the question a decision asks, then its options (the labels above).
eclats_des_cites-step-choose-wonder = Choose a wonder
eclats_des_cites-step-take-turn = Take a card
eclats_des_cites-step-take-extra = Take one more card ({ $source })
eclats_des_cites-step-take-colosse = Take the top card of any pile ({ $source })
eclats_des_cites-step-choose-revealed-card = Play one of the cards revealed by the { $source } card
eclats_des_cites-step-choose-revealed-card-observatoire = Play one of the cards revealed by the { $source }
eclats_des_cites-step-choose-upgrade-science = Take an upgrade (science symbols)
eclats_des_cites-step-choose-upgrade-palais = Take an upgrade ({ $source })

## Refusals, said to the player whose command was refused.
eclats_des_cites-refusal-card-not-revealed = The { $card } card is not among the revealed cards.
eclats_des_cites-refusal-game-finished = The game is over.
eclats_des_cites-refusal-hidden-pile-empty = The hidden upgrade pile is empty.
eclats_des_cites-refusal-invalid-options = Éclats des Cités is played by { $low } to { $high } players.
eclats_des_cites-refusal-invalid-payload = This is not a valid Éclats des Cités command.
eclats_des_cites-refusal-not-a-player = You hold no seat in this game.
eclats_des_cites-refusal-not-your-turn = It is not your turn: the game is waiting for { $player }.
eclats_des_cites-refusal-pile-empty = There is no card left in { $pile }.
eclats_des_cites-refusal-pile-empty-central = There is no card left in the central pile.
eclats_des_cites-refusal-pile-not-allowed = You may not take from { $pile } now: take from your left pile, your right pile or the central pile.
eclats_des_cites-refusal-unknown-pile = There is no such pile: the piles are the central pile and border piles 1 to { $count }.
eclats_des_cites-refusal-unknown-upgrade = There is no such upgrade.
eclats_des_cites-refusal-unknown-wonder = There is no such wonder.
eclats_des_cites-refusal-upgrade-not-available = The { $upgrade } upgrade is not face up: take a face-up upgrade or the first of the hidden pile.
eclats_des_cites-refusal-wonder-taken = { $player } already has the { $wonder }.
eclats_des_cites-refusal-wrong-command = The game is waiting for { $expected }, not for { $got }.
eclats_des_cites-refusal-card-not-revealed-plain = That card is not among the revealed cards.
eclats_des_cites-refusal-not-your-turn-plain = It is not your turn.
eclats_des_cites-refusal-pile-empty-plain = That pile is empty.
eclats_des_cites-refusal-pile-not-allowed-plain = You may not take from that pile now.
eclats_des_cites-refusal-unknown-pile-plain = There is no such pile.
eclats_des_cites-refusal-upgrade-not-available-plain = That upgrade is not face up.
eclats_des_cites-refusal-wonder-taken-plain = That wonder is already taken.
eclats_des_cites-refusal-wrong-command-plain = The game is not waiting for this command now.

## The picture's text.
eclats_des_cites-picture-piles = Piles
eclats_des_cites-picture-pile-central = Central pile
eclats_des_cites-picture-pile-border = Border { $number }
eclats_des_cites-picture-pile-count = { $count } { $count ->
    [one] card
   *[other] cards
}
eclats_des_cites-picture-pile-face-down = face down
eclats_des_cites-picture-pile-empty = empty
eclats_des_cites-picture-upgrades = Upgrades
eclats_des_cites-picture-slot-empty = empty slot
eclats_des_cites-picture-hidden-upgrades = hidden pile: { $count }
eclats_des_cites-picture-markers = conflict markers:
eclats_des_cites-picture-on-alert = { $alerts } of { $markers } on alert
eclats_des_cites-picture-pending = { $player } · { $decision }
eclats_des_cites-picture-offered-piles = On offer (thick green frame): { $piles }
eclats_des_cites-picture-wonder-option = { $prestige } Prestige
eclats_des_cites-picture-wonder-power = { $wonder }: { $power }
eclats_des_cites-picture-upgrade-option = { $upgrade }: { $effect }
eclats_des_cites-picture-hidden-option = Hidden pile: its first upgrade, unknown ({ $count } face down)
eclats_des_cites-picture-revealed-by = Revealed (thick green frame); the cards not chosen go under the central pile:
eclats_des_cites-picture-turn = Turn { $turn }: { $player } · jokers played: { $jokers } · stages built this turn: { $stages }
eclats_des_cites-picture-ended = The game is over: { $reason }.
eclats_des_cites-picture-grants = { $count ->
    [one] One more card to take
   *[other] { $count } more cards to take
}: { $sources }
eclats_des_cites-picture-exploring = Exploration in progress: { $card }
eclats_des_cites-picture-peeked = Exploration: at the start of this turn you saw the top card of the central pile: { $card }
eclats_des_cites-picture-discard = Discard pile ({ $count } { $count ->
    [one] card
   *[other] cards
}):
eclats_des_cites-picture-discard-empty = Discard pile: empty
eclats_des_cites-picture-counted = { $count ->
    [one] { $card }
   *[other] { $card } ×{ $count }
}
eclats_des_cites-picture-seat = Strength { $strength } · { $victories } { $victories ->
    [one] victory
   *[other] victories
} · { $prestige } Prestige
eclats_des_cites-picture-seat-wonder = { $player } · { $wonder }
eclats_des_cites-picture-seat-no-wonder = { $player } · no wonder yet
eclats_des_cites-picture-mark-active = to play
eclats_des_cites-picture-mark-winner = rank { $rank }, wins the game
eclats_des_cites-picture-mark-rank = rank { $rank }
eclats_des_cites-picture-seat-piles = piles: left border { $left } · right border { $right }
eclats_des_cites-picture-stage = { $number }. { $stage }
eclats_des_cites-picture-stage-built = ✓ { $prestige } Prestige
eclats_des_cites-picture-stage-prestige = { $prestige } Prestige
eclats_des_cites-picture-requirement-different = { $count } different
eclats_des_cites-picture-requirement-identical = { $count } identical
eclats_des_cites-picture-requirement-any = { $count } materials
eclats_des_cites-picture-shields = shields: { $shields } ({ $permanent } permanent)
eclats_des_cites-picture-seat-upgrades = Upgrades: { $upgrades }
eclats_des_cites-picture-seat-no-upgrades = Upgrades: none
eclats_des_cites-picture-tableau = Kept cards:
eclats_des_cites-picture-tableau-empty = Kept cards: none
eclats_des_cites-picture-legend = Families: { $families }
eclats_des_cites-picture-family-key = { $mark } { $family }
eclats_des_cites-picture-legend-marks = Thick green frame: what the decision offers · ✓ stage built · ! conflict marker on alert

## The options of a new game (the lobby's form).
eclats_des_cites-option-seat-count = Players
