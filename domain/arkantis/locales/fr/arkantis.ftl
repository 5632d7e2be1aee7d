# ArkantiS en français, avec les mots de la règle (docs/seeds/001_c86f010b556ef22b.txt).
# Les identifiants commencent par « arkantis- » ; chacun est employé dans domain/arkantis/words.py.
# Arguments : $player est le nom d'un joueur, les nombres ($count, $cost…) sont des nombres,
# tout autre argument est le nom affiché d'un élément (une case, une carte, un tas…).
# Aucun pronom ne remplace un joueur : on écrit son nom.

## Noms des éléments.
arkantis-cell = ligne { $row }, colonne { $column }
arkantis-shape = forme { $number }
arkantis-card-set-square = Équerre
arkantis-card-hammer = Marteau
arkantis-card-bayonet = Baïonnette
arkantis-card-column = Colonne
arkantis-card-paving = Pavé d'ArkantiS
arkantis-card-key = Clé
arkantis-card-statuette = Statuette
arkantis-card-boot = Botte
arkantis-card-rampart = Rempart
arkantis-card-trowel = Truelle
arkantis-card-arch = Arche
arkantis-card-pickaxe = Pioche
arkantis-card-bastion = Bastion
arkantis-card-tiers = Gradins
arkantis-card-serpent = Serpent
arkantis-card-tower = Tour d'ArkantiS
arkantis-card-cross = Croix
arkantis-pile-orange = tas orange
arkantis-pile-emerald = tas émeraude
arkantis-pile-hidden-orange = tas orange caché
arkantis-pile-hidden-emerald = tas émeraude caché
arkantis-colour-orange = orange
arkantis-colour-emerald = émeraude
arkantis-shape-colour-red = rouge
arkantis-shape-colour-blue = bleue
arkantis-source-hidden = tas caché
arkantis-source-visible = carte visible
arkantis-phase-action = phase d'action
arkantis-phase-validation = phase de validation
arkantis-decided-by-score = score
arkantis-decided-by-laid-value = valeur des cartes abattues
arkantis-decided-by-laid-count = nombre de cartes abattues
arkantis-decided-by-leave-position = ordre d'abandon
arkantis-pass-reason-voluntary = a passé son tour
arkantis-pass-reason-no-legal-action = aucune action possible

