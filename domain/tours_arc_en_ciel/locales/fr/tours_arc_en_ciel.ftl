# Les Tours Arc-en-Ciel en français, avec les mots de la règle (docs/seeds/000_1df67cade7f84abf.txt).
# Les identifiants commencent par « tours_arc_en_ciel- » ; chacun est employé dans
# domain/tours_arc_en_ciel/words.py. Arguments : $player (et $owner, $drawer, $victim) est le
# nom d'un joueur, ou celui de sa Maison ; les nombres ($count, $strength…) sont des nombres ;
# tout autre argument est le nom affiché d'un élément (une île, une tour, un Dragon…).
# Aucun pronom ne remplace un joueur : on écrit son nom. Jamais « de » ni « que » devant un nom
# de joueur (« d'Alice » ne s'écrit pas par un modèle) : le nom vient en sujet, après « par »,
# « avec », « à », ou entre parenthèses.

## Les Maisons (« chaque Maison ») : le nom d'une place dont le joueur n'a pas donné de nom.
tours_arc_en_ciel-house-bronze = Maison de Bronze
tours_arc_en_ciel-house-moon = Maison de la Lune
tours_arc_en_ciel-house-water = Maison de l'Eau
tours_arc_en_ciel-house-fire = Maison du Feu
tours_arc_en_ciel-house-air = Maison de l'Air
tours_arc_en_ciel-house-light = Maison de Lumière
tours_arc_en_ciel-house-shadow = Maison de l'Ombre
tours_arc_en_ciel-house-ice = Maison de Glace
# Le symbole de chaque Maison, dessiné à côté de sa couleur (pour qui ne distingue pas les couleurs).
tours_arc_en_ciel-house-symbol-bronze = ◆
tours_arc_en_ciel-house-symbol-moon = { "☾\uFE0E" }
tours_arc_en_ciel-house-symbol-water = ▼
tours_arc_en_ciel-house-symbol-fire = ▲
tours_arc_en_ciel-house-symbol-air = { "☁\uFE0E" }
tours_arc_en_ciel-house-symbol-light = { "☀\uFE0E" }
tours_arc_en_ciel-house-symbol-shadow = ◐
tours_arc_en_ciel-house-symbol-ice = { "❄\uFE0E" }

