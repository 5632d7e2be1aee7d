# Éclats des Cités en français, avec les mots de la règle (docs/seeds/004_d00deac441a014b4.txt).
# Les identifiants commencent par « eclats_des_cites- » ; chacun est employé dans
# domain/eclats_des_cites/words.py. Arguments : $player est le nom d'un joueur, les nombres
# ($count, $prestige…) sont des nombres, tout autre argument est le nom affiché d'un élément
# (une carte, une pioche, une merveille, une amélioration…). Aucun pronom ne remplace un
# joueur : on écrit son nom.

## Noms des éléments.
eclats_des_cites-card-bois = Bois
eclats_des_cites-card-pierre = Pierre
eclats_des_cites-card-metal = Métal
eclats_des_cites-card-cristal = Cristal
eclats_des_cites-card-energie = Énergie
eclats_des_cites-card-caravane = Caravane
eclats_des_cites-card-comptoir = Comptoir
eclats_des_cites-card-prisme-de-seve = Prisme de sève
eclats_des_cites-card-jardin-des-brumes = Jardin des brumes
eclats_des_cites-card-archives-des-echos = Archives des échos
eclats_des_cites-card-bastion = Bastion
eclats_des_cites-card-heraut = Héraut
eclats_des_cites-card-sentinelle = Sentinelle
eclats_des_cites-card-roue = Roue
eclats_des_cites-card-spirale = Spirale
eclats_des_cites-card-tablette = Tablette
eclats_des_cites-card-boussole = Boussole
eclats_des_cites-card-belvedere = Belvédère
eclats_des_cites-family-resource = Ressources
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
eclats_des_cites-stage-socle = Socle
eclats_des_cites-stage-galerie = Galerie
eclats_des_cites-stage-terrasse = Terrasse
eclats_des_cites-stage-salle = Salle
eclats_des_cites-stage-couronnement = Couronnement
eclats_des_cites-wonder-observatoire = Observatoire
eclats_des_cites-wonder-sanctuaire = Sanctuaire
eclats_des_cites-wonder-colosse = Colosse
eclats_des_cites-wonder-pyramide-des-aurores = Pyramide des Aurores
eclats_des_cites-wonder-palais = Palais
eclats_des_cites-power-vision = Vision
eclats_des_cites-power-rempart = Rempart
eclats_des_cites-power-portee = Portée
eclats_des_cites-power-cour = Cour
eclats_des_cites-wonder-power-observatoire = Vision, aux étapes 2 et 4 : révélez les 4 premières cartes de la pioche centrale, jouez-en une et replacez les autres sous la pioche
eclats_des_cites-wonder-power-sanctuaire = Rempart, aux étapes 2 et 4 : +1 bouclier permanent
eclats_des_cites-wonder-power-colosse = Portée, aux étapes 2 et 4 : prenez et jouez la carte du dessus de n'importe quelle pioche
eclats_des_cites-wonder-power-pyramide-des-aurores = Pas de pouvoir, mais plus de Prestige
eclats_des_cites-wonder-power-palais = Cour, aux étapes 2 et 4 : prenez une amélioration, une des visibles ou la première de la pile cachée
eclats_des_cites-upgrade-commerce = Commerce
eclats_des_cites-upgrade-exploration = Exploration
eclats_des_cites-upgrade-technologie = Technologie
eclats_des_cites-upgrade-protection = Protection
eclats_des_cites-upgrade-bonus = Bonus
eclats_des_cites-upgrade-multiplicateur = Multiplicateur ×2
eclats_des_cites-upgrade-progres = Progrès
eclats_des_cites-upgrade-effect-commerce = après votre premier joker de chaque tour, prenez et jouez une carte de plus
eclats_des_cites-upgrade-effect-exploration = au début de votre tour, regardez en secret la carte du dessus de la pioche centrale
eclats_des_cites-upgrade-effect-technologie = pour construire, seul le nombre de matériaux compte
eclats_des_cites-upgrade-effect-protection = +2 boucliers permanents pour toutes les batailles
eclats_des_cites-upgrade-effect-bonus = après votre première construction de chaque tour, prenez et jouez une carte de plus
eclats_des_cites-upgrade-effect-multiplicateur = à chaque construction, un joker valant 1 peut compter pour 2
eclats_des_cites-upgrade-effect-progres = fin de partie : 2 Prestige par amélioration acquise, celle-ci comprise
eclats_des_cites-pile-central = pioche centrale
eclats_des_cites-pile-border = pioche de frontière { $number }
eclats_des_cites-upgrade-pile-hidden = pile cachée des améliorations
eclats_des_cites-source-setup = choix des merveilles
eclats_des_cites-source-turn = tour
eclats_des_cites-source-commerce = Commerce
eclats_des_cites-source-bonus = Bonus
eclats_des_cites-source-colosse = Colosse
eclats_des_cites-source-boussole = Boussole
eclats_des_cites-source-belvedere = Belvédère
eclats_des_cites-source-observatoire = Observatoire
eclats_des_cites-source-science = symboles de Science
eclats_des_cites-source-palais = Palais
eclats_des_cites-decision-choose-wonder = le choix d'une merveille
eclats_des_cites-decision-take-card = la prise d'une carte
eclats_des_cites-decision-choose-revealed-card = le choix d'une carte révélée
eclats_des_cites-decision-choose-upgrade = le choix d'une amélioration
eclats_des_cites-end-reason-wonder-completed = une merveille est achevée
eclats_des_cites-end-reason-piles-exhausted = toutes les pioches sont vides
eclats_des_cites-decided-by-score = le Prestige
eclats_des_cites-decided-by-stages-built = le plus d'étapes construites
eclats_des_cites-decided-by-turn-position = la place la plus tardive dans l'ordre du tour

