# Les petits Dragons en français, avec les mots de la règle (docs/seeds/002_b4608d8451599aaa.txt).
# Les identifiants commencent par « petits_dragons- » ; chacun est employé dans
# domain/petits_dragons/words.py. Arguments : $player est le nom d'un joueur, les nombres
# ($value, $count, $red…) sont des nombres, tout autre argument est le nom affiché d'un
# élément (une case, un Dragon, un peuple…). Aucun pronom ne remplace un joueur : on écrit
# son nom. Un peuple (« le Vert ») est nommé par sa couleur, comme dans la règle (« le
# Dragon Vert », « au Blanc de jouer ») ; les noms de peuples sont masculins et commencent
# par une consonne (« le Vert », « du Vert », « au Vert »).

## Noms des éléments.
petits_dragons-colour-white = Blanc
petits_dragons-colour-black = Noir
petits_dragons-colour-yellow = Jaune
petits_dragons-colour-red = Rouge
petits_dragons-colour-skeleton = Squelette
petits_dragons-colour-green = Vert
petits_dragons-colour-brown = Brun
petits_dragons-colour-blue = Bleu
# La couleur d'une case ou d'une branche (féminin : « la case verte de la branche noire »).
petits_dragons-cell-colour-white = blanche
petits_dragons-cell-colour-black = noire
petits_dragons-cell-colour-yellow = jaune
petits_dragons-cell-colour-red = rouge
petits_dragons-cell-colour-skeleton = squelette
petits_dragons-cell-colour-green = verte
petits_dragons-cell-colour-brown = brune
petits_dragons-cell-colour-blue = bleue
petits_dragons-cell-centre = la case centrale
petits_dragons-cell-arena = l'arène
petits_dragons-cell-base = la base de la branche { $branch }
petits_dragons-cell-in-branch = la case { $colour } de la branche { $branch }
petits_dragons-branch = la branche { $branch }
petits_dragons-piece-pawn = pion { $number } du { $colour }
petits_dragons-piece-chief = chef du { $colour }
petits_dragons-number = { NUMBER($number, useGrouping: 0) }
petits_dragons-chief = chef
petits_dragons-team = équipe { $number }
petits_dragons-nest-exit = la sortie du nid
petits_dragons-die-red = dé rouge
petits_dragons-die-blue = dé bleu
petits_dragons-die-green = dé vert
petits_dragons-penalty-kind-chief-arrival = arrivée du chef
petits_dragons-penalty-kind-pawn-arrival = arrivée d'un pion
petits_dragons-penalty-kind-stack-arrival = arrivée de pions empilés
petits_dragons-penalty-kind-combat-win = victoire en combat
petits_dragons-penalty-kind-arena-hold = arène tenue tout un tour
petits_dragons-phase-awaiting-roll = lancer des dés
petits_dragons-phase-awaiting-action = coup à jouer
petits_dragons-phase-awaiting-penalty = pénalité à distribuer
petits_dragons-phase-closing = fin du tour
petits_dragons-decided-by-score = le score
petits_dragons-decided-by-pieces-home = le nombre de Dragons rentrés
petits_dragons-decided-by-completed-by = le peuple qui a fini la partie
petits_dragons-decided-by-pieces-in-nest = le nombre de Dragons restés au nid
petits_dragons-decided-by-tie = égalité parfaite
petits_dragons-end-reason-colour-completed = un peuple a rentré tous ses Dragons
petits_dragons-end-reason-no-colour-can-act = plus aucun peuple ne peut jouer
petits_dragons-end-reason-round-limit = limite de { $rounds } manches atteinte
petits_dragons-roll-outcome-plain = simple
petits_dragons-roll-outcome-double = double
petits_dragons-roll-outcome-suite = suite
petits_dragons-position-nest = au nid
petits_dragons-position-exit = à la sortie du nid
petits_dragons-position-board = sur le plateau
petits_dragons-position-home = rentré
petits_dragons-position-out = écarté du jeu
petits_dragons-direction-clockwise = sens des aiguilles d'une montre
petits_dragons-direction-anticlockwise = sens contraire des aiguilles d'une montre
petits_dragons-unit-kind-pawn = pion
petits_dragons-unit-kind-chief = chef
petits_dragons-unit-kind-stack = pions empilés