## Les îles, leur nom avec l'article, et leur pierre (qui nomme les tours).
tours_arc_en_ciel-island-diamond = Grand Trésor de Diamant
tours_arc_en_ciel-island-topaz = Forteresse de Topaze
tours_arc_en_ciel-island-amethyst = Géode d'Améthyste
tours_arc_en_ciel-island-jade = Mer de Jade
tours_arc_en_ciel-island-ruby = Aiguille de Rubis
tours_arc_en_ciel-island-sapphire = Éclats de Saphirs
tours_arc_en_ciel-island-emerald = Rempart d'Émeraude
tours_arc_en_ciel-island-onyx = Caverne d'Onyx
tours_arc_en_ciel-island-opal = Sanctuaire d'Opale
tours_arc_en_ciel-island-tiger-eye = Repaire de l'œil du Tigre
tours_arc_en_ciel-island-carnelian = Donjon de Cornaline
tours_arc_en_ciel-island-pearl = Rivière de Perles
tours_arc_en_ciel-island-garnet = Coupole de Grenat
tours_arc_en_ciel-island-platinum = Gisement de Platine
tours_arc_en_ciel-island-peridot = Château de Péridot
tours_arc_en_ciel-island-aquamarine = Cristal d'Aigue-Marine
tours_arc_en_ciel-island-coral = Forêt de Corail
tours_arc_en_ciel-island-tourmaline = Pilier de Tourmaline
tours_arc_en_ciel-island-lapis-lazuli = Chaîne de Lapis-Lazuli
tours_arc_en_ciel-island-silver = Mine d'Argent
tours_arc_en_ciel-island-gold = Citadelle d'Or
tours_arc_en_ciel-island-amber = Ruines d'Ambre
tours_arc_en_ciel-island-jet = Corne de Jais
tours_arc_en_ciel-island-turquoise = Trône de Turquoise
tours_arc_en_ciel-island-ivory = Temple d'Ivoire
tours_arc_en_ciel-the-island-diamond = le Grand Trésor de Diamant
tours_arc_en_ciel-the-island-topaz = la Forteresse de Topaze
tours_arc_en_ciel-the-island-amethyst = la Géode d'Améthyste
tours_arc_en_ciel-the-island-jade = la Mer de Jade
tours_arc_en_ciel-the-island-ruby = l'Aiguille de Rubis
tours_arc_en_ciel-the-island-sapphire = les Éclats de Saphirs
tours_arc_en_ciel-the-island-emerald = le Rempart d'Émeraude
tours_arc_en_ciel-the-island-onyx = la Caverne d'Onyx
tours_arc_en_ciel-the-island-opal = le Sanctuaire d'Opale
tours_arc_en_ciel-the-island-tiger-eye = le Repaire de l'œil du Tigre
tours_arc_en_ciel-the-island-carnelian = le Donjon de Cornaline
tours_arc_en_ciel-the-island-pearl = la Rivière de Perles
tours_arc_en_ciel-the-island-garnet = la Coupole de Grenat
tours_arc_en_ciel-the-island-platinum = le Gisement de Platine
tours_arc_en_ciel-the-island-peridot = le Château de Péridot
tours_arc_en_ciel-the-island-aquamarine = le Cristal d'Aigue-Marine
tours_arc_en_ciel-the-island-coral = la Forêt de Corail
tours_arc_en_ciel-the-island-tourmaline = le Pilier de Tourmaline
tours_arc_en_ciel-the-island-lapis-lazuli = la Chaîne de Lapis-Lazuli
tours_arc_en_ciel-the-island-silver = la Mine d'Argent
tours_arc_en_ciel-the-island-gold = la Citadelle d'Or
tours_arc_en_ciel-the-island-amber = les Ruines d'Ambre
tours_arc_en_ciel-the-island-jet = la Corne de Jais
tours_arc_en_ciel-the-island-turquoise = le Trône de Turquoise
tours_arc_en_ciel-the-island-ivory = le Temple d'Ivoire
tours_arc_en_ciel-gem-diamond = Diamant
tours_arc_en_ciel-gem-topaz = Topaze
tours_arc_en_ciel-gem-amethyst = Améthyste
tours_arc_en_ciel-gem-jade = Jade
tours_arc_en_ciel-gem-ruby = Rubis
tours_arc_en_ciel-gem-sapphire = Saphir
tours_arc_en_ciel-gem-emerald = Émeraude
tours_arc_en_ciel-gem-onyx = Onyx
tours_arc_en_ciel-gem-opal = Opale
tours_arc_en_ciel-gem-tiger-eye = Œil du Tigre
tours_arc_en_ciel-gem-carnelian = Cornaline
tours_arc_en_ciel-gem-pearl = Perle
tours_arc_en_ciel-gem-garnet = Grenat
tours_arc_en_ciel-gem-platinum = Platine
tours_arc_en_ciel-gem-peridot = Péridot
tours_arc_en_ciel-gem-aquamarine = Aigue-Marine
tours_arc_en_ciel-gem-coral = Corail
tours_arc_en_ciel-gem-tourmaline = Tourmaline
tours_arc_en_ciel-gem-lapis-lazuli = Lapis-Lazuli
tours_arc_en_ciel-gem-silver = Argent
tours_arc_en_ciel-gem-gold = Or
tours_arc_en_ciel-gem-amber = Ambre
tours_arc_en_ciel-gem-jet = Jais
tours_arc_en_ciel-gem-turquoise = Turquoise
tours_arc_en_ciel-gem-ivory = Ivoire

