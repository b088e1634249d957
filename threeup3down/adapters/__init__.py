"""The game for reinforcement-learning frameworks: a stable numbering of moves and
observation tensors (:mod:`~threeup3down.adapters.encoding`), and environments
for PettingZoo, OpenSpiel and Gymnasium.

Each module needs its extra (``[pettingzoo]``, ``[openspiel]``,
``[gymnasium]``; the encoding needs numpy) and is imported only by the code
that uses it.
"""

__all__: list[str] = []
