"""Running a tournament: who sits where each round (pure core, no I/O).

`seating` is the public door: a whole schedule fixed in advance (`schedule`), or the next round
of a Swiss event from its standings so far (`next_round`). docs/tournaments.md explains the rules
and their sources.
"""
