"""The league server (issue 4): a Django app that keeps a league's history and asks the engine.

Nothing here computes a rating: the models store records, convert them to and from the engine's
`Game` and `Event` values, and the services keep the history append-only. Importing
`tablerank` or its command line never imports this package (or Django).
"""
