# Words every game shares (English). Ids start with "plateau-".
# Numbers are formatted by Fluent (CLDR rules of the language); lists are joined
# by the service with the language's CLDR list pattern.

## The fallback name of a numbered seat nobody named.
plateau-seat-number = Player { $number }

## The caption of every picture.
plateau-caption-version = version { NUMBER($version, useGrouping: 0) }
plateau-caption-finished = finished, won by { $winners }
plateau-caption-nobody = nobody
plateau-caption-to-act = to act: { $seats }
plateau-caption-seen-by = seen by { $viewer }
plateau-caption-seen-by-spectator = seen by a spectator

## A refusal a game cannot say better.
plateau-refused = This move is not allowed.

## Refusals the service says for every game (a command to a game that moved or stopped).
plateau-refusal-stale = The game moved on meanwhile: { $players } played. Look at your moves again.
plateau-refusal-stale-setup = The game moved on meanwhile: it has started. Look at your moves again.
plateau-refusal-not-started = The game has not started: some seats are still free.
plateau-refusal-finished = The game is over.
plateau-refusal-kept-changing = The game kept changing under your move; try again.
