"""ludoteca: tabletop games played by their rulebooks."""

__version__ = "0.1.0"
