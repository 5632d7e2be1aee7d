## Titres des positions nommées (domain/arkantis/positions.py), un par identifiant.

opening = L'ouverture d'une partie par défaut : deux joueurs, une disposition au hasard
tournament-layout-1 = Disposition de tournoi 1 avec un 2 au dé : le plateau A
tournament-die-4 = Disposition de tournoi 1 avec un 4 au dé : la ligne du milieu est sautée
tournament-layout-12 = Disposition de tournoi 12 avec un 6 au dé
explicit-layout = Une disposition choisie par le créateur : la diagonale
no-new-red-shape = Plateau A : un retrait qui ne forme aucune nouvelle forme rouge
no-new-blue-shape = Plateau A : un retrait qui ne forme aucune nouvelle forme bleue
no-new-shapes = Plateau A : un retrait qui ne forme aucune forme
remove-two-tokens = Plateau A : retirer deux jetons pour deux sesterces
remove-two-tokens-refused = Plateau A : retirer deux jetons, refusé
validation-window = Plateau A : une forme de quatre cases à valider, une Équerre en main
lay-card-refused = Une forme attend d'être validée : les cartes qui ne la valident pas
pass-out-of-turn = Passer hors de son tour, ou pendant la validation
buy-visible-then-lay = Pas d'Équerre en main : acheter celle qui est visible, puis la poser
forfeit-with-end-turn = Un autre joueur achète la bonne carte avant : la forme est perdue
visible-card-race = Deux joueurs se disputent la carte visible
swap-duplicate = Deux cartes identiques en main : en échanger une
last-move = Le dernier coup avant la fin
last-move-tie-laid-value = Le dernier coup avant une fin départagée par la valeur des cartes posées
last-move-tie-leave-position = Le dernier coup avant une fin départagée par l'ordre des passes
finished = Une partie finie
unknown-seat = Plateau A : un ordre d'une place que la partie n'a pas
first-move-ends-the-game = Plateau A : un premier coup après lequel personne ne peut plus jouer
no-removal-since-last-move = Le joueur a déplacé un jeton la dernière fois et aucun jeton n'a été retiré depuis : il ne peut pas en déplacer un autre
forced-pass-after-a-pass = Un joueur va passer son tour ; l'autre, faute de sesterces, ne pourra plus rien faire
stuck-with-money = Après un passe volontaire, le joueur suivant n'a aucune action permise malgré ses sesterces : il passe, la partie s'arrête