## Phrases de l'historique, une par événement.
arkantis-first-player-drawn = { $player } commence la partie.
arkantis-tokens-removed-one = { $player } retire le jeton en { $cell }.
arkantis-tokens-removed-two = { $player } retire deux jetons, en { $cells }, pour { $cost } { $cost ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-token-moved = { $player } déplace le jeton en { $source } vers la case libre en { $destination } pour { $cost } { $cost ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-shapes-created = { $player } fait apparaître { $count ->
    [one] une forme
   *[other] { $count } formes
} : { $shapes }.
arkantis-shape-found-red = une forme rouge de { $size } { $size ->
    [one] rond
   *[other] ronds
} ({ $shape })
arkantis-shape-found-blue = une forme bleue de { $size } { $size ->
    [one] rond
   *[other] ronds
} ({ $shape })
arkantis-shape-found-red-card = une forme rouge de { $size } ronds ({ $shape } : { $card })
arkantis-shape-found-blue-card = une forme bleue de { $size } ronds ({ $shape } : { $card })
arkantis-sesterces-earned = { $player } gagne { $paid } { $paid ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-sesterces-earned-bank-short = { $player } reçoit { $paid } des { $owed } sesterces dus : la banque est vide.
arkantis-card-laid = { $player } abat la carte { $card } sur la { $shape } ({ $value } { $value ->
    [one] point
   *[other] points
}).
arkantis-turn-ended = { $player } termine son tour ; { $count ->
    [one] la forme non validée est perdue
   *[other] les { $count } formes non validées sont perdues
} ({ $shapes }).
arkantis-player-passed = { $player } passe son tour et abandonne la partie.
arkantis-player-passed-forced = { $player } ne peut plus jouer et abandonne la partie.
arkantis-card-bought-visible = { $player } achète la carte visible { $card } pour { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-bought-hidden = { $player } achète la carte du dessus du { $pile } ({ $card }) pour { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-bought-hidden-unseen = { $player } achète la carte du dessus du { $pile } pour { $price } { $price ->
    [one] sesterce
   *[other] sesterces
}.
arkantis-card-turned-face-up = La carte { $card } est retournée face visible à côté du { $pile }.
arkantis-duplicate-swapped = { $player } montre deux cartes { $card } identiques, en défausse une à la base du { $pile } et la remplace par la carte du sommet, { $drawn }.
arkantis-duplicate-swapped-unseen = { $player } montre deux cartes { $card } identiques, en défausse une à la base du { $pile } et la remplace par la carte du sommet.
arkantis-game-ended = La partie est terminée : { $player } gagne avec { $score } { $score ->
    [one] point
   *[other] points
} (critère décisif : { $decided }).

## Libellés des commandes permises.
arkantis-label-remove-token = Retirer le jeton en { $cell }
arkantis-label-remove-two-tokens = Retirer les jetons en { $cells } ({ $cost } sesterces)
arkantis-label-move-token = Déplacer le jeton en { $source } vers { $destination } ({ $cost } sesterces)
arkantis-label-lay-card = Abattre la carte { $card } sur la { $shape }
arkantis-label-end-turn = Terminer le tour et perdre { $count ->
    [one] la forme non validée
   *[other] les { $count } formes non validées
} ({ $shapes })
arkantis-label-pass-turn = Passer son tour et abandonner la partie
arkantis-label-buy-hidden = Acheter la carte du dessus du { $pile } ({ $price } { $price ->
    [one] sesterce
   *[other] sesterces
})
arkantis-label-buy-visible = Acheter la carte visible { $card } ({ $price } { $price ->
    [one] sesterce
   *[other] sesterces
})
arkantis-label-swap-duplicate = Montrer deux cartes { $card } et échanger l'exemplaire { $copy } contre la carte du sommet du { $pile }

## Étapes : les choix qui mènent à une commande.
arkantis-step-remove-token = Retirer un jeton (gratuit)
arkantis-step-remove-two-tokens = Retirer deux jetons ({ $cost } sesterces)
arkantis-step-move-token = Déplacer un jeton ({ $cost } sesterces)
arkantis-step-lay-card = Abattre une carte
arkantis-step-buy-card = Acheter une carte
arkantis-step-swap-duplicate = Échanger une carte en double
arkantis-step-cell = { $cell }
arkantis-step-from = le jeton en { $cell }
arkantis-step-to = vers { $cell }
arkantis-step-shape = { $shape } ({ $card })
arkantis-step-card = la carte { $card }
arkantis-step-swap-copy = défausser l'exemplaire { $copy } de la carte { $card }

## Refus, dits au joueur dont la commande est refusée.
arkantis-refusal-card-not-in-hand = La carte { $card } n'est pas dans votre main.
arkantis-refusal-card-shape-mismatch = La carte { $card } ne correspond pas à la { $shape }.
arkantis-refusal-cards-not-identical = Ces deux cartes ne sont pas identiques.
arkantis-refusal-cell-is-empty = Il n'y a pas de jeton en { $cell }.
arkantis-refusal-conflicting-layout-options = Une partie de tournoi tire sa propre configuration : elle n'en prend pas d'autre.
arkantis-refusal-destination-not-empty = Il y a déjà un jeton en { $cell }.
arkantis-refusal-duplicate-cells = La même case, { $cell }, est donnée deux fois.
arkantis-refusal-game-not-in-progress = La partie est terminée.
arkantis-refusal-insufficient-sesterces = Il vous manque { $missing } { $missing ->
    [one] sesterce
   *[other] sesterces
} : cela coûte { $cost } sesterces.
arkantis-refusal-invalid-cell = Ce n'est pas une case du plateau (lignes et colonnes de 1 à { $size }).
arkantis-refusal-invalid-layout = Une configuration compte 7 lignes de 7 cases, avec une seule case libre par ligne et par colonne.
arkantis-refusal-invalid-parameters = Les paramètres de la commande ne sont pas valides.
arkantis-refusal-invalid-player-count = ArkantiS se joue de { $low } à { $high } joueurs.
arkantis-refusal-invalid-tournament-config = Une configuration de tournoi est un nombre de 1 à { $high }.
arkantis-refusal-no-new-blue-shape = Cette action ne fait apparaître aucune nouvelle forme bleue.
arkantis-refusal-no-new-red-shape = Cette action ne fait apparaître aucune nouvelle forme rouge.
arkantis-refusal-no-new-shapes = Cette action ne fait apparaître aucune nouvelle forme.
arkantis-refusal-no-removal-since-last-move = Aucun jeton n'a été retiré depuis votre dernier déplacement de jeton.
arkantis-refusal-no-token-at-source = Il n'y a pas de jeton à déplacer en { $cell }.
arkantis-refusal-no-visible-card = Il n'y a pas de carte visible à côté du { $pile }.
arkantis-refusal-not-your-turn = Ce n'est pas votre tour : { $player } joue.
arkantis-refusal-pile-empty = Le { $pile } est vide.
arkantis-refusal-player-has-passed = Vous avez passé votre tour et abandonné la partie.
arkantis-refusal-same-card = La même carte est donnée deux fois.
arkantis-refusal-shape-already-validated = Cette forme ({ $shape }) est déjà validée.
arkantis-refusal-shape-not-validatable = Seules les formes de 4 ou 5 ronds se valident avec une carte.
arkantis-refusal-swap-limit-reached = Vous avez déjà échangé une carte en double pendant ce tour.
arkantis-refusal-tournament-config-without-tournament-mode = Une configuration de tournoi demande une partie de tournoi.
arkantis-refusal-unknown-player = Vous n'avez pas de place dans cette partie.
arkantis-refusal-unknown-shape = Aucune forme de ce nom n'est apparue pendant ce tour.
arkantis-refusal-visible-card-changed = La carte visible a changé : c'est maintenant la carte { $card }.
arkantis-refusal-wrong-phase = Ce n'est pas possible pendant la { $phase }.
arkantis-refusal-card-not-in-hand-plain = Cette carte n'est pas dans votre main.
arkantis-refusal-card-shape-mismatch-plain = Cette carte ne correspond pas à cette forme.
arkantis-refusal-cell-is-empty-plain = Il n'y a pas de jeton sur cette case.
arkantis-refusal-destination-not-empty-plain = Cette case porte déjà un jeton.
arkantis-refusal-duplicate-cells-plain = La même case est donnée deux fois.
arkantis-refusal-insufficient-sesterces-plain = Vous n'avez pas assez de sesterces.
arkantis-refusal-no-token-at-source-plain = Il n'y a pas de jeton à déplacer sur cette case.
arkantis-refusal-no-visible-card-plain = Il n'y a pas de carte visible là.
arkantis-refusal-not-your-turn-plain = Ce n'est pas votre tour.
arkantis-refusal-pile-empty-plain = Ce tas est vide.
arkantis-refusal-shape-already-validated-plain = Cette forme est déjà validée.
arkantis-refusal-visible-card-changed-plain = La carte visible a changé : il n'y en a plus.
arkantis-refusal-wrong-phase-plain = Ce n'est pas possible maintenant.

## Le texte de l'image.
arkantis-picture-pile = { $pile }
arkantis-picture-hidden-count = { $count } { $count ->
    [one] carte
   *[other] cartes
}
arkantis-picture-face-down = faces cachées
arkantis-picture-face-up = face visible :
arkantis-picture-no-visible = pas de carte visible
arkantis-picture-bank = banque : { $bank } { $bank ->
    [one] sesterce
   *[other] sesterces
}
arkantis-picture-tokens = jetons sur le plateau : { $count }
arkantis-picture-turn = tour { $turn }
arkantis-picture-turn-phase = tour { $turn }, { $phase }
arkantis-picture-active = joue : { $player }
arkantis-picture-pending = formes à valider : { $shapes }
arkantis-picture-shape = { $shape } : { $colour }, { $size } ronds
arkantis-picture-shape-card = { $shape } : { $colour }, { $size } ronds, { $card }
arkantis-picture-shape-laid = { $shape } : { $colour }, { $size } ronds, validée par la carte { $card }
arkantis-picture-seat = { $player } : { $sesterces } { $sesterces ->
    [one] sesterce
   *[other] sesterces
}, { $laid } { $laid ->
    [one] point abattu
   *[other] points abattus
}
arkantis-picture-mark-active = joue
arkantis-picture-mark-passed = a passé son tour (ordre d'abandon { $position })
arkantis-picture-mark-score = score { $score }, rang { $rank }
arkantis-picture-laid = abattues :
arkantis-picture-hand = main :
arkantis-picture-hand-empty = vide
arkantis-picture-hand-hidden = cachée
arkantis-picture-card-value = { $value } { $value ->
    [one] pt
   *[other] pts
}
arkantis-picture-legend-tokens = disque bleu : un jeton · case rouge nue : une case libre
arkantis-picture-legend-shapes = forme apparue ce tour : rouge (cases libres) tirets longs, bleue (jetons) tirets courts
arkantis-picture-legend-cards = ● carte orange (5 ronds) · ◆ carte émeraude (4 ronds)

## Les options d'une nouvelle partie (le formulaire du salon).
arkantis-option-player-count = Joueurs
arkantis-option-tournament-mode = Disposition de tournoi
arkantis-option-tournament-config = Numéro de la disposition de tournoi
arkantis-option-explicit-layout = Disposition choisie (7 lignes)
