"""The phases of a game: setup, play, over.

>>> Phase("setup"), Phase.OVER.value
(<Phase.SETUP: 'setup'>, 'over')
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """The part of the game a state is in.

    >>> from threeup3down import new_game, Rules
    >>> new_game(Rules(players=2), seed=1).phase
    <Phase.SETUP: 'setup'>
    """

    SETUP = "setup"
    """Players choose their 3UP cards (S3)."""
    PLAY = "play"
    """Turns are taken (T, P, C, F)."""
    OVER = "over"
    """The game has ended: won (W1), places settled (O1) or stalemated (O10)."""