## Les Dragons d'un coup : un chef, un pion, ou deux pions empilés.
petits_dragons-unit-own-chief = son { $chief }
petits_dragons-unit-own-pawn = son pion { $pawn }
petits_dragons-unit-own-stack = ses pions empilés { $pawns }
petits_dragons-unit-of-chief = le { $chief } du { $colour }
petits_dragons-unit-of-pawn = le pion { $pawn } du { $colour }
petits_dragons-unit-of-stack = les pions empilés { $pawns } du { $colour }
petits_dragons-unit-label-chief = le { $chief }
petits_dragons-unit-label-pawn = le pion { $pawn }
petits_dragons-unit-label-stack = les pions empilés { $pawns }
petits_dragons-unit-step-chief = Le { $chief } { $where }
petits_dragons-unit-step-pawn = Le pion { $pawn } { $where }
petits_dragons-unit-step-stack = Les pions empilés { $pawns } { $where }
petits_dragons-where-cell = sur { $cell }
petits_dragons-where-exit = à la sortie du nid

## Phrases de l'historique, une par événement.
petits_dragons-turn-started = Tour { NUMBER($turn, useGrouping: 0) } (manche { $round }) : { $player } joue le { $colour }.
petits_dragons-turn-skipped = Le { $colour } ne peut plus jouer : son tour est sauté.
petits_dragons-dice-rolled = Le { $colour } lance les dés : rouge { $red }, bleu { $blue }.
petits_dragons-dice-rolled-double = Le { $colour } lance les dés : rouge { $red }, bleu { $blue }, un double.
petits_dragons-dice-rolled-suite = Le { $colour } lance les dés : rouge { $red }, bleu { $blue }, une suite.
petits_dragons-roll-forfeited-suite = La suite oblige le { $colour } à passer son tour.
petits_dragons-roll-forfeited-no-legal-action = Le { $colour } ne peut rien jouer avec ce lancer.
petits_dragons-roll-forfeited-passed = Le { $colour } passe ce lancer.
petits_dragons-piece-born = Le { $colour } fait naître { $unit } (double { $double }).
petits_dragons-piece-moved = Le { $colour } déplace { $unit } de { $from } à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
}).
petits_dragons-piece-moved-die = Le { $colour } déplace { $unit } de { $from } à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
}, { $die }).
petits_dragons-piece-moved-exit = Le { $colour } sort { $unit } du nid jusqu'à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
}).
petits_dragons-piece-teleported = Le { $colour } téléporte { $unit } de { $origin } sur { $to }.
petits_dragons-stack-formed = Les pions { $pawns } du { $colour } s'empilent sur { $cell }.
petits_dragons-combat = Combat sur { $cell } : { $attacker } contre { $defender } ; le { $winner } l'emporte.
petits_dragons-combat-tie = Combat sur { $cell } : { $attacker } contre { $defender } ; égalité, le défenseur l'emporte : le { $winner }.
petits_dragons-fighter = { $unit } ({ $total } : dés { $dice })
petits_dragons-fighter-bonus = { $unit } ({ $total } : dés { $dice }, bonus { $bonus })
petits_dragons-fighter-three-dice = { $unit } ({ $total } : dés { $dice }, gardés { $kept }, bonus { $bonus })
petits_dragons-returned-to-nest = Retour au nid pour { $unit }.
petits_dragons-chief-killed = Le chef du { $colour } meurt sur { $cell } et est écarté du jeu{ $removed ->
    [0] {""}
    [one] , avec le pion encore au nid, remplacé par un œuf
   *[other] , avec les { $removed } pions encore au nid, remplacés par des œufs
}{ $kept ->
    [0] {""}
    [one]  ; faute d'œufs à la banque, un pion reste au nid
   *[other]  ; faute d'œufs à la banque, { $kept } pions restent au nid
}.
petits_dragons-piece-arrived = Le { $colour } rentre { $unit } sur la case centrale.
petits_dragons-penalty-created = Pénalité { $penalty } pour le { $owner } : { $value } à distribuer ({ $kind }).
petits_dragons-penalty-created-restricted = Pénalité { $penalty } pour le { $owner } : { $value } à donner au { $target } vaincu ({ $kind }).
petits_dragons-penalty-created-blocking = Pénalité { $penalty } pour le { $owner } : { $value } à donner au { $target } vaincu ({ $kind }) ; le jeu attend sa réponse.
petits_dragons-penalty-lapsed = La pénalité { $penalty } ne peut pas s'appliquer : elle est annulée.
petits_dragons-eggs-given = Pénalité { $penalty } : { $count ->
    [one] un œuf { $denomination }
   *[other] { $count } œufs de { $denomination }
} pour le { $colour }.
petits_dragons-eggs-removed = Pénalité { $penalty } : le { $colour } ôte { $count ->
    [one] un œuf { $denomination }
   *[other] { $count } œufs de { $denomination }
} de son nid.
petits_dragons-eggs-backfired = Souffler n'est pas jouer : la pénalité { $penalty } oubliée met { $count ->
    [one] un œuf { $denomination }
   *[other] { $count } œufs de { $denomination }
} dans le nid du { $colour }.
petits_dragons-eggs-for-chief = Le nid du { $colour } reçoit { $count ->
    [one] un œuf { $denomination }
   *[other] { $count } œufs de { $denomination }
} à la place de son chef.
petits_dragons-eggs-for-pawns = Le nid du { $colour } reçoit { $count ->
    [one] un œuf { $denomination }
   *[other] { $count } œufs de { $denomination }
} à la place de ses pions écartés.
petits_dragons-turn-ended-replay-declined = Le { $colour } ne rejoue pas et termine son tour.
petits_dragons-turn-ended-replay-declined-arena = Le { $colour } ne rejoue pas et termine son tour en tenant l'arène.
petits_dragons-turn-ended-closed = Le { $colour } termine son tour sans avoir distribué toutes ses pénalités.
petits_dragons-turn-ended-closed-arena = Le { $colour } termine son tour en tenant l'arène, sans avoir distribué toutes ses pénalités.
petits_dragons-turn-ended-arena = Le { $colour } termine son tour en tenant l'arène.
petits_dragons-game-ended = Partie terminée ({ $reason }). { $count ->
    [one] Vainqueur
   *[other] Vainqueurs ex aequo
} : { $winners }, avec { $score } { $score ->
    [one] point
   *[other] points
} (critère décisif : { $decided }).
petits_dragons-end-completed = le { $colour } a rentré tous ses Dragons

