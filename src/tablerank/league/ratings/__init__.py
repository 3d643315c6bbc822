"""Derived state that always equals a replay of the confirmed history: each kept system's
ratings per list (`state`), the order-dependent lists' checkpoints and compiled replays, the
order-independent lists' sums, the ranking lists' months, and the skill model's columns.

`rebuild_ratings` recomputes everything from scratch; `tablerank league verify` proves the kept
state equals it.
"""