## Phrases de l'historique, une par événement.
eclats_des_cites-wonder-chosen = { $player } choisit la merveille { $wonder }.
eclats_des_cites-wonder-chosen-automatic = { $player } reçoit la seule merveille restante, { $wonder }.
eclats_des_cites-central-top-peeked = { $player } regarde en secret la carte du dessus de la pioche centrale : { $card } (Exploration).
eclats_des_cites-central-top-peeked-unseen = { $player } regarde en secret la carte du dessus de la pioche centrale (Exploration).
eclats_des_cites-card-taken-border = { $player } prend et joue la carte { $card } de la { $pile } ; la carte { $top } est aussitôt révélée.
eclats_des_cites-card-taken-border-last = { $player } prend et joue la carte { $card }, la dernière de la { $pile }.
eclats_des_cites-card-taken-central = { $player } prend et joue la carte cachée du dessus de la pioche centrale : { $card }.
eclats_des_cites-conflict-alerted = La carte { $card } met { $added } { $added ->
    [one] marqueur
   *[other] marqueurs
} de conflit en alerte ({ $alerts } sur { $markers } en alerte).
eclats_des_cites-conflict-alerted-lost = La carte { $card } met { $added } { $added ->
    [one] marqueur
   *[other] marqueurs
} de conflit en alerte : les { $markers } sont en alerte et { $lost ->
    [one] une alerte est perdue
   *[other] { $lost } alertes sont perdues
}.
eclats_des_cites-conflict-alerted-full = Les { $markers } marqueurs de conflit sont déjà en alerte : { $lost ->
    [one] l'alerte de la carte { $card } est perdue
   *[other] les { $lost } alertes de la carte { $card } sont perdues
}.
eclats_des_cites-cards-revealed = Avec la carte { $source }, { $player } révèle { $count ->
    [one] la dernière carte de la pioche centrale
   *[other] { $count } cartes de la pioche centrale
} : { $cards }.
eclats_des_cites-cards-revealed-observatoire = Grâce au pouvoir de la merveille { $source }, { $player } révèle { $count ->
    [one] la dernière carte de la pioche centrale
   *[other] { $count } cartes de la pioche centrale
} : { $cards }.
eclats_des_cites-revealed-card-chosen = { $player } joue la carte { $card } ; { $returned } { $count ->
    [one] va
   *[other] vont
} sous la pioche centrale.
eclats_des_cites-revealed-card-chosen-automatic = { $player } joue la seule carte révélée, { $card }.
eclats_des_cites-card-discarded = { $player } défausse la carte d'Exploration { $card }.
eclats_des_cites-science-set-pair = { $player } réunit deux symboles { $card } identiques et les défausse pour prendre une amélioration.
eclats_des_cites-science-set-triple = { $player } réunit trois symboles différents ({ $cards }) et les défausse pour prendre une amélioration.
eclats_des_cites-upgrade-taken = { $player } prend l'amélioration { $upgrade }.
eclats_des_cites-upgrade-taken-replaced = { $player } prend l'amélioration { $upgrade } ; l'amélioration { $replacement } est révélée à sa place.
eclats_des_cites-upgrade-taken-hidden = { $player } prend la première amélioration de la pile cachée : { $upgrade }.
eclats_des_cites-stage-built = { $player } construit l'étape { $number }, { $stage }, pour { $prestige } Prestige, { $payment }.
eclats_des_cites-stage-built-final = { $player } construit l'étape { $number }, { $stage }, pour { $prestige } Prestige, { $payment } : la merveille est achevée et la partie s'arrête à la fin de ce tour.
eclats_des_cites-payment = en défaussant { $cards }
eclats_des_cites-payment-doubled = en défaussant { $cards }, la carte { $joker } comptant pour 2 (Multiplicateur ×2)
eclats_des_cites-payment-technologie = en défaussant { $cards } (Technologie : seul le nombre de matériaux compte)
eclats_des_cites-payment-technologie-doubled = en défaussant { $cards }, la carte { $joker } comptant pour 2 (Multiplicateur ×2 ; Technologie : seul le nombre de matériaux compte)
eclats_des_cites-wonder-power-triggered = Le pouvoir de la merveille { $wonder } se déclenche pour { $player } : { $power } (étape { $stage }).
eclats_des_cites-permanent-shields-gained = { $player } gagne { $amount } { $amount ->
    [one] bouclier permanent
   *[other] boucliers permanents
} ({ $total } au total).
eclats_des_cites-extra-take-granted = { $player } prendra et jouera une carte de plus ({ $source }).
eclats_des_cites-extra-reveal-granted = { $player } révélera { $count } cartes de la pioche centrale et en jouera une ({ $source }).
eclats_des_cites-grant-forfeited-card = { $player } n'a aucune carte à portée : la carte de plus ({ $source }) est perdue.
eclats_des_cites-grant-forfeited-reveal = La pioche centrale est vide : { $player } ne révèle rien ({ $source }).
eclats_des_cites-grant-forfeited-upgrade = Il ne reste aucune amélioration : { $player } n'en prend pas ({ $source }).
eclats_des_cites-battle-fought = Bataille ! Force : { $strengths }. { $victories }. { $discarded ->
    [0] Aucune carte n'est défaussée
    [one] La carte militaire à signal en jeu (Bastion ou Héraut) est défaussée
   *[other] Les { $discarded } cartes militaires à signal en jeu (Bastions et Hérauts) sont défaussées
} ; les marqueurs reviennent côté paix.
eclats_des_cites-battle-strength = { $player } ({ $strength })
eclats_des_cites-battle-victories = { $player } gagne { $count } { $count ->
    [one] victoire
   *[other] victoires
}
eclats_des_cites-battle-no-victory = Personne ne gagne de victoire
eclats_des_cites-turn-skipped = { $player } n'a aucune carte à portée et passe son tour.
eclats_des_cites-game-ended = La partie est terminée ({ $reason }) : { $player } gagne avec { $total } Prestige.
eclats_des_cites-game-ended-tie = La partie est terminée ({ $reason }) : { $player } gagne avec { $total } Prestige, à égalité de Prestige ; critère décisif : { $decided }.