## Libellés des commandes permises.
petits_dragons-label-roll = Lancer les dés
petits_dragons-label-roll-again = Rejouer : lancer les dés
petits_dragons-label-end-turn = Terminer le tour{ $pending ->
    [0] {""}
    [one] {" "}(la pénalité non distribuée se retourne contre vous)
   *[other] {" "}(les { $pending } pénalités non distribuées se retournent contre vous)
}
petits_dragons-label-decline-replay = Ne pas rejouer et terminer le tour{ $pending ->
    [0] {""}
    [one] {" "}(la pénalité non distribuée se retourne contre vous)
   *[other] {" "}(les { $pending } pénalités non distribuées se retournent contre vous)
}
petits_dragons-label-pass = Passer ce lancer
petits_dragons-label-birth = Faire naître { $unit } (double { $double })
petits_dragons-label-move = Avancer { $unit } jusqu'à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
})
petits_dragons-label-move-notes = Avancer { $unit } jusqu'à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
}, { $notes })
petits_dragons-label-move-exit = Sortir { $unit } du nid jusqu'à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
})
petits_dragons-label-move-exit-notes = Sortir { $unit } du nid jusqu'à { $to } ({ $value } { $value ->
    [one] case
   *[other] cases
}, { $notes })
petits_dragons-label-teleport = Téléporter { $unit } sur { $to }
petits_dragons-label-teleport-notes = Téléporter { $unit } sur { $to } ({ $notes })
petits_dragons-label-assign = Pénalité { $penalty } : { $transfers }
petits_dragons-transfer-give = donner un œuf { $denomination } au { $colour }
petits_dragons-transfer-remove = ôter un œuf { $denomination } du nid du { $colour }
petits_dragons-note-arrival = arrivée
petits_dragons-note-stack = empilement avec { $unit }
petits_dragons-note-combat = combat contre { $unit }

