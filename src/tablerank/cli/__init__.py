"""The command-line shell around the engine."""
