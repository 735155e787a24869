"""Backgammon with GNU Backgammon (gnubg) 1.07's conventions.

Position and match IDs both ways, legal moves in gnubg's notation, gnubg's
0-ply cube decision from given probabilities, and the bearoff databases
(exact when both sides have at most 6 chequers).

>>> from kibitz import backgammon as bg
>>> board = bg.board_from_position_id("4HPwATDgc/ABMA")
>>> board == bg.Board.starting(), board.pip_count
(True, (167, 167))
>>> bg.legal_moves(board, "31")[:3]
['24/23 24/21', '24/20', '24/21 8/7']
>>> bg.match_from_id("cAkAAAAAAAAA").dice_owner
1
>>> p = [0.5215138, 0.1539212, 0.0075633, 0.1298473, 0.0075457]
>>> a = bg.cube_decision(p, bg.CubeInfo(jacoby=True), efficiency=0.68)
>>> a.decision, round(a.no_double, 4), round(a.double_take, 4)
('No double, take', 0.0844, -0.1911)
>>> round(bg.bearoff("RgMAwBIAAAAAAA").probabilities[0], 4)
0.9922

A board is gnubg's: two sides of 25 chequer counts, ``sides[0]`` the
opponent and ``sides[1]`` the player on roll; index ``i < 24`` is that
side's point ``i + 1`` counted from its own ace point, index 24 its bar;
chequers missing from 15 are borne off. Wherever a board is taken, a
:class:`Board`, a position ID or the two lists of counts will do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple, Union

from . import _kibitz
from ._ints import as_int

__all__ = [
    "GAME_STATES",
    "MONEY_MATCH_ID",
    "Board",
    "BoardLike",
    "MatchState",
    "Play",
    "CubeInfo",
    "CubeAnalysis",
    "Bearoff",
    "Evaluation",
    "position_id",
    "board_from_position_id",
    "position_key",
    "board_from_key",
    "match_id",
    "match_from_id",
    "legal_moves",
    "legal_plays",
    "cube_decision",
    "money_equity",
    "gammon_prices",
    "eq_to_mwc",
    "mwc_to_eq",
    "bearoff",
    "bearoff_cube_decision",
    "evaluate",
]

#: gnubg's game states, by code.
GAME_STATES: Tuple[str, ...] = ("none", "playing", "over", "resigned", "dropped")

#: The money-game match ID `kibitz bg eval` defaults to (Jacoby rule on).
MONEY_MATCH_ID = "MAEAAAAAAAAA"

Sides = Tuple[Tuple[int, ...], Tuple[int, ...]]


class Board:
    """A legal position in gnubg's orientation (see the module's notes).

    >>> Board.starting().position_id
    '4HPwATDgc/ABMA'
    >>> Board([[0] * 25, [2] + [0] * 24]).pip_count
    (0, 2)
    """

    __slots__ = ("_sides",)

    def __init__(self, sides: Union["Board", str, Sequence[Sequence[int]]]) -> None:
        """``sides``: ``[opponent, on roll]``, 25 chequer counts each (or a
        position ID)."""
        if isinstance(sides, Board):
            self._sides: Sides = sides._sides
        elif isinstance(sides, str):
            self._sides = Board.from_position_id(sides)._sides
        else:
            self._sides = _sides_of(sides)

    @classmethod
    def _checked(cls, sides: Sequence[Sequence[int]]) -> "Board":
        board = cls.__new__(cls)
        board._sides = (tuple(sides[0]), tuple(sides[1]))
        return board

    @classmethod
    def starting(cls) -> "Board":
        """The starting position."""
        return cls.from_position_id("4HPwATDgc/ABMA")

    @classmethod
    def from_position_id(cls, id: str) -> "Board":
        """The board of gnubg's 14-character position ID."""
        if not isinstance(id, str):
            raise ValueError(f"bad position ID '{id}': the ID has the wrong length")
        return cls._checked(_kibitz.bg_board_from_position_id(id))

    @classmethod
    def from_key(cls, key: bytes) -> "Board":
        """The board of gnubg's 10-byte position key."""
        return cls._checked(_kibitz.bg_board_from_key(list(bytes(key))))

    @property
    def sides(self) -> Sides:
        """``(opponent, on roll)``, 25 counts each."""
        return self._sides

    @property
    def on_roll(self) -> Tuple[int, ...]:
        """The counts of the player on roll."""
        return self._sides[1]

    @property
    def opponent(self) -> Tuple[int, ...]:
        """The counts of the opponent."""
        return self._sides[0]

    @property
    def position_id(self) -> str:
        """gnubg's position ID."""
        return _kibitz.bg_position_id(self._lists())

    @property
    def key(self) -> bytes:
        """gnubg's 10-byte position key."""
        return bytes(_kibitz.bg_position_key(self._lists()))

    @property
    def pip_count(self) -> Tuple[int, int]:
        """Pip counts ``(opponent, on roll)``."""
        return tuple(_kibitz.bg_pip_count(self._lists()))  # type: ignore[return-value]

    @property
    def position_class(self) -> Tuple[int, str]:
        """gnubg's position class: its number and name, e.g. ``(10, 'Contact')``."""
        return tuple(_kibitz.bg_classify(self._lists()))  # type: ignore[return-value]

    @property
    def cube_efficiency(self) -> float:
        """gnubg 1.07's cube efficiency (Janowski's x) for this position."""
        return _kibitz.bg_cube_efficiency(self._lists())

    def swapped(self) -> "Board":
        """The same position with the other player on roll."""
        return Board._checked((self._sides[1], self._sides[0]))

    def borne_off(self) -> Tuple[int, int]:
        """Chequers borne off ``(opponent, on roll)``."""
        return (15 - sum(self._sides[0]), 15 - sum(self._sides[1]))

    def _lists(self) -> List[List[int]]:
        return [list(self._sides[0]), list(self._sides[1])]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._sides == self._sides

    def __hash__(self) -> int:
        return hash(self._sides)

    def __repr__(self) -> str:
        return f"Board.from_position_id({self.position_id!r})"


