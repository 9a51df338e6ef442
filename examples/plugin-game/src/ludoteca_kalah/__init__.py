"""Kalah, a ludoteca game plugin living outside ludoteca (see README.md)."""
