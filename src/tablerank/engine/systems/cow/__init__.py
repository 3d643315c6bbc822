"""Catan Online World: points per game and the pairwise ELO list (seed 001)."""