## Les autres éléments.
tours_arc_en_ciel-tower = tour { $first }–{ $second }
tours_arc_en_ciel-fixed-bridge = pont fixe { $first }–{ $second } ({ $house })
tours_arc_en_ciel-island-class-centre = grande île du centre
tours_arc_en_ciel-island-class-medium = île moyenne
tours_arc_en_ciel-island-class-peripheral = île de la périphérie
tours_arc_en_ciel-specialty-blower = Souffleur
tours_arc_en_ciel-specialty-mason = Maçon
tours_arc_en_ciel-specialty-letter-blower = S
tours_arc_en_ciel-specialty-letter-mason = M
tours_arc_en_ciel-dragon-name = { $specialty } { $strength } n° { $copy } de la { $house }
tours_arc_en_ciel-dragon = { $specialty } { $strength }
tours_arc_en_ciel-dragon-copy = { $specialty } { $strength } n° { $copy }
tours_arc_en_ciel-dragon-hidden = Dragon caché
tours_arc_en_ciel-dragon-unknown = Dragon
tours_arc_en_ciel-dragon-hidden-known = { $specialty } { $strength } caché
tours_arc_en_ciel-dragon-hidden-strength = Dragon caché de force { $strength }
tours_arc_en_ciel-condition-blower = Souffleur
tours_arc_en_ciel-condition-mason = Maçon
tours_arc_en_ciel-condition-strength-15 = force 15
tours_arc_en_ciel-condition-strength-20 = force 20
tours_arc_en_ciel-chance-family-beneficial = bénéfique
tours_arc_en_ciel-chance-family-harmful = maléfique
tours_arc_en_ciel-chance-family-neutral = neutre
tours_arc_en_ciel-slot = carte retournée n° { $number }
tours_arc_en_ciel-hand-card = carte « { $card } » en main
tours_arc_en_ciel-quoted-card = « { $card } »
tours_arc_en_ciel-pile-game = pile
tours_arc_en_ciel-pile-game-discard = cartes de jeu jouées
tours_arc_en_ciel-pile-chance = pile des cartes de chance
tours_arc_en_ciel-pile-chance-discard = défausse des cartes de chance
tours_arc_en_ciel-phase-take = prendre une carte de jeu
tours_arc_en_ciel-phase-play = jouer une carte
tours_arc_en_ciel-phase-third = dernière action
tours_arc_en_ciel-phase-over = partie terminée
tours_arc_en_ciel-decided-by-score = le total
tours_arc_en_ciel-decided-by-pearls = les perles
tours_arc_en_ciel-decided-by-roll = le dé 20
tours_arc_en_ciel-end-reason-cards-exhausted = toutes les cartes de jeu ont été prises
tours_arc_en_ciel-end-reason-all-dragons-on-board = une Maison a tous ses Dragons sur le plateau
tours_arc_en_ciel-variant-invulnerability = la variante de l'invulnérabilité (deux cartes de son île de départ)
tours_arc_en_ciel-variant-share = la variante du partage (deux cartes d'une île de départ ennemie)

## Les cartes de chance (la règle n'en donne que les familles : leurs titres sont inventés).
tours_arc_en_ciel-chance-add-defense = Ajout de { $amount } perles
tours_arc_en_ciel-chance-remove-enemy-defense = Retrait de { $amount } perles ennemies
tours_arc_en_ciel-chance-extra-dragon = Dragon supplémentaire
tours_arc_en_ciel-chance-extra-dragon-condition = Dragon supplémentaire ({ $condition })
tours_arc_en_ciel-chance-remove-enemy-dragon = Retrait d'un Dragon ennemi
tours_arc_en_ciel-chance-remove-enemy-dragon-condition = Retrait d'un Dragon ennemi ({ $condition })
tours_arc_en_ciel-chance-hide-dragons = Cacher { $amount } Dragons
tours_arc_en_ciel-chance-resurrect = Résurrection { $amount ->
    [one] d'un Dragon
   *[other] de { $amount } Dragons
}
tours_arc_en_ciel-chance-lose-defense = Perte de { $amount } perles
tours_arc_en_ciel-chance-give-enemy-defense = { $amount } perles pour l'ennemi
tours_arc_en_ciel-chance-lose-dragon = Retrait d'un Dragon chez soi
tours_arc_en_ciel-chance-lose-dragon-condition = Retrait d'un Dragon chez soi ({ $condition })
tours_arc_en_ciel-chance-enemy-dragon-arrives = Arrivée d'un Dragon ennemi
tours_arc_en_ciel-chance-enemy-dragon-arrives-condition = Arrivée d'un Dragon ennemi ({ $condition })
tours_arc_en_ciel-chance-resurrection-for-all = Résurrection pour tous
tours_arc_en_ciel-chance-bonus-points = Bonus de { $amount } points
tours_arc_en_ciel-chance-malus-points = Malus de { $amount } points
tours_arc_en_ciel-chance-combat-plus = Combat : +{ $amount }
tours_arc_en_ciel-chance-combat-minus = Combat : −{ $amount }
tours_arc_en_ciel-chance-combat-double-strength = Combat : force doublée
tours_arc_en_ciel-chance-combat-double-die = Combat : dé 20 doublé
tours_arc_en_ciel-chance-combat-best-of-two = Combat : le meilleur de deux dés 20
tours_arc_en_ciel-chance-combat-halve-strength = Combat : force divisée par deux
tours_arc_en_ciel-chance-combat-halve-die = Combat : dé 20 divisé par deux
tours_arc_en_ciel-chance-combat-worst-of-two = Combat : le pire de deux dés 20
tours_arc_en_ciel-chance-combat-dice-only = Combat : les dés 20 seuls
tours_arc_en_ciel-chance-combat-strength-only = Combat : la force seule
tours_arc_en_ciel-chance-combat-even-dice = Combat : dés 20 pairs
tours_arc_en_ciel-chance-combat-odd-dice = Combat : dés 20 impairs
tours_arc_en_ciel-chance-bridges-needed-plus = Un pont de plus pour posséder une île
tours_arc_en_ciel-chance-bridges-needed-minus = Un pont de moins pour posséder une île

## Phrases de l'historique, une par événement (écrites depuis l'événement tel que le lecteur le voit).
tours_arc_en_ciel-gold-tower-roll = { $player } fait le plus gros dé 20 et reçoit la tour Arc-en-Ciel « Or » : +1 à la force de chacun de ses Dragons dans chaque combat.
tours_arc_en_ciel-gold-tower-previous-winner = { $player } a gagné la partie précédente et reçoit la tour Arc-en-Ciel « Or » : +1 à la force de chacun de ses Dragons dans chaque combat.
tours_arc_en_ciel-card-taken-face-up = { $player } prend la carte retournée « { $card } ».
tours_arc_en_ciel-card-taken-pile = { $player } prend la carte « { $card } » face cachée dans la pile.
tours_arc_en_ciel-card-taken-pile-unseen = { $player } prend une carte face cachée dans la pile.
tours_arc_en_ciel-face-up-refilled = La carte « { $card } » est retournée à la place n° { $slot }.
tours_arc_en_ciel-last-card-taken = C'était la dernière carte de jeu : { $player } joue une dernière fois.
tours_arc_en_ciel-card-played-land = { $player } joue la carte « { $card } » pour poser un Dragon.
tours_arc_en_ciel-card-played-discard = { $player } joue la carte « { $card } » pour rien.
tours_arc_en_ciel-card-played-chance-instead = { $player } joue la carte « { $card } » pour rien et tire une carte de chance à la place d'amener un Dragon.
tours_arc_en_ciel-card-played-atomize = { $player } joue deux cartes « { $card } » pour atomiser un Dragon ennemi.
tours_arc_en_ciel-card-played-invulnerability = { $player } joue les deux cartes « { $card } » de son île de départ pour être invulnérable pendant ce tour.
tours_arc_en_ciel-card-played-share = { $player } joue les deux cartes « { $card } » d'une île de départ ennemie pour partager une île.
tours_arc_en_ciel-arrived-card = { $player } pose un { $dragon } sur la { $tower }.
tours_arc_en_ciel-arrived-card-attack = { $player } attaque la { $tower } avec un { $dragon }.
tours_arc_en_ciel-arrived-move = { $player } déplace un { $dragon } de la { $source } vers la { $tower } en traversant { $via }.
tours_arc_en_ciel-arrived-move-attack = { $player } déplace un { $dragon } de la { $source } en traversant { $via } et attaque la { $tower }.
tours_arc_en_ciel-arrived-atomize = { $player } pose un { $dragon } sur la { $tower } désertée.
tours_arc_en_ciel-arrived-extra = Grâce à la carte de chance, { $player } pose un Dragon supplémentaire, un { $dragon }, sur la { $tower }.
tours_arc_en_ciel-arrived-extra-attack = Grâce à la carte de chance, { $player } attaque la { $tower } avec un Dragon supplémentaire, un { $dragon }.
tours_arc_en_ciel-arrived-enemy = Grâce à la carte de chance, { $player } fait arriver un { $dragon } sur la { $tower }.
tours_arc_en_ciel-arrived-enemy-attack = Grâce à la carte de chance, { $player } attaque la { $tower } avec un { $dragon }.
tours_arc_en_ciel-recycled = { $dragon } éliminé remis en jeu
tours_arc_en_ciel-combat = Combat sur la { $tower } : { $attacker } ; { $defender }. { $outcome } { $reason }, et { $fate }.
tours_arc_en_ciel-combat-side = { $player } ({ $dragon }) fait { $total } avec { $die } au dé 20
tours_arc_en_ciel-combat-side-two-dice = { $player } ({ $dragon }) fait { $total } avec { $first } et { $second } aux dés 20
tours_arc_en_ciel-combat-attacker-wins = { $player } prend la tour
tours_arc_en_ciel-combat-defender-wins = { $player } garde la tour
tours_arc_en_ciel-combat-reason-totals = avec le plus grand total
tours_arc_en_ciel-combat-reason-tie = à égalité (le défenseur l'emporte)
tours_arc_en_ciel-combat-reason-natural-20 = grâce à un 20 naturel
tours_arc_en_ciel-combat-reason-natural-1 = sur un 1 naturel de l'adversaire
tours_arc_en_ciel-combat-reason-invulnerable = par l'invulnérabilité
tours_arc_en_ciel-combat-fate-reserve = le { $dragon } vaincu, qui était dans son bon droit, regagne son camp
tours_arc_en_ciel-combat-fate-eliminated = le { $dragon } vaincu, qui n'était pas dans son bon droit, est éliminé du jeu
tours_arc_en_ciel-defense-gained = La { $tower } reçoit { $count } { $count ->
    [one] perle
   *[other] perles
} (défense { $defense }).
tours_arc_en_ciel-defense-lost = La { $tower } perd { $count } { $count ->
    [one] perle
   *[other] perles
} (défense { $defense }).
tours_arc_en_ciel-dragons-swapped = { $player } échange le { $first } de la { $tower_a } et le { $second } de la { $tower_b } ; chaque tour reçoit une perle.
tours_arc_en_ciel-dragon-atomized = { $player } atomise la { $tower } : le { $dragon } ({ $victim }) est éliminé du jeu { $pearls ->
    [0] (la tour n'avait pas de perle).
    [one] et l'unique perle de la tour est détruite.
   *[other] et les { $pearls } perles de la tour sont détruites.
}
tours_arc_en_ciel-invulnerable = { $player } est invulnérable jusqu'à la fin du tour : aucun combat ne peut être perdu.
tours_arc_en_ciel-island-shared = { $player } partage { $island } avec { $owner } : chacun en marquera la moitié des points.
tours_arc_en_ciel-share-ended = { $owner } ne possède plus { $island } : le partage avec { $player } prend fin.
tours_arc_en_ciel-chance-drawn = { $player } tire la carte de chance « { $card } ».
tours_arc_en_ciel-decision-requested = { $player } doit choisir la cible de la carte « { $card } ».
tours_arc_en_ciel-decision-requested-many = { $player } doit choisir { $count } cibles de la carte « { $card } ».
tours_arc_en_ciel-decision-requested-more = { $player } doit choisir { $count ->
    [one] une dernière cible
   *[other] encore { $count } cibles
} de la carte « { $card } ».
tours_arc_en_ciel-decision-requested-other = { $player } doit choisir la cible de la carte « { $card } » tirée par { $drawer }.
tours_arc_en_ciel-chance-declined = { $player } renonce à la carte « { $card } ».
tours_arc_en_ciel-chance-kept-combat = { $player } garde la carte « { $card } » pour son prochain combat.
tours_arc_en_ciel-chance-kept-points = { $player } garde la carte « { $card } » pour le total final.
tours_arc_en_ciel-chance-void = La carte « { $card } » n'a aucun effet possible.
tours_arc_en_ciel-dragon-removed = Le { $dragon } ({ $player }) quitte la { $tower } et regagne son camp.
tours_arc_en_ciel-dragon-hidden-on = { $player } cache le { $dragon } de la { $tower }.
tours_arc_en_ciel-dragon-resurrected = Un { $dragon } éliminé renaît et regagne son camp ({ $player }).
tours_arc_en_ciel-threshold-changed = Il faut désormais { $count } { $count ->
    [one] pont
   *[other] ponts
} pour posséder { $island }.
tours_arc_en_ciel-third-action-skipped = { $player } ne peut ni tirer de carte de chance, ni déplacer, ni échanger de Dragon : la dernière action est passée.
tours_arc_en_ciel-game-ended = La partie est terminée ({ $reason }) : { $player } gagne avec { $score } { $score ->
    [one] point
   *[other] points
}.
tours_arc_en_ciel-game-ended-tie = La partie est terminée ({ $reason }) : { $player } gagne avec { $score } { $score ->
    [one] point
   *[other] points
}, l'égalité étant départagée par { $decided }.

## Libellés des commandes permises.
tours_arc_en_ciel-label-take-pile = Prendre une carte face cachée dans la pile
tours_arc_en_ciel-label-take-face-up = Prendre la carte retournée « { $card } »
tours_arc_en_ciel-label-land = Jouer la carte « { $card } » et poser le { $dragon } sur la { $tower }
tours_arc_en_ciel-label-discard = Jouer la carte « { $card } » pour rien
tours_arc_en_ciel-label-chance-instead = Jouer la carte « { $card } » pour rien et tirer une carte de chance
tours_arc_en_ciel-label-atomize = Jouer deux cartes « { $card } » et atomiser le { $victim } de la { $tower }
tours_arc_en_ciel-label-atomize-land = Jouer deux cartes « { $card } », atomiser le { $victim } de la { $tower } et y poser le { $dragon }
tours_arc_en_ciel-label-invulnerability = Jouer les deux cartes « { $card } » et être invulnérable pendant ce tour
tours_arc_en_ciel-label-invulnerability-land = Jouer les deux cartes « { $card } », être invulnérable pendant ce tour et poser le { $dragon } sur la { $tower }
tours_arc_en_ciel-label-share = Jouer les deux cartes « { $card } » et partager { $island } avec { $owner }
tours_arc_en_ciel-label-share-plain = Jouer les deux cartes « { $card } » et partager { $island }
tours_arc_en_ciel-label-draw-chance = Tirer une carte de chance
tours_arc_en_ciel-label-move = Déplacer le { $dragon } de la { $source } vers la { $destination } en traversant { $via }
tours_arc_en_ciel-label-swap = Échanger le { $first } de la { $tower_a } et le { $second } de la { $tower_b }
tours_arc_en_ciel-label-skip = Passer la dernière action (aucune n'est possible)
tours_arc_en_ciel-label-decline = Renoncer à la carte « { $card } »
tours_arc_en_ciel-label-resolve-add-defense = Ajouter { $count } perles à la { $tower }
tours_arc_en_ciel-label-resolve-remove-enemy-defense = Retirer jusqu'à { $count } perles de la { $tower } ({ $dragon })
tours_arc_en_ciel-label-resolve-give-enemy-defense = Donner { $count } perles à la { $tower } ({ $dragon })
tours_arc_en_ciel-label-resolve-remove-enemy-dragon = Renvoyer le { $dragon } de la { $tower } dans son camp
tours_arc_en_ciel-label-resolve-lose-dragon = Renvoyer le { $dragon } de la { $tower } dans votre camp
tours_arc_en_ciel-label-resolve-hide = Cacher le { $dragon } de la { $tower }
tours_arc_en_ciel-label-resolve-land = Poser le { $dragon } sur la { $tower }
tours_arc_en_ciel-label-resolve-resurrect = Faire renaître le { $dragon }
tours_arc_en_ciel-label-resolve-bridges = Choisir { $island } pour la carte « { $card } »
tours_arc_en_ciel-label-resolve-plain = Répondre à la carte de chance

## Étapes : les choix qui mènent à une commande (l'action, puis le Dragon, l'île, la tour).
tours_arc_en_ciel-step-land = Poser un Dragon
tours_arc_en_ciel-step-discard = Jouer une carte pour rien
tours_arc_en_ciel-step-chance-instead = Tirer une carte de chance à la place d'amener un Dragon
tours_arc_en_ciel-step-atomize = Atomiser un Dragon ennemi
tours_arc_en_ciel-step-invulnerability = Devenir invulnérable pendant ce tour
tours_arc_en_ciel-step-share = Partager une île ennemie
tours_arc_en_ciel-step-move = Déplacer un Dragon
tours_arc_en_ciel-step-swap = Échanger deux Dragons
tours_arc_en_ciel-step-dragon = le { $dragon }
tours_arc_en_ciel-step-card = avec la carte « { $card } »
tours_arc_en_ciel-step-pair = avec les deux cartes « { $card } »
tours_arc_en_ciel-step-tower = sur la { $tower }
tours_arc_en_ciel-step-victim = le { $dragon } de la { $tower }
tours_arc_en_ciel-step-no-dragon = sans poser de Dragon
tours_arc_en_ciel-step-share-island = partager { $island }
tours_arc_en_ciel-step-from = le { $dragon } de la { $tower }
tours_arc_en_ciel-step-via = en traversant { $island }
tours_arc_en_ciel-step-to = vers la { $tower }
tours_arc_en_ciel-step-swap-with = avec le { $dragon } de la { $tower }

## Le texte de l'image.
tours_arc_en_ciel-picture-turn = Tour de jeu { $turn } : { $phase }
tours_arc_en_ciel-picture-active = joue : { $player }
tours_arc_en_ciel-picture-final-turn = dernier tour de jeu
tours_arc_en_ciel-picture-invulnerable = { $player } est invulnérable
tours_arc_en_ciel-picture-gold = tour Arc-en-Ciel « Or » : { $player }
tours_arc_en_ciel-picture-nobody = personne
tours_arc_en_ciel-picture-pending = Carte de chance « { $card } » tirée par { $drawer } : { $player } choisit { $count ->
    [one] une cible
   *[other] encore { $count } cibles
}.
tours_arc_en_ciel-picture-share = Partage : { $player } partage { $island } avec { $owner }.
tours_arc_en_ciel-picture-face-up = Cartes retournées :
tours_arc_en_ciel-picture-empty-slot = (vide)
tours_arc_en_ciel-picture-pile = Pile : { $count } { $count ->
    [one] carte
   *[other] cartes
}
tours_arc_en_ciel-picture-game-discard = Cartes de jeu jouées : { $count }
tours_arc_en_ciel-picture-game-discard-last = Cartes de jeu jouées : { $count }, dont la dernière « { $card } »
tours_arc_en_ciel-picture-chance-deck = Cartes de chance : { $count }
tours_arc_en_ciel-picture-chance-discard = Défausse de chance : { $count }
tours_arc_en_ciel-picture-chance-discard-last = Défausse de chance : { $count }, dont la dernière « { $card } »
tours_arc_en_ciel-picture-legend-houses = Maisons : { $houses }.
tours_arc_en_ciel-picture-seat-house = { $symbol } { $house }
tours_arc_en_ciel-picture-legend-towers = Sur une tour : le symbole de la Maison du Dragon, sa force, S pour Souffleur ou M pour Maçon, puis +les perles de défense ; « ? » et un bord tireté : un Dragon caché.
tours_arc_en_ciel-picture-legend-bridges = Sous une île : le symbole de chaque Maison qui la possède (la moitié de ses ponts au moins), et le nombre de ponts qu'il faut quand une carte de chance l'a changé. Pont épais marqué d'un symbole : pont fixe de cette Maison.
tours_arc_en_ciel-picture-island-value = { $value } pts
tours_arc_en_ciel-picture-threshold = { $count } { $count ->
    [one] pont
   *[other] ponts
}
tours_arc_en_ciel-picture-island-title = { $island } : { $value } points ; { $threshold } de ses { $bridges } ponts pour la posséder ; propriétaires : { $owners }
tours_arc_en_ciel-picture-tower-dragon = { $house }{ $strength }{ $letter }
tours_arc_en_ciel-picture-tower-hidden = { $house } ?
tours_arc_en_ciel-picture-tower-empty = vide
tours_arc_en_ciel-picture-tower-title = { $tower } : { $dragon } de la { $house }, défense { $defense }
tours_arc_en_ciel-picture-tower-title-empty = { $tower } : vide, défense { $defense }
# Le score d'une Maison (définitif une fois la partie finie) : le total, puis chaque île
# qu'elle compte (à moitié si partagée), ses cartes de points et ses perles (le départage).
tours_arc_en_ciel-picture-score = score { $score } = îles { $islands } ({ $places }) + cartes { $cards } · { $pearls ->
    [one] { $pearls } perle
   *[other] { $pearls } perles
}
tours_arc_en_ciel-picture-score-island = { $island } { $points }
tours_arc_en_ciel-picture-score-no-island = aucune
tours_arc_en_ciel-picture-to-act = à jouer
tours_arc_en_ciel-picture-hand = Main :
tours_arc_en_ciel-picture-hand-card = { $count ->
    [one] { $card }
   *[other] { $card } ×{ $count }
}
tours_arc_en_ciel-picture-hand-hidden = Main : { $count } { $count ->
    [one] carte, cachée
   *[other] cartes, cachées
}
tours_arc_en_ciel-picture-camp = Camp : { $count } { $count ->
    [one] Dragon
   *[other] Dragons
}, { $strengths }
tours_arc_en_ciel-picture-camp-secret = Camp : { $count } { $count ->
    [one] Dragon
   *[other] Dragons
}, { $strengths } (spécialités cachées)
tours_arc_en_ciel-picture-strengths = { $count } de force { $strength }
tours_arc_en_ciel-picture-camp-empty = Camp : vide
tours_arc_en_ciel-picture-chip = { $strength }{ $letter }
tours_arc_en_ciel-picture-eliminated = Éliminés ({ $count }) :
tours_arc_en_ciel-picture-eliminated-none = Aucun Dragon éliminé
tours_arc_en_ciel-picture-atomized = Atomisations : { $count } sur { $limit }
tours_arc_en_ciel-picture-combat-cards = Pour le prochain combat : { $cards }
tours_arc_en_ciel-picture-point-cards = Pour le total final : { $cards }

## Refus, dits au joueur dont la commande est refusée.
tours_arc_en_ciel-refusal-atomize-limit-reached = Vous avez déjà atomisé { $limit } fois : c'est le maximum d'une partie.
tours_arc_en_ciel-refusal-card-not-in-hand = Vous n'avez pas de carte « { $card } » en main.
tours_arc_en_ciel-refusal-chance-deck-empty = Il ne reste aucune carte de chance.
tours_arc_en_ciel-refusal-decision-pending = La carte de chance « { $card } » attend d'abord une réponse.
tours_arc_en_ciel-refusal-decline-not-allowed = On ne peut pas renoncer à la carte « { $card } ».
tours_arc_en_ciel-refusal-dragon-not-available = Ce { $dragon } ne peut pas être posé : il n'est pas dans votre camp.
tours_arc_en_ciel-refusal-dragon-required = Choisissez le Dragon qui occupera la tour désertée.
tours_arc_en_ciel-refusal-duplicate-house = Une Maison ne peut être choisie qu'une fois.
tours_arc_en_ciel-refusal-face-up-slot-empty = Il n'y a plus de carte retournée à la place n° { $slot }.
tours_arc_en_ciel-refusal-game-over = La partie est terminée.
tours_arc_en_ciel-refusal-invalid-gold-tower-seat = Le dernier vainqueur désigné pour la tour Arc-en-Ciel « Or » ne joue pas cette partie.
tours_arc_en_ciel-refusal-invalid-house-set = Les Dragons ennemis doivent se faire face : choisissez des Maisons diamétralement opposées.
tours_arc_en_ciel-refusal-invalid-parameters = Cette commande ne donne pas ce que la carte ou l'action demande.
tours_arc_en_ciel-refusal-invalid-seat-count = Les Tours Arc-en-Ciel se jouent de { $low } à { $high } Maisons.
tours_arc_en_ciel-refusal-invalid-slot = Donnez une place de 1 à { $high } pour une carte retournée, et aucune pour la pile.
tours_arc_en_ciel-refusal-invalid-target = Ce choix n'est pas une cible de la carte « { $card } ».
tours_arc_en_ciel-refusal-island-not-passable = Vous ne pouvez pas traverser { $island } : elle appartient à l'ennemi.
tours_arc_en_ciel-refusal-no-eliminated-dragon = Aucun de vos Dragons n'a été éliminé.
tours_arc_en_ciel-refusal-no-pending-decision = Aucune carte de chance n'attend de réponse.
tours_arc_en_ciel-refusal-not-enemy-start-island = La carte « { $card } » n'est pas celle de l'île de départ d'une Maison ennemie de cette partie.
tours_arc_en_ciel-refusal-not-own-start-island = La carte « { $card } » n'est pas celle de votre île de départ, { $island }.
tours_arc_en_ciel-refusal-not-your-decision = C'est à { $player } de répondre à la carte « { $card } ».
tours_arc_en_ciel-refusal-not-your-dragon = La { $tower } ne porte aucun de vos Dragons.
tours_arc_en_ciel-refusal-not-your-turn = Ce n'est pas votre tour : { $player } joue.
tours_arc_en_ciel-refusal-pair-not-in-hand = Il faut deux cartes « { $card } » en main.
tours_arc_en_ciel-refusal-pile-empty = La pile est vide : prenez une carte retournée.
tours_arc_en_ciel-refusal-reserve-not-empty = Il vous reste des Dragons dans votre camp : amenez-en un.
tours_arc_en_ciel-refusal-same-tower = La { $tower } est donnée deux fois.
tours_arc_en_ciel-refusal-target-not-owned-by-enemy = { $owner } ne possède pas { $island } par ses ponts.
tours_arc_en_ciel-refusal-third-action-available = Une dernière action est possible : tirez une carte de chance, déplacez ou échangez un Dragon.
tours_arc_en_ciel-refusal-tower-not-adjacent = La { $tower } ne garde aucun pont qui touche { $island }.
tours_arc_en_ciel-refusal-tower-not-enemy = La { $tower } n'est pas gardée par un Dragon ennemi.
tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon = La { $tower } est déjà gardée par l'un de vos Dragons.
tours_arc_en_ciel-refusal-unknown-dragon = Aucun Dragon de ce nom ne joue dans cette partie.
tours_arc_en_ciel-refusal-unknown-house = Il n'y a pas de Maison de ce nom.
tours_arc_en_ciel-refusal-unknown-island = Il n'y a pas d'île de ce nom.
tours_arc_en_ciel-refusal-unknown-seat = Vous n'avez pas de Maison dans cette partie.
tours_arc_en_ciel-refusal-unknown-tower = Il n'y a pas de tour Arc-en-Ciel de ce nom (les ponts fixes n'en portent pas).
tours_arc_en_ciel-refusal-variant-disabled = Cette partie se joue sans { $variant }.
tours_arc_en_ciel-refusal-variant-requires-two-players = La remise en jeu des Dragons éliminés ne se joue qu'à deux.
tours_arc_en_ciel-refusal-via-not-endpoint = La { $tower } ne touche pas { $island }.
tours_arc_en_ciel-refusal-wrong-phase = Ce n'est pas le moment : l'étape en cours est « { $phase } ».
tours_arc_en_ciel-refusal-card-not-in-hand-plain = Vous n'avez pas cette carte en main.
tours_arc_en_ciel-refusal-decision-pending-plain = Une carte de chance attend d'abord une réponse.
tours_arc_en_ciel-refusal-decline-not-allowed-plain = On ne peut pas renoncer à cette carte de chance.
tours_arc_en_ciel-refusal-dragon-not-available-plain = Ce Dragon ne peut pas être posé maintenant.
tours_arc_en_ciel-refusal-face-up-slot-empty-plain = Il n'y a plus de carte retournée à cette place.
tours_arc_en_ciel-refusal-invalid-target-plain = Ce choix n'est pas une cible de la carte de chance.
tours_arc_en_ciel-refusal-island-not-passable-plain = Cette île appartient à l'ennemi : on ne peut pas la traverser.
tours_arc_en_ciel-refusal-not-enemy-start-island-plain = Cette carte n'est pas celle de l'île de départ d'une Maison ennemie.
tours_arc_en_ciel-refusal-not-own-start-island-plain = Cette carte n'est pas celle de votre île de départ.
tours_arc_en_ciel-refusal-not-your-decision-plain = Ce n'est pas à vous de répondre à cette carte de chance.
tours_arc_en_ciel-refusal-not-your-dragon-plain = Cette tour ne porte aucun de vos Dragons.
tours_arc_en_ciel-refusal-not-your-turn-plain = Ce n'est pas votre tour.
tours_arc_en_ciel-refusal-pair-not-in-hand-plain = Il faut deux cartes de cette île en main.
tours_arc_en_ciel-refusal-same-tower-plain = La même tour est donnée deux fois.
tours_arc_en_ciel-refusal-target-not-owned-by-enemy-plain = Cette Maison ennemie ne possède pas cette île par ses ponts.
tours_arc_en_ciel-refusal-tower-not-adjacent-plain = Cette tour ne touche pas cette île.
tours_arc_en_ciel-refusal-tower-not-enemy-plain = Cette tour n'est pas gardée par un Dragon ennemi.
tours_arc_en_ciel-refusal-tower-occupied-by-own-dragon-plain = Cette tour est déjà gardée par l'un de vos Dragons.
tours_arc_en_ciel-refusal-variant-disabled-plain = Cette partie se joue sans cette variante.
tours_arc_en_ciel-refusal-via-not-endpoint-plain = Le Dragon ne peut traverser qu'une île que touche sa tour.
tours_arc_en_ciel-refusal-wrong-phase-plain = Ce n'est pas le moment.

## Les options d'une nouvelle partie (le formulaire du salon).
tours_arc_en_ciel-option-houses = Maisons
tours_arc_en_ciel-option-two-player-recycle = Les Dragons éliminés reviennent (2 joueurs)
tours_arc_en_ciel-option-natural-1-loses = Un 1 naturel perd le combat
tours_arc_en_ciel-option-natural-20-wins = Un 20 naturel gagne le combat
tours_arc_en_ciel-option-start-pair-invulnerability = Les deux cartes de son île de départ : invulnérable un tour
tours_arc_en_ciel-option-enemy-start-pair-share = Les deux cartes de l'île de départ d'un ennemi : partager une de ses îles
