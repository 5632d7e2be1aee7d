## Titres des positions nommées (domain/tours_arc_en_ciel/positions.py), un par identifiant.

opening = L'ouverture : la Maison du Feu contre la Maison de Glace, la tour d'or gagnée au second lancer
last-move = Le dernier coup avant la fin : la dernière carte de jeu est prise
last-move-all-dragons-on-board = Le dernier coup avant la fin : tous les Dragons d'une maison sur le plateau
last-move-tie-pearls = Le dernier coup avant une fin où les égalités se départagent aux perles
finished = Une partie finie
take-a-face-up-card = Le premier tour de la Maison du Feu : prendre une carte retournée ou une carte de la pile
landing = La Maison du Feu a une carte Améthyste : poser un Dragon sur une tour vide
landing-refused = La Maison du Feu a une carte Améthyste : les poses que la règle refuse
turn-errors = Le premier tour de la Maison du Feu : des ordres hors de son tour ou hors de la phase
combat-next = La Maison du Feu déplace un Dragon sur une tour de la Maison de Glace : un combat
chance-card-next = La troisième action de la Maison du Feu : tirer une carte de chance
chance-decline = La Maison de Glace tire une carte de chance qu'elle peut refuser
swap = La Maison du Feu échange les Dragons de deux de ses tours
atomize = La Maison de Glace atomise un Dragon du Feu avec une paire de cartes
third-action = La Maison du Feu a posé son Dragon : la troisième action, avec des cartes de chance
attacker-wins = La Maison du Feu se pose sur une tour de la Maison de Glace et gagnera le combat
tie-to-defender = Un Maçon du Feu attaque et le combat finira à égalité : le défenseur l'emporte
blower-back = Un Souffleur du Feu attaque et perdra : il regagne son camp
last-card = La pile est vide et il reste une carte retournée : qui la prend joue une dernière fois
variants = Les deux variantes : la Maison du Feu a deux cartes de l'île de départ de la Maison de Glace
undeclinable = La Maison du Feu tire une carte de chance qu'elle ne peut pas refuser (un pont de plus pour posséder une île)
atomize-limit = La Maison de Glace a déjà atomisé deux fois : une troisième fois est refusée
chance-reshuffle = Les cartes de chance sont toutes tirées : la Maison de Glace en tire une à la place d'amener un Dragon, et les cartes défaussées sont battues à nouveau
eight-houses = Huit Maisons : la Maison de l'Eau commence, puis chacune à son tour autour du plateau
move-errors = La dernière action de la Maison du Feu : les déplacements refusés (la tour d'un ennemi, une île hors du pont, la même tour, son propre Dragon)
