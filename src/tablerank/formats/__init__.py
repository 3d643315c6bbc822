"""File formats: reading records and shaping results as JSON."""