## Étapes : les choix qui mènent à une commande (le Dragon, comment, où).
petits_dragons-step-walk = Avancer de { $value } { $value ->
    [one] case
   *[other] cases
}
petits_dragons-step-walk-die = Avancer de { $value } { $value ->
    [one] case
   *[other] cases
} avec le { $die }
petits_dragons-step-walk-exit = Sortir du nid et avancer de { $value } { $value ->
    [one] case
   *[other] cases
}
petits_dragons-step-teleport = Se téléporter sur une case de sa couleur
petits_dragons-step-to = Jusqu'à { $to }
petits_dragons-step-to-notes = Jusqu'à { $to } ({ $notes })
petits_dragons-step-onto = Sur { $to }
petits_dragons-step-onto-notes = Sur { $to } ({ $notes })
petits_dragons-step-direction = Dans le { $direction }
petits_dragons-step-via = Par { $cells }
petits_dragons-step-penalty = Pénalité { $penalty } : { $value } à distribuer ({ $kind })
petits_dragons-step-penalty-restricted = Pénalité { $penalty } : { $value } à donner au { $target } vaincu ({ $kind })
petits_dragons-step-give = Donner un œuf { $denomination } au { $colour }
petits_dragons-step-remove = Ôter un œuf { $denomination } du nid du { $colour }