## Libellés des commandes permises.
eclats_des_cites-label-choose-wonder = Choisir la merveille { $wonder } (pouvoir aux étapes 2 et 4 : { $power } ; { $prestige } Prestige une fois achevée)
eclats_des_cites-label-choose-wonder-no-power = Choisir la merveille { $wonder } (sans pouvoir ; { $prestige } Prestige une fois achevée)
eclats_des_cites-label-take-left = Prendre la carte { $card } de votre pioche de gauche ({ $pile })
eclats_des_cites-label-take-right = Prendre la carte { $card } de votre pioche de droite ({ $pile })
eclats_des_cites-label-take-border = Prendre la carte { $card } de la { $pile }
eclats_des_cites-label-take-border-unseen = Prendre la carte du dessus de la { $pile }
eclats_des_cites-label-take-central = Prendre la carte cachée du dessus de la pioche centrale
eclats_des_cites-label-choose-revealed-card = Jouer la carte { $card } (les autres vont sous la pioche centrale)
eclats_des_cites-label-choose-upgrade = Prendre l'amélioration { $upgrade } : { $effect }
eclats_des_cites-label-choose-upgrade-hidden = Prendre la première amélioration de la pile cachée ({ $count } { $count ->
    [one] face cachée
   *[other] faces cachées
})

