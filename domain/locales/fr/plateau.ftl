# Les mots que tous les jeux partagent (français). Les identifiants commencent par « plateau- ».
# Les nombres sont mis en forme par Fluent (règles CLDR de la langue) ; les listes
# sont jointes avec le motif de liste CLDR de la langue.

## Le nom de repli d'une place numérotée que personne n'a nommée.
plateau-seat-number = Joueur { $number }

## La légende de chaque image.
plateau-caption-version = version { NUMBER($version, useGrouping: 0) }
plateau-caption-finished = partie terminée, gagnée par { $winners }
plateau-caption-nobody = personne
plateau-caption-to-act = à jouer : { $seats }
plateau-caption-seen-by = vu par { $viewer }
plateau-caption-seen-by-spectator = vu par un spectateur

## Un refus qu'un jeu ne sait pas dire mieux.
plateau-refused = Ce coup n'est pas permis.

## Refus que le service dit pour chaque jeu (une commande à une partie qui a avancé ou s'est arrêtée).
plateau-refusal-stale = La partie a avancé entre-temps : { $players } { $count ->
        [one] a joué
       *[other] ont joué
    }. Regardez à nouveau vos coups possibles.
plateau-refusal-stale-setup = La partie a avancé entre-temps : elle a commencé. Regardez à nouveau vos coups possibles.
plateau-refusal-not-started = La partie n'a pas commencé : des places sont encore libres.
plateau-refusal-finished = La partie est terminée.
plateau-refusal-kept-changing = La partie a changé pendant votre coup ; réessayez.
