"""Go board analysis after GNU Go 3.8: SGF loading, worms, dragons and
their status, and a GTP session with GNU Go's analysis commands.

>>> from kibitz import go
>>> board = go.Board(9)
>>> for colour, vertex in [("black", "C3"), ("white", "D3"), ("black", "D4"),
...                        ("white", "E4"), ("black", "C4"), ("white", "D5"),
...                        ("black", "E3"), ("white", "G7")]:
...     board.play(colour, vertex)
>>> [(w.origin, w.color, w.liberties) for w in board.worms()][:3]
[('G7', 'white', 4), ('D5', 'white', 3), ('C4', 'black', 4)]
>>> board.dragon_at("D3").status
'dead'
>>> with go.Gtp() as gtp:
...     gtp.send("boardsize 9")
...     gtp.send("play black C3")
...     gtp.send("countlib C3")
''
''
'4'

Vertices are GTP text (``"D4"``, columns A-T without I, row 1 at the
bottom); colours are ``"black"`` and ``"white"``; a missing point (a pass,
no attack point) is ``None``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple, Union

from . import _kibitz

__all__ = [
    "STATUSES",
    "Board",
    "Worm",
    "Dragon",
    "Gtp",
    "GtpError",
    "load_sgf",
]

#: Dragon statuses as GNU Go names them.
STATUSES: Tuple[str, ...] = ("alive", "dead", "critical", "unknown")


@dataclass(frozen=True)
class Worm:
    """A worm: a string of stones (or, with ``cavities=True``, an empty
    region), with GNU Go's ``worm_data`` fields and its stones."""

    #: The first point in board order (top row first, left to right).
    origin: str
    #: ``black`` or ``white``; cavities ``black_border``, ``white_border``
    #: or ``gray_border``.
    color: str
    size: int
    effective_size: float
    #: Liberties, then liberties of order 2, 3 and 4.
    liberties: int
    liberties2: int
    liberties3: int
    liberties4: int
    #: 2 for a cutting string, 1 for a potential one, else 0.
    cutstone: int
    genus: int
    #: 5 if the tactical reader captures the string, 4 if by ko, else 0.
    attack_code: int
    attack_point: Optional[str]
    #: 5 if an attacked string can be saved, else 0.
    defense_code: int
    defense_point: Optional[str]
    #: The origin of an adjacent enemy string that can be captured.
    lunch: Optional[str]
    ko: bool
    inessential: bool
    stones: Tuple[str, ...]


@dataclass(frozen=True)
class Dragon:
    """A dragon: strings that belong together, with GNU Go's
    ``dragon_data`` fields, its worms' origins and its stones."""

    origin: str
    color: str
    size: int
    effective_size: float
    #: GNU Go's four-digit eye value, e.g. ``"0011"``.
    genus: str
    heye: Optional[str]
    escape_route: int
    lunch: Optional[str]
    #: One of :data:`STATUSES`.
    status: str
    #: The moves that decide a critical dragon.
    attack_point: Optional[str]
    defense_point: Optional[str]
    worms: Tuple[str, ...]
    stones: Tuple[str, ...]


def _worm(d: Dict[str, object]) -> Worm:
    d["stones"] = tuple(d["stones"])  # type: ignore[arg-type]
    return Worm(**d)  # type: ignore[arg-type]


def _dragon(d: Dict[str, object]) -> Dragon:
    d["worms"] = tuple(d["worms"])  # type: ignore[arg-type]
    d["stones"] = tuple(d["stones"])  # type: ignore[arg-type]
    return Dragon(**d)  # type: ignore[arg-type]


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(what)
    return value


