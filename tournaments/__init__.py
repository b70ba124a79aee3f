"""Events, entries, rounds, matches, games and results; standings, pairings and brackets."""
