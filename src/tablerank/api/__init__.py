"""The league server's JSON API (django-ninja): a thin shell over `tablerank.league`."""