## Étapes : la question que pose une décision, puis ses options (les libellés ci-dessus).
eclats_des_cites-step-choose-wonder = Choisir une merveille
eclats_des_cites-step-take-turn = Prendre une carte
eclats_des_cites-step-take-extra = Prendre une carte de plus ({ $source })
eclats_des_cites-step-take-colosse = Prendre la carte du dessus de n'importe quelle pioche ({ $source })
eclats_des_cites-step-choose-revealed-card = Jouer une des cartes révélées par la carte { $source }
eclats_des_cites-step-choose-revealed-card-observatoire = Jouer une des cartes révélées par la merveille { $source }
eclats_des_cites-step-choose-upgrade-science = Prendre une amélioration (symboles de Science)
eclats_des_cites-step-choose-upgrade-palais = Prendre une amélioration ({ $source })

## Refus, dits au joueur dont la commande est refusée.
eclats_des_cites-refusal-card-not-revealed = La carte { $card } ne fait pas partie des cartes révélées.
eclats_des_cites-refusal-game-finished = La partie est terminée.
eclats_des_cites-refusal-hidden-pile-empty = La pile cachée des améliorations est vide.
eclats_des_cites-refusal-invalid-options = Éclats des Cités se joue de { $low } à { $high } joueurs.
eclats_des_cites-refusal-invalid-payload = Ce n'est pas une commande valide d'Éclats des Cités.
eclats_des_cites-refusal-not-a-player = Vous n'avez pas de place dans cette partie.
eclats_des_cites-refusal-not-your-turn = Ce n'est pas votre tour : { $player } joue.
eclats_des_cites-refusal-pile-empty = Il n'y a plus de carte dans la { $pile }.
eclats_des_cites-refusal-pile-empty-central = Il n'y a plus de carte dans la pioche centrale.
eclats_des_cites-refusal-pile-not-allowed = Vous ne pouvez pas prendre dans la { $pile } maintenant : prenez dans votre pioche de gauche, votre pioche de droite ou la pioche centrale.
eclats_des_cites-refusal-unknown-pile = Cette pioche n'existe pas : les pioches sont la pioche centrale et les pioches de frontière 1 à { $count }.
eclats_des_cites-refusal-unknown-upgrade = Cette amélioration n'existe pas.
eclats_des_cites-refusal-unknown-wonder = Cette merveille n'existe pas.
eclats_des_cites-refusal-upgrade-not-available = L'amélioration { $upgrade } n'est pas visible : prenez une des améliorations visibles ou la première de la pile cachée.
eclats_des_cites-refusal-wonder-taken = La merveille { $wonder } est déjà prise par { $player }.
eclats_des_cites-refusal-wrong-command = La partie attend { $expected }, pas { $got }.
eclats_des_cites-refusal-card-not-revealed-plain = Cette carte ne fait pas partie des cartes révélées.
eclats_des_cites-refusal-not-your-turn-plain = Ce n'est pas votre tour.
eclats_des_cites-refusal-pile-empty-plain = Cette pioche est vide.
eclats_des_cites-refusal-pile-not-allowed-plain = Vous ne pouvez pas prendre dans cette pioche maintenant.
eclats_des_cites-refusal-unknown-pile-plain = Cette pioche n'existe pas.
eclats_des_cites-refusal-upgrade-not-available-plain = Cette amélioration n'est pas visible.
eclats_des_cites-refusal-wonder-taken-plain = Cette merveille est déjà prise.
eclats_des_cites-refusal-wrong-command-plain = La partie n'attend pas cette commande maintenant.

