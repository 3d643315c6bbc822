"""Catan-specific rules: the variant catalog (seed 002)."""
