"""Django's SQLite backend, creating the database file readable by its owner only."""
