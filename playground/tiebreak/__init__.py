"""Tie-Break Triumph: the tennis board game of dice, tournaments and win-by-2 tie-breaks."""