## Refus, dits au joueur dont la commande est refusée.
petits_dragons-refusal-action-pending = Jouez d'abord ce lancer, ou passez-le.
petits_dragons-refusal-alliances-need-even-players = Les alliances demandent un nombre pair de joueurs.
petits_dragons-refusal-ally-occupied = Un Dragon allié occupe { $cell } : on ne peut pas s'y arrêter.
petits_dragons-refusal-already-there = Ce Dragon est déjà sur { $cell }.
petits_dragons-refusal-awaiting-other-player = Le jeu attend que le { $colour } distribue la pénalité { $penalty }.
petits_dragons-refusal-branch-already-used = Ce Dragon a déjà emprunté { $branch } pendant ce tour.
petits_dragons-refusal-branch-direction-reversed = On ne peut emprunter une branche que dans un seul sens.
petits_dragons-refusal-cannot-stack-chief = Le chef n'a pas le droit de s'empiler.
petits_dragons-refusal-cannot-stop-on-centre = On ne s'arrête sur la case centrale qu'en y arrivant depuis l'arène.
petits_dragons-refusal-centre-already-used = La case centrale ne peut être utilisée qu'une seule fois dans un tour.
petits_dragons-refusal-chief-dead = Le chef du { $colour } est mort : plus aucun Dragon ne peut naître.
petits_dragons-refusal-chief-must-be-born-first = Tant que le chef est au nid, un double { $low } ou { $high } fait naître le chef.
petits_dragons-refusal-chief-needs-double-5-or-6 = Le chef ne naît que d'un double { $low } ou { $high }.
petits_dragons-refusal-chief-not-in-nest = Le chef n'est plus au nid.
petits_dragons-refusal-die-choice-not-allowed = Seuls des pions empilés choisissent leur dé ; un pion seul ou le chef avance du dé le plus fort.
petits_dragons-refusal-die-choice-required = Des pions empilés choisissent le dé rouge ou le dé bleu.
petits_dragons-refusal-duplicate-colour = Le { $colour } est donné deux fois.
petits_dragons-refusal-egg-not-in-nest = Ce nid n'a pas d'œuf { $denomination } à ôter.
petits_dragons-refusal-egg-unavailable = La banque n'a plus d'œuf { $denomination }.
petits_dragons-refusal-exit-path-invalid = En sortant du nid, un Dragon passe par la case centrale puis par le haut de sa propre branche.
petits_dragons-refusal-game-finished = La partie est terminée.
petits_dragons-refusal-invalid-colour = Cette couleur n'existe pas : les couleurs sont blanc, noir, jaune, rouge, squelette, vert, brun et bleu.
petits_dragons-refusal-invalid-colour-count = Chaque joueur mène le même nombre de peuples : 1 à 4 à deux joueurs, 1 ou 2 à trois ou quatre joueurs, 1 au-delà.
petits_dragons-refusal-invalid-die = Le dé choisi est le dé rouge ou le dé bleu.
petits_dragons-refusal-invalid-kind = Une naissance fait naître un chef ou un pion.
petits_dragons-refusal-invalid-path = Ce chemin n'est pas valide.
petits_dragons-refusal-invalid-player-count = Les petits Dragons se jouent de { $low } à { $high } joueurs.
petits_dragons-refusal-invalid-teams = Les équipes doivent répartir tous les joueurs en équipes égales d'au moins deux joueurs.
petits_dragons-refusal-invalid-transfers = Cette réponse à la pénalité n'est pas valide : donnez des œufs à des ennemis ou ôtez-en de votre nid, un œuf à la fois.
petits_dragons-refusal-legal-move-available = Un déplacement est possible avec ce lancer : il faut le jouer.
petits_dragons-refusal-multi-colour-disabled = Sans la variante à plusieurs peuples, chaque joueur mène un seul peuple.
petits_dragons-refusal-must-roll = Le premier lancer du tour est obligatoire.
petits_dragons-refusal-nest-empty = Il n'y a plus de pion au nid.
petits_dragons-refusal-no-colour = Chaque joueur mène au moins un peuple.
petits_dragons-refusal-not-a-double = Rouge { $red }, bleu { $blue } : ce n'est pas un double.
petits_dragons-refusal-not-adjacent = Le chemin saute jusqu'à { $cell } : chaque case doit toucher la précédente.
petits_dragons-refusal-not-own-colour-cell = Le { $colour } ne se téléporte que sur une case de sa couleur, pas sur { $cell }.
petits_dragons-refusal-not-your-penalty = Cette pénalité est celle du { $colour }.
petits_dragons-refusal-not-your-piece = Le { $piece } n'appartient pas au peuple qui joue.
petits_dragons-refusal-not-your-turn = Ce n'est pas votre tour : { $player } joue le { $colour }.
petits_dragons-refusal-own-branch-climb = On n'a pas le droit de remonter sa branche, celle dont on descend du nid.
petits_dragons-refusal-penalty-not-pending = Cette pénalité est déjà réglée.
petits_dragons-refusal-piece-not-in-play = Le { $piece } n'est pas en jeu : il est { $position }.
petits_dragons-refusal-reversal-not-allowed = Un Dragon ne revient pas sur ses pas, sauf par le rebond sur la case centrale.
petits_dragons-refusal-stack-full = On ne peut empiler plus de deux pions.
petits_dragons-refusal-target-must-be-defeated = La pénalité d'un combat va au vaincu, le { $colour }.
petits_dragons-refusal-target-not-enemy = Le { $colour } n'est pas un ennemi en jeu : deux peuples alliés ne peuvent pas s'infliger de pénalités.
petits_dragons-refusal-teams-without-alliances = Des équipes ne se forment qu'avec la variante des alliances.
petits_dragons-refusal-teleport-not-allowed = Seuls le chef et deux pions empilés se téléportent.
petits_dragons-refusal-unknown-cell = Cette case n'existe pas.
petits_dragons-refusal-unknown-command = Ce coup n'existe pas aux petits Dragons.
petits_dragons-refusal-unknown-penalty = Aucune pénalité ne porte ce nom.
petits_dragons-refusal-unknown-piece = Aucun Dragon ne porte ce nom.
petits_dragons-refusal-unknown-seat = Vous n'avez pas de place dans cette partie.
petits_dragons-refusal-wrong-denomination = Un œuf { $denomination } ne convient pas à cette pénalité.
petits_dragons-refusal-wrong-direction = Rouge { $red }, bleu { $blue } : sur le cercle extérieur, un pion seul tourne dans le { $direction }.
petits_dragons-refusal-wrong-path-length = Le chemin doit compter { $value } { $value ->
    [one] case
   *[other] cases
}.
petits_dragons-refusal-wrong-phase = Ce n'est pas possible maintenant ({ $phase }).
petits_dragons-refusal-wrong-total = Ces œufs font { $total } : il en faut { $due }.
petits_dragons-refusal-ally-occupied-plain = Un Dragon allié occupe cette case : on ne peut pas s'y arrêter.
petits_dragons-refusal-already-there-plain = Ce Dragon est déjà sur cette case.
petits_dragons-refusal-awaiting-other-player-plain = Le jeu attend qu'une pénalité soit distribuée.
petits_dragons-refusal-branch-already-used-plain = Ce Dragon a déjà emprunté cette branche pendant ce tour.
petits_dragons-refusal-chief-dead-plain = Le chef est mort : plus aucun Dragon ne peut naître.
petits_dragons-refusal-duplicate-colour-plain = Une couleur est donnée deux fois.
petits_dragons-refusal-egg-not-in-nest-plain = Ce nid n'a pas ces œufs à ôter.
petits_dragons-refusal-egg-unavailable-plain = La banque n'a plus ces œufs.
petits_dragons-refusal-not-a-double-plain = Ce lancer n'est pas un double.
petits_dragons-refusal-not-adjacent-plain = Le chemin saute une case : chaque case doit toucher la précédente.
petits_dragons-refusal-not-own-colour-cell-plain = On ne se téléporte que sur une case de sa couleur.
petits_dragons-refusal-not-your-penalty-plain = Cette pénalité n'est pas la vôtre.
petits_dragons-refusal-not-your-piece-plain = Ce Dragon n'appartient pas au peuple qui joue.
petits_dragons-refusal-not-your-turn-plain = Ce n'est pas votre tour.
petits_dragons-refusal-piece-not-in-play-plain = Ce Dragon n'est pas en jeu.
petits_dragons-refusal-target-must-be-defeated-plain = La pénalité d'un combat va au vaincu.
petits_dragons-refusal-target-not-enemy-plain = Cette couleur n'est pas un ennemi en jeu.
petits_dragons-refusal-wrong-denomination-plain = Ces œufs ne conviennent pas à cette pénalité.
petits_dragons-refusal-wrong-direction-plain = Sur le cercle extérieur, un pion seul tourne dans le sens imposé par les dés.
petits_dragons-refusal-wrong-path-length-plain = Le chemin n'a pas la longueur du lancer.
petits_dragons-refusal-wrong-phase-plain = Ce n'est pas possible maintenant.
petits_dragons-refusal-wrong-total-plain = Ces œufs ne font pas le total de la pénalité.

