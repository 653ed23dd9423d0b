"""The Game Math Playground: exact odds, simulations and panels for four tabletop games."""

__version__ = "0.1.0"