## Le texte de l'image.
eclats_des_cites-picture-piles = Pioches
eclats_des_cites-picture-pile-central = Pioche centrale
eclats_des_cites-picture-pile-border = Frontière { $number }
eclats_des_cites-picture-pile-count = { $count } { $count ->
    [one] carte
   *[other] cartes
}
eclats_des_cites-picture-pile-face-down = face cachée
eclats_des_cites-picture-pile-empty = vide
eclats_des_cites-picture-upgrades = Améliorations
eclats_des_cites-picture-slot-empty = emplacement vide
eclats_des_cites-picture-hidden-upgrades = pile cachée : { $count }
eclats_des_cites-picture-markers = marqueurs de conflit :
eclats_des_cites-picture-on-alert = { $alerts } sur { $markers } en alerte
eclats_des_cites-picture-pending = { $player } · { $decision }
eclats_des_cites-picture-offered-piles = Proposées (cadre vert épais) : { $piles }
eclats_des_cites-picture-wonder-option = { $prestige } Prestige
eclats_des_cites-picture-wonder-power = { $wonder } : { $power }
eclats_des_cites-picture-upgrade-option = { $upgrade } : { $effect }
eclats_des_cites-picture-hidden-option = Pile cachée : sa première amélioration, inconnue ({ $count } { $count ->
    [one] face cachée
   *[other] faces cachées
})
eclats_des_cites-picture-revealed-by = Révélées (cadre vert épais) ; les cartes non choisies vont sous la pioche centrale :
eclats_des_cites-picture-turn = Tour { $turn } : { $player } · jokers joués : { $jokers } · étapes construites ce tour : { $stages }
eclats_des_cites-picture-ended = La partie est terminée : { $reason }.
eclats_des_cites-picture-grants = { $count ->
    [one] Une carte de plus à prendre
   *[other] { $count } cartes de plus à prendre
} : { $sources }
eclats_des_cites-picture-exploring = Exploration en cours : { $card }
eclats_des_cites-picture-peeked = Exploration : au début de ce tour, vous avez vu la carte du dessus de la pioche centrale : { $card }
eclats_des_cites-picture-discard = Défausse ({ $count } { $count ->
    [one] carte
   *[other] cartes
}) :
eclats_des_cites-picture-discard-empty = Défausse : vide
eclats_des_cites-picture-counted = { $count ->
    [one] { $card }
   *[other] { $card } ×{ $count }
}
eclats_des_cites-picture-seat = Force { $strength } · { $victories } { $victories ->
    [one] victoire
   *[other] victoires
} · { $prestige } Prestige
eclats_des_cites-picture-seat-wonder = { $player } · { $wonder }
eclats_des_cites-picture-seat-no-wonder = { $player } · pas encore de merveille
eclats_des_cites-picture-mark-active = à jouer
eclats_des_cites-picture-mark-winner = rang { $rank }, gagne la partie
eclats_des_cites-picture-mark-rank = rang { $rank }
eclats_des_cites-picture-seat-piles = pioches : gauche frontière { $left } · droite frontière { $right }
eclats_des_cites-picture-stage = { $number }. { $stage }
eclats_des_cites-picture-stage-built = ✓ { $prestige } Prestige
eclats_des_cites-picture-stage-prestige = { $prestige } Prestige
eclats_des_cites-picture-requirement-different = { $count } différents
eclats_des_cites-picture-requirement-identical = { $count } identiques
eclats_des_cites-picture-requirement-any = { $count } matériaux
eclats_des_cites-picture-shields = boucliers : { $shields } (dont { $permanent } { $permanent ->
    [one] permanent
   *[other] permanents
})
eclats_des_cites-picture-seat-upgrades = Améliorations : { $upgrades }
eclats_des_cites-picture-seat-no-upgrades = Améliorations : aucune
eclats_des_cites-picture-tableau = Cartes conservées :
eclats_des_cites-picture-tableau-empty = Cartes conservées : aucune
eclats_des_cites-picture-legend = Familles : { $families }
eclats_des_cites-picture-family-key = { $mark } { $family }
eclats_des_cites-picture-legend-marks = Cadre vert épais : ce que la décision propose · ✓ étape construite · ! marqueur de conflit en alerte

## Les options d'une nouvelle partie (le formulaire du salon).
eclats_des_cites-option-seat-count = Joueurs
