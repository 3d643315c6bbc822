"""P.A.G.E.S.: five simple Catan scoring systems and their combined ranking (seed 000)."""