class Board:
    """A Go position with its move history; worms and dragons are computed
    on first use and again after each change.

    >>> b = Board(5)
    >>> b.play("black", "C3")
    >>> b["C3"], b.to_move, b.stones()
    ('black', 'white', [('C3', 'black')])
    """

    __slots__ = ("_b",)

    def __init__(self, size: int = 19, komi: float = 0.0) -> None:
        """An empty ``size`` x ``size`` board (2 to 19), black to move."""
        self._b = _kibitz.GoBoard(_size(size), float(komi))

    @classmethod
    def _wrap(cls, inner: "_kibitz.GoBoard") -> "Board":
        board = cls.__new__(cls)
        board._b = inner
        return board

    @property
    def size(self) -> int:
        """The board size."""
        return self._b.size

    @property
    def to_move(self) -> str:
        """The colour to move."""
        return self._b.to_move

    @property
    def komi(self) -> float:
        """The komi (from the record's ``KM``, else 5.5, or 0.5 with a handicap)."""
        return self._b.komi

    def captures(self, color: str) -> int:
        """Stones captured by ``color``."""
        return self._b.captures(_text(color, "invalid color"))

    def stones(self, color: Optional[str] = None) -> List[Tuple[str, str]]:
        """Every stone in board order as ``(vertex, colour)``, or only those
        of ``color``."""
        all_stones = self._b.stones()
        if color is None:
            return all_stones
        c = {"b": "black", "w": "white"}.get(str(color).lower(), str(color).lower())
        if c not in ("black", "white"):
            raise ValueError("invalid color")
        return [s for s in all_stones if s[1] == c]

    def __getitem__(self, vertex: str) -> Optional[str]:
        """The colour of the stone at ``vertex``, ``None`` when empty."""
        return self._b.get(_text(vertex, "invalid coordinate"))

    def is_legal(self, color: str, vertex: str) -> bool:
        """Whether ``color`` may play at ``vertex`` (``"pass"`` always may)."""
        return self._b.is_legal(_text(color, "invalid color"), _text(vertex, "invalid coordinate"))

    def play(self, color: str, vertex: str) -> None:
        """Plays a move (``"pass"`` passes); raises ValueError("illegal
        move") for an occupied point, suicide or a ko retake."""
        self._b.play(_text(color, "invalid color"), _text(vertex, "invalid coordinate"))

    def undo(self) -> bool:
        """Takes back the last move: the player who made it is to move
        again (after a pass, the colour to move switches back); false when
        there is none."""
        return self._b.undo()

    @property
    def moves_played(self) -> int:
        """Moves that :meth:`undo` can take back."""
        return self._b.moves_played()

    def worms(self, cavities: bool = False) -> List[Worm]:
        """The worms in board order of their origins, as ``kibitz go worms``
        lists them; empty regions too with ``cavities``."""
        return [_worm(d) for d in self._b.worms(bool(cavities))]

    def worm_at(self, vertex: str) -> Worm:
        """The worm at ``vertex`` (a string, or the cavity of an empty point)."""
        origin = self._b.worm_origin(_text(vertex, "invalid coordinate"))
        return next(w for w in self.worms(cavities=True) if w.origin == origin)

    def dragons(self) -> List[Dragon]:
        """The dragons in board order of their origins, with their status
        from owl reading."""
        return [_dragon(d) for d in self._b.dragons()]

    def dragon_at(self, vertex: str) -> Optional[Dragon]:
        """The dragon of the stone at ``vertex``, ``None`` for an empty point."""
        origin = self._b.dragon_origin(_text(vertex, "invalid coordinate"))
        if origin is None:
            return None
        return next(d for d in self.dragons() if d.origin == origin)

    def status(self, vertex: str) -> str:
        """The status of the dragon at ``vertex`` (one of :data:`STATUSES`)."""
        d = self.dragon_at(vertex)
        if d is None:
            raise ValueError("vertex must not be empty")
        return d.status

    def __str__(self) -> str:
        letters = "ABCDEFGHJKLMNOPQRST"[: self.size]
        at = dict(self._b.stones())
        rows = ["   " + " ".join(letters)]
        for r in range(self.size, 0, -1):
            marks = [{"black": "X", "white": "O"}.get(at.get(f"{c}{r}", ""), ".") for c in letters]
            rows.append(f"{r:>2} " + " ".join(marks) + f" {r}")
        rows.append(rows[0])
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<kibitz.go.Board {self.size}x{self.size}, {self.to_move} to move>"