BoardLike = Union[Board, str, Sequence[Sequence[int]]]


def _rows(value: object, length: int) -> Optional[list]:
    """``value`` as a list of ``length`` items (any sequence or array), else ``None``."""
    if isinstance(value, (str, bytes)):
        return None
    try:
        items = list(value)  # type: ignore[call-overload]
    except TypeError:
        return None
    return items if len(items) == length else None


def _sides_of(sides: Sequence[Sequence[int]]) -> Sides:
    """Two sides of 25 counts, checked here for shape and sign and by the
    library for the rules of the game."""
    shape = "bad board: two sides of 25 chequer counts expected"
    pair = _rows(sides, 2)
    if pair is None:
        raise ValueError(shape)
    out = []
    for side in pair:
        row = _rows(side, 25)
        if row is None:
            raise ValueError(shape)
        counts = [as_int(n) for n in row]
        if any(n is None for n in counts):
            raise ValueError(shape)
        if any(n < 0 for n in counts):  # type: ignore[operator]
            raise ValueError("bad board: chequer counts cannot be negative")
        if sum(counts) > 15:  # type: ignore[arg-type]
            raise ValueError("bad board: a side has more than 15 chequers")
        out.append(counts)
    checked = _kibitz.bg_check_board(out)
    return (tuple(checked[0]), tuple(checked[1]))


def _board(board: BoardLike) -> Board:
    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return Board.from_position_id(board)
    return Board(board)


def position_id(board: BoardLike) -> str:
    """gnubg's 14-character position ID of a board."""
    return _board(board).position_id


def board_from_position_id(id: str) -> Board:
    """The board of a position ID (player on roll = ``sides[1]``)."""
    return Board.from_position_id(id)


def position_key(board: BoardLike) -> bytes:
    """gnubg's 10-byte position key of a board."""
    return _board(board).key


def board_from_key(key: bytes) -> Board:
    """The board of a 10-byte position key."""
    return Board.from_key(key)


@dataclass(frozen=True)
class MatchState:
    """Everything gnubg's match ID records; players are 0 and 1.

    The defaults are a money game with a centred cube, player 0 to roll and
    the Jacoby rule on (``MAEAAAAAAAAA``).
    """

    #: Cube value: 1, 2, 4, ... 2**15.
    cube: int = 1
    #: Cube owner: ``None`` centred, else 0 or 1.
    cube_owner: Optional[int] = None
    #: The player on roll, or who rolled (gnubg's ``fMove``).
    dice_owner: int = 0
    #: This is the Crawford game.
    crawford: bool = False
    #: One of :data:`GAME_STATES`.
    game_state: str = "playing"
    #: The player who must decide now (gnubg's ``fTurn``).
    turn: int = 0
    #: A double is being offered.
    doubled: bool = False
    #: Resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon.
    resigned: int = 0
    #: The dice, ``(0, 0)`` when not rolled (IDs store the larger first).
    dice: Tuple[int, int] = (0, 0)
    #: Match length, 0 for money play.
    match_length: int = 0
    #: Scores of players 0 and 1.
    score: Tuple[int, int] = (0, 0)
    #: The Jacoby rule is in effect (money play).
    jacoby: bool = True

    @classmethod
    def from_id(cls, id: str) -> "MatchState":
        """The state of gnubg's 12-character match ID."""
        return match_from_id(id)

    @property
    def match_id(self) -> str:
        """gnubg's match ID of this state."""
        return match_id(self)

    @property
    def is_money(self) -> bool:
        """Money play (match length 0)?"""
        return self.match_length == 0