## Le texte de l'image.
petits_dragons-picture-centre = centre
petits_dragons-picture-arena = arène
petits_dragons-picture-branch = branche { $branch }
petits_dragons-picture-turn = Manche { $round }, tour { NUMBER($turn, useGrouping: 0) } : le { $colour } ({ $player }), { $phase }
petits_dragons-picture-round = Manche { $round }
petits_dragons-picture-last-roll = Dernier lancer : rouge { $red }, bleu { $blue } ({ $outcome })
petits_dragons-picture-die-red = rouge
petits_dragons-picture-die-blue = bleu
petits_dragons-picture-bank = Œufs à la banque : { $e500 } × 500, { $e100 } × 100, { $e50 } × 50
petits_dragons-picture-finished = Partie terminée : { $reason }
petits_dragons-picture-rank = { $rank }. { $side } : { $score } { $score ->
    [one] point
   *[other] points
}
petits_dragons-picture-legend-pieces = C : le chef · 3 : le pion 3 · 3+5 : les pions 3 et 5 empilés · le symbole d'un Dragon ou d'une case donne sa couleur
petits_dragons-picture-legend-board = Le cercle extérieur relie la base des branches ; chaque branche monte vers l'arène, puis la case centrale.
petits_dragons-picture-legend-colours = Une case de sa couleur donne +3 en combat au Dragon et sert à sa téléportation :
petits_dragons-picture-penalty = Pénalité { $penalty } du { $owner } : { $value } à distribuer ({ $kind })
petits_dragons-picture-penalty-restricted = Pénalité { $penalty } du { $owner } : { $value } à donner au { $target } vaincu ({ $kind })
petits_dragons-picture-panel = { $colour } · { $player }
petits_dragons-picture-panel-chief-dead = chef mort
petits_dragons-picture-eggs = œufs : { $e500 } × 500, { $e100 } × 100, { $e50 } × 50 = { $total } { $total ->
    [one] point
   *[other] points
}
petits_dragons-picture-nest = nid :
petits_dragons-picture-exit = sortie :
petits_dragons-picture-home = rentrés :
petits_dragons-picture-out = écartés :

## Les options d'une nouvelle partie (le formulaire du salon).
petits_dragons-option-seats = Les couleurs de chaque joueur
petits_dragons-option-option-multi-colour = Plusieurs couleurs par joueur
petits_dragons-option-option-alliances = Alliances (jeu en équipes)
petits_dragons-option-teams = Équipes