def _size(size: object) -> int:
    # Checked here too so that no integer overflows on the way.
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 19:
        raise ValueError("board size must be 2 to 19")
    return size


def _until(move: Optional[int], vertex: Optional[str]) -> Tuple[Optional[int], Optional[str]]:
    if move is not None:
        if isinstance(move, bool) or not isinstance(move, int):
            raise ValueError(f"bad move number '{move}'")
        return move, None
    if vertex is not None and not isinstance(vertex, str):
        raise ValueError("invalid coordinate")
    return None, vertex


def load_sgf(
    source: Union[str, bytes, "os.PathLike[str]"],
    move: Optional[int] = None,
    vertex: Optional[str] = None,
) -> Board:
    """The position of the main line of an SGF record, as GNU Go's
    ``loadsgf``: before move ``move`` (1 = before the first move) when
    given, else before the first move at ``vertex`` when given, else at the
    end.

    ``source`` is the SGF text (``bytes``, or a ``str`` starting with
    ``(``) or the path of a file (a path object, or any other ``str``).
    Errors are the messages of ``kibitz go worms``.
    """
    n, v = _until(move, vertex)
    if isinstance(source, bytes):
        return Board._wrap(_kibitz.GoBoard.from_sgf(source.decode("utf-8", "replace"), n, v))
    if isinstance(source, str) and source.lstrip().startswith("("):
        return Board._wrap(_kibitz.GoBoard.from_sgf(source, n, v))
    path = os.fspath(source)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    return Board._wrap(_kibitz.GoBoard.from_sgf_file(path, n, v))


class GtpError(ValueError):
    """A GTP failure answer (``?`` answer); the message is the engine's."""


class Gtp:
    """A GTP engine session answering GNU Go 3.8's board, worm, dragon,
    reading and owl commands, as ``kibitz go gtp`` does on stdin/stdout.

    :meth:`send` returns the answer's text and raises :class:`GtpError` for
    a failure; :meth:`raw` returns the framed answer exactly as the command
    line prints it. ``loadsgf`` reads paths relative to the working
    directory.
    """

    __slots__ = ("_engine", "_closed")

    def __init__(self) -> None:
        self._engine = _kibitz.GoGtp()
        self._closed = False

    @property
    def closed(self) -> bool:
        """True after :meth:`close` or ``quit``."""
        return self._closed

    def raw(self, line: str) -> str:
        """The framed answer to one input line (``=id text`` or ``?id
        message``, then a blank line); ``""`` for a line without a command."""
        if self._closed:
            raise ValueError("the GTP session is closed")
        if not isinstance(line, str):
            raise ValueError("a GTP command is text")
        got = self._engine.execute(line)
        if got is None:
            return ""
        answer, quit = got
        if quit:
            self._closed = True
        return answer

    def send(self, command: str) -> str:
        """The answer to one GTP command, without its ``=`` and id."""
        if not isinstance(command, str) or "\n" in command:
            raise ValueError("a GTP command is one line of text")
        answer = self.raw(command)
        if not answer:
            raise ValueError(f"no GTP command in '{command}'")
        # The framing is the first character, an optional id, one blank
        # and a final blank line.
        body = answer[:-2] if answer.endswith("\n\n") else answer
        text = body[1:].lstrip("0123456789")
        text = text[1:] if text.startswith(" ") else text
        if answer.startswith("?"):
            raise GtpError(text)
        return text

    def stderr(self) -> str:
        """What ``echo_err`` wrote to standard error since the last call."""
        return self._engine.take_err()

    def close(self) -> None:
        """Ends the session; later commands raise ValueError."""
        self._closed = True

    def __enter__(self) -> "Gtp":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
