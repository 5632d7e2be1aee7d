## Titres des positions nommées (domain/eclats_des_cites/positions.py), un par identifiant.

opening = L'ouverture d'une partie à deux joueurs : la première merveille à choisir
last-move = Le dernier coup avant la fin : une merveille va être achevée
last-move-tie-stages-built = Le dernier coup avant une fin où les égalités se départagent aux étages construits
finished = Une partie finie
wonder-taken = Le deuxième joueur à choisir sa merveille : le Colosse est pris
four-players-first-turn = Quatre joueurs, le premier tour : trois pioches à portée
three-players-first-turn = Trois joueurs, le premier tour : les Archives des échos en haut d'une pioche de frontière
two-players-first-turn = Deux joueurs, le premier tour : les deux pioches de frontière sont partagées
upgrade-to-choose = Une amélioration à choisir parmi les visibles ou la première de la pile cachée
turn-errors = Trois joueurs : une carte prise hors de son tour
five-players = Cinq joueurs : le dernier à choisir reçoit la dernière merveille
battle = Le troisième marqueur de conflit en alerte, à deux joueurs : une bataille à la fin du tour
first-stage = Une carte qui complète la première étape d'une merveille
empty-border = Au tour du premier joueur, sa pioche de gauche (frontière 1) est vide
turn-skipped = Cinq joueurs : après ce coup, le deuxième joueur n'a plus aucune pioche à portée et passe son tour
