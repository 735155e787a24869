"""Kibitz: game analysis from Python.

- :mod:`kibitz.bridge`: double dummy tables, par, solving a position and
  play analysis, with DDS 2.9's results; :mod:`kibitz.bridge.dask` for
  millions of deals on a Dask cluster.
- :mod:`kibitz.backgammon`: gnubg's position and match IDs, legal moves,
  cube decisions and exact bearoff.
- :mod:`kibitz.go`: SGF, worms, dragons and their status, a GTP session.
- :mod:`kibitz.score`: chess-engine score helpers.

Bad input raises :class:`ValueError` with the message the ``kibitz``
command line prints.
"""

from ._kibitz import __version__
from . import backgammon, bridge, go, score

__all__ = ["__version__", "backgammon", "bridge", "go", "score"]
