"""The rules core: cards, rules, moves, the state, the engine, the deal and the
checks every loaded position passes.

Everything here depends on attrs alone, and nothing here imports another part
of the package: this is the bottom layer. Programs import its public names
from :mod:`threeup3down` itself.
"""

__all__: list[str] = []
