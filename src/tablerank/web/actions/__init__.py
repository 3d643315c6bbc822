"""The site's forms that change a league: recording games, signing results, accounts,
members and settings. Each view is a thin shell over `tablerank.league.services`."""
