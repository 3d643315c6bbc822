"""The league's web site (Django templates + htmx): a thin shell over `tablerank.league`."""
