"""Win rates with a confidence interval, for the examples that pit bots against each other."""

from __future__ import annotations

import math

__all__ = ["format_win_rate", "wilson_interval"]


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for ``z=1.96``).

    >>> [round(bound, 3) for bound in wilson_interval(7, 10)]
    [0.397, 0.892]
    """
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return ((centre - spread) / scale, (centre + spread) / scale)


def format_win_rate(wins: int, games: int) -> str:
    """``wins`` of ``games`` as a rate with its 95 % interval.

    >>> format_win_rate(7, 10)
    '7/10 = 70.0% (95% CI 39.7%-89.2%)'
    """
    low, high = wilson_interval(wins, games)
    return f"{wins}/{games} = {wins / games:.1%} (95% CI {low:.1%}-{high:.1%})"
