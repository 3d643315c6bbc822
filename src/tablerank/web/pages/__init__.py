"""The pages that read a league: home, standings and lists, players, games, events.

A thin shell over `tablerank.league.queries` (every number) and `services` (who may see what,
where a result stands). Views pick what to ask for from the URL, hand the answers to a template
and never compute a rating. Requests from htmx (`HX-Request`) get just the part of the page that
changes; everything else gets the whole page, so every URL can be shared and reloaded.
"""
