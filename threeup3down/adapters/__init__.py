"""The game for reinforcement-learning frameworks: a stable numbering of moves and
observation tensors (:mod:`~threeup3down.adapters.encoding`), written in one
pass for the environments (:mod:`~threeup3down.adapters.encoder`), and
environments for PettingZoo, OpenSpiel and Gymnasium.

Each module needs its extra (``[pettingzoo]``, ``[openspiel]``,
``[gymnasium]``; the encoding needs numpy) and is imported only by the code
that uses it.
"""

__all__: list[str] = []