def _field(value: object, name: str, top: int = 2**31 - 1) -> int:
    """An integer field of a state in ``0..=top``, with the library's message."""
    v = as_int(value)
    if v is None or not 0 <= v <= top:
        raise ValueError(f"match state field '{name}' is out of range")
    return v


def _pair(value: object, name: str) -> Tuple[int, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise ValueError(f"match state field '{name}' is out of range")
    return (_field(value[0], name), _field(value[1], name))


def _owner(value: Optional[int], name: str) -> int:
    if value is None:
        return -1
    v = as_int(value)
    if v not in (0, 1):
        raise ValueError(f"match state field '{name}' is out of range")
    return v  # type: ignore[return-value]


def match_id(state: MatchState) -> str:
    """gnubg's 12-character match ID of a match state."""
    if state.game_state not in GAME_STATES:
        raise ValueError("match state field 'game_state' is out of range")
    t = (
        _field(state.cube, "cube"),
        _owner(state.cube_owner, "cube_owner"),
        _field(state.dice_owner, "dice_owner", 255),
        bool(state.crawford),
        GAME_STATES.index(state.game_state),
        _field(state.turn, "turn", 255),
        bool(state.doubled),
        _field(state.resigned, "resigned", 255),
        tuple(_field(d, "dice", 255) for d in _pair(state.dice, "dice")),
        _field(state.match_length, "match_length"),
        _pair(state.score, "score"),
        bool(state.jacoby),
    )
    return _kibitz.bg_match_id(t)


def match_from_id(id: str) -> MatchState:
    """The match state of gnubg's 12-character match ID."""
    if not isinstance(id, str):
        raise ValueError(f"bad match ID '{id}': the ID has the wrong length")
    t = _kibitz.bg_match_from_id(id)
    return MatchState(
        cube=t[0],
        cube_owner=None if t[1] < 0 else t[1],
        dice_owner=t[2],
        crawford=t[3],
        game_state=GAME_STATES[t[4]],
        turn=t[5],
        doubled=t[6],
        resigned=t[7],
        dice=tuple(t[8]),  # type: ignore[arg-type]
        match_length=t[9],
        score=tuple(t[10]),  # type: ignore[arg-type]
        jacoby=t[11],
    )


@dataclass(frozen=True)
class Play:
    """A legal move: gnubg's text (``"8/5 6/5"``, ``"bar/22"``, ``"6/off"``),
    its steps ``(from, to)`` in the mover's points (25 the bar, 0 off), and
    the board after it with the opponent on roll."""

    text: str
    steps: Tuple[Tuple[int, int], ...]
    board: Board

    @property
    def position_id(self) -> str:
        """The position ID after the move, the opponent on roll."""
        return self.board.position_id


def _dice(dice: Union[str, Sequence[int]]) -> Tuple[int, int]:
    """Dice as two digits 1-6 (``"31"``) or a pair of ints."""
    if isinstance(dice, str):
        text = dice
    elif isinstance(dice, Sequence):
        text = "".join(str(d) for d in dice)
        if len(dice) != 2 or any(as_int(d) is None for d in dice):
            text = str(dice)
    else:
        text = str(dice)
    if len(text) != 2 or not all(c in "123456" for c in text):
        raise ValueError(f"bad dice '{text}' (expected two digits 1-6, e.g. 31)")
    return int(text[0]), int(text[1])


def legal_plays(board: BoardLike, dice: Union[str, Sequence[int]]) -> List[Play]:
    """Every distinct legal move of the player on roll, in gnubg's order,
    as ``kibitz bg moves`` lists them (empty when no move is possible)."""
    d0, d1 = _dice(dice)
    b = _board(board)
    return [
        Play(text, tuple(tuple(s) for s in steps), Board._checked(after))  # type: ignore[misc]
        for text, steps, after in _kibitz.bg_legal_moves(b._lists(), d0, d1)
    ]


def legal_moves(board: BoardLike, dice: Union[str, Sequence[int]]) -> List[str]:
    """The texts of every distinct legal move in gnubg's notation."""
    return [p.text for p in legal_plays(board, dice)]


@dataclass(frozen=True)
class CubeInfo:
    """A cube state as gnubg's ``cubeinfo``: equities are for player
    ``mover``, who is on roll. Match play turns Jacoby and beavers off.

    The defaults are money play with a centred cube and neither the Jacoby
    rule nor beavers; :meth:`from_match` derives the state from a match ID
    as ``kibitz bg eval`` does (beavers allowed in money play).
    """

    #: Cube value: 1, 2, 4, ... 2**15.
    cube: int = 1
    #: Cube owner: ``None`` centred, else 0 or 1.
    owner: Optional[int] = None
    #: The player on roll, whose equities are computed (0 or 1).
    mover: int = 0
    #: Match length (1..64), 0 for money play.
    match_length: int = 0
    #: Scores of players 0 and 1 (below the match length).
    score: Tuple[int, int] = (0, 0)
    #: The Crawford game (match play).
    crawford: bool = False
    #: The Jacoby rule (money play).
    jacoby: bool = False
    #: Beavers allowed (money play).
    beavers: bool = False

    @classmethod
    def from_match(cls, state: Union[MatchState, str]) -> "CubeInfo":
        """The cube state of a match state or match ID, as ``kibitz bg eval``
        takes it: the player on roll is the dice owner; beavers in money
        play."""
        mid = state if isinstance(state, str) else match_id(state)
        if not isinstance(mid, str):
            raise ValueError(f"bad match ID '{mid}': the ID has the wrong length")
        t = _kibitz.bg_cube_info_from_match_id(mid)
        owner = None if t[1] < 0 else t[1]
        return cls(t[0], owner, t[2], t[3], tuple(t[4]), t[5], t[6], t[7])  # type: ignore[arg-type]

    @property
    def is_money(self) -> bool:
        """Money play (match length 0)?"""
        return self.match_length == 0

    def _tuple(self) -> tuple:
        return (
            _field(self.cube, "cube"),
            _owner(self.owner, "cube_owner"),
            _field(self.mover, "move"),
            _field(self.match_length, "match_to"),
            _pair(self.score, "score"),
            bool(self.crawford),
            bool(self.jacoby),
            bool(self.beavers),
        )


CubeLike = Union[CubeInfo, MatchState, str, None]


def _cube(cube: CubeLike) -> tuple:
    """The cube state: money with Jacoby and beavers (``kibitz bg eval``'s
    default) for ``None``, else as given."""
    if cube is None:
        cube = MONEY_MATCH_ID
    if not isinstance(cube, CubeInfo):
        cube = CubeInfo.from_match(cube)
    return cube._tuple()


@dataclass(frozen=True)
class CubeAnalysis:
    """A cube analysis as gnubg reports it: the cubeful equities of no
    double, double/take and double/pass (money: per unit of the cube;
    match play: normalised money equity, gnubg's EMG), the best of them
    and gnubg's decision (its text and number)."""

    decision: str
    decision_code: int
    no_double: float
    double_take: float
    double_pass: float
    optimal: float

    @classmethod
    def _of(cls, t: tuple) -> "CubeAnalysis":
        nd, dt, dp, opt, code, text = t
        return cls(text, code, nd, dt, dp, opt)


def _probabilities(p: Sequence[float]) -> List[float]:
    message = (
        "bad probabilities: win, win gammon, win backgammon, lose gammon and lose "
        "backgammon must each be 0 to 1"
    )
    row = _rows(p, 5)
    if row is None:
        raise ValueError(message)
    try:
        return [float(v) for v in row]
    except (TypeError, ValueError):
        raise ValueError(message) from None


def cube_decision(
    probabilities: Sequence[float],
    cube: CubeLike = None,
    efficiency: Optional[float] = None,
    board: Optional[BoardLike] = None,
) -> CubeAnalysis:
    """gnubg 1.07's 0-ply cube decision (Janowski's formulas) from five
    probabilities of the player on roll: win, win gammon, win backgammon,
    lose gammon, lose backgammon (gammons include backgammons).

    ``cube`` is a :class:`CubeInfo`, a :class:`MatchState` or a match ID
    (default: money play, Jacoby rule and beavers, as ``kibitz bg eval``).
    ``efficiency`` is the cube efficiency x (0 to 1); without it, gnubg's
    efficiency of ``board`` is used.
    """
    p = _probabilities(probabilities)
    if efficiency is None:
        if board is None:
            raise ValueError("give the cube efficiency or the board it is taken from")
        efficiency = _board(board).cube_efficiency
    try:
        x = float(efficiency)
    except (TypeError, ValueError):
        raise ValueError(f"bad cube efficiency {efficiency!r} (expected 0 to 1)") from None
    return CubeAnalysis._of(_kibitz.bg_cubeful_0ply(p, x, _cube(cube)))


def money_equity(probabilities: Sequence[float]) -> float:
    """Cubeless money equity of five probabilities."""
    return _kibitz.bg_money_equity(_probabilities(probabilities))


def gammon_prices(cube: CubeLike = None) -> Tuple[float, float, float, float]:
    """gnubg's gammon prices ``(gp0, gp1, bgp0, bgp1)`` of a cube state."""
    return tuple(_kibitz.bg_gammon_prices(_cube(cube)))  # type: ignore[return-value]


def eq_to_mwc(equity: float, cube: CubeLike) -> float:
    """Normalised equity to the mover's match winning chance (gnubg's ``eq2mwc``)."""
    return _kibitz.bg_convert(float(equity), _cube(cube), False)


def mwc_to_eq(mwc: float, cube: CubeLike) -> float:
    """The mover's match winning chance to normalised equity (gnubg's ``mwc2eq``)."""
    return _kibitz.bg_convert(float(mwc), _cube(cube), True)


@dataclass(frozen=True)
class Bearoff:
    """A bearoff from the databases: gnubg's five probabilities for the
    player on roll, whether they are exact (the two-sided database, at
    most 6 chequers a side; else the one-sided one), and for exact ones
    the money equities per unit of the cube: ``(cubeless, on roll owns the
    cube, centred, opponent owns)``."""

    probabilities: Tuple[float, float, float, float, float]
    exact: bool
    equities: Optional[Tuple[float, float, float, float]]

    @property
    def win(self) -> float:
        """The chance of the player on roll to win."""
        return self.probabilities[0]


def bearoff(board: BoardLike) -> Bearoff:
    """The bearoff databases' evaluation of a board whose chequers are all
    home on both sides (built at first use: a few seconds)."""
    p, eq = _kibitz.bg_bearoff(_board(board)._lists())
    equities = None if eq is None else tuple(eq)
    return Bearoff(tuple(p), eq is not None, equities)  # type: ignore[arg-type]


def bearoff_cube_decision(board: BoardLike, cube: CubeLike = None) -> CubeAnalysis:
    """gnubg's 0-ply cube decision of a two-sided bearoff from the exact
    database (``cube`` as in :func:`cube_decision`)."""
    return CubeAnalysis._of(_kibitz.bg_bearoff_cube(_board(board)._lists(), _cube(cube)))


@dataclass(frozen=True)
class Evaluation:
    """What ``kibitz bg eval`` reports: the evaluator, the probabilities,
    the cubeless equity (money equity, or EMG in match play) and the cube
    analysis."""

    position_id: str
    match_id: str
    evaluator: str
    plies: int
    probabilities: Tuple[float, float, float, float, float]
    cubeless_equity: float
    cube: CubeAnalysis


Evaluator = Callable[[Board], Sequence[float]]


def evaluate(
    board: BoardLike,
    match: Union[MatchState, str] = MONEY_MATCH_ID,
    plies: int = 0,
    evaluator: Optional[Evaluator] = None,
) -> Evaluation:
    """gnubg 1.07's cube analysis of the player on roll under a match state,
    ``plies`` (0-2) rolls deep, as ``kibitz bg eval``.

    Kibitz evaluates bearoffs (all chequers of both sides home) and
    finished games by itself; other positions need ``evaluator``, called
    with a :class:`Board` and returning the five probabilities of its
    player on roll.
    """
    pid = board if isinstance(board, str) else _board(board).position_id
    mid = match if isinstance(match, str) else match_id(match)
    n = as_int(plies)
    if n is None or not 0 <= n <= 2:
        raise ValueError(f"bad --plies '{plies}' (0-2)")
    call: Optional[Callable[[list], Sequence[float]]] = None
    if evaluator is not None:
        user = evaluator
        # The library passes gnubg's counts; the evaluator gets a Board.
        call = lambda sides: user(Board._checked(sides))  # noqa: E731
    p, cubeless, name, cube = _kibitz.bg_evaluate(pid, mid, n, call)
    analysis = CubeAnalysis._of(cube)
    return Evaluation(pid, mid, name, n, tuple(p), cubeless, analysis)  # type: ignore[arg-type]
