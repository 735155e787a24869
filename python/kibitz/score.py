"""Chess-engine search scores: mate scores, UCI text, bands, the
transposition-table form, draw scores, packing and integrated values, and
the MTD(f) and target drivers, with Stockfish 15.1's numbers by default.

>>> from kibitz import score
>>> score.mate_in(3), score.mated_in(2), score.is_mate(31997)
(31997, -31998, True)
>>> score.to_uci(31997), score.to_uci(361, pawn=score.SF15_PAWN)
('mate 2', 'cp 100')
>>> score.to_tt(31997, ply=2), score.from_tt(31999, ply=2)
(31999, 31997)
>>> score.show(-31998)
ScoreText(score=-31998, uci='mate -1', band='mated in 2 plies')
>>> score.draw(7, contempt=24)
-24

Scores are ints from the side to move's point of view. Every function
takes ``scale=`` (:data:`STOCKFISH`, :data:`CLASSIC` or a :class:`Scale`;
also the names ``"stockfish"`` and ``"classic"``). Functions that take a
ply saturate it to ``0..max_ply`` as the C functions do, except
:func:`to_tt` and :func:`from_tt`, which refuse it as ``kibitz score tt``
does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Tuple, Union

from . import _kibitz
from ._ints import as_int

__all__ = [
    "Scale",
    "STOCKFISH",
    "CLASSIC",
    "MATE",
    "MAX_PLY",
    "MATE_IN_MAX_PLY",
    "TB_WIN_IN_MAX_PLY",
    "KNOWN_WIN",
    "EVAL_LIMIT",
    "INFINITE",
    "NONE",
    "DRAW",
    "SF15_PAWN",
    "ScoreText",
    "mate_in",
    "mated_in",
    "tb_win_in",
    "tb_loss_in",
    "known_win_by",
    "eval_score",
    "is_mate",
    "is_win",
    "is_loss",
    "is_known_win",
    "mate_moves",
    "to_uci",
    "band",
    "show",
    "to_tt",
    "from_tt",
    "draw",
    "draw_jitter",
    "grain",
    "mate_distance_window",
    "pack",
    "unpack",
    "pack_offset",
    "unpack_offset",
    "make_pair",
    "mg",
    "eg",
    "ibv_exact",
    "ibv_lower",
    "ibv_upper",
    "ibv_value",
    "ibv_kind",
    "ibv_force_exact",
    "ibv_force_lower",
    "mtdf",
    "target_search",
]

_I32 = (-(2**31), 2**31 - 1)


@dataclass(frozen=True)
class Scale:
    """A score scale: mate now is ``mate``, mates take ``mate - max_ply ..
    mate``, table-base wins the ``max_ply`` scores below, recognised wins
    start at ``known_win``, heuristic values saturate at ``eval_limit``.

    Valid when ``1 <= max_ply``, ``1 <= eval_limit < known_win < mate - 2 *
    max_ply`` and ``mate <= 32000``; others raise ValueError.
    """

    mate: int
    max_ply: int
    known_win: int
    eval_limit: int

    def __post_init__(self) -> None:
        t = (self.mate, self.max_ply, self.known_win, self.eval_limit)
        if any(as_int(v) is None or not _I32[0] <= v <= _I32[1] for v in t):
            raise ValueError("bad scale: four 32-bit integers expected")
        _kibitz.score_check_scale(t)

    @property
    def mate_in_max_ply(self) -> int:
        """The lowest mate score, ``mate - max_ply``."""
        return self.mate - self.max_ply

    @property
    def tb_win_in_max_ply(self) -> int:
        """The lowest decisive score, ``mate - 2 * max_ply``."""
        return self.mate - 2 * self.max_ply

    @property
    def infinite(self) -> int:
        """``mate + 1``: a window bound, not a value."""
        return self.mate + 1

    @property
    def none(self) -> int:
        """``mate + 2``: "no score"."""
        return self.mate + 2


#: Stockfish 15.1's scale (the default).
STOCKFISH = Scale(32000, 246, 10000, 3000)
#: The classic 16-bit scale: mate ``32767 // 2 = 16383``.
CLASSIC = Scale(16383, 246, 10000, 3000)

#: ``VALUE_MATE``: mate now.
MATE = 32000
#: ``MAX_PLY``.
MAX_PLY = 246
#: The lowest mate score.
MATE_IN_MAX_PLY = 31754
#: The lowest decisive (table-base) win.
TB_WIN_IN_MAX_PLY = 31508
#: The lowest recognised win.
KNOWN_WIN = 10000
#: Heuristic values saturate at this magnitude.
EVAL_LIMIT = 3000
#: ``VALUE_INFINITE``.
INFINITE = 32001
#: ``VALUE_NONE``: "no score".
NONE = 32002
#: The draw score.
DRAW = 0
#: Internal value of a pawn in Stockfish 15.1, for :func:`to_uci`.
SF15_PAWN = 361

ScaleLike = Union[Scale, str]


def _scale(scale: ScaleLike) -> Tuple[int, int, int, int]:
    if isinstance(scale, str):
        named = {"stockfish": STOCKFISH, "classic": CLASSIC}.get(scale.lower())
        if named is None:
            raise ValueError(f"bad scale '{scale}' (expected stockfish or classic)")
        scale = named
    if not isinstance(scale, Scale):
        raise ValueError(f"bad scale {scale!r} (expected a Scale, stockfish or classic)")
    return (scale.mate, scale.max_ply, scale.known_win, scale.eval_limit)


def _number(value: object, what: str) -> int:
    """A 32-bit integer argument; the command line's message otherwise."""
    v = as_int(value)
    if v is None or not _I32[0] <= v <= _I32[1]:
        raise ValueError(f"{what} '{value}' is not an integer")
    return v


def _saturated(value: object, what: str) -> int:
    """An integer argument the library saturates, clamped to 32 bits first."""
    v = as_int(value)
    if v is None:
        raise ValueError(f"{what} '{value}' is not an integer")
    return max(_I32[0], min(_I32[1], v))


def _score(s: object) -> int:
    return _number(s, "score")


def mate_in(ply: int, scale: ScaleLike = STOCKFISH) -> int:
    """``mate - ply``: the side to move mates ``ply`` plies from the root."""
    return _kibitz.score_mate_in(_scale(scale), _saturated(ply, "ply"))


def mated_in(ply: int, scale: ScaleLike = STOCKFISH) -> int:
    """``-mate + ply``: the side to move is mated ``ply`` plies from the root."""
    return _kibitz.score_mated_in(_scale(scale), _saturated(ply, "ply"))


def tb_win_in(ply: int, scale: ScaleLike = STOCKFISH) -> int:
    """Stockfish's table-base win found at ``ply``: ``mate_in_max_ply - ply - 1``."""
    return _kibitz.score_tb_win_in(_scale(scale), _saturated(ply, "ply"))


def tb_loss_in(ply: int, scale: ScaleLike = STOCKFISH) -> int:
    """Stockfish's table-base loss found at ``ply`` (the negated win)."""
    return _kibitz.score_tb_loss_in(_scale(scale), _saturated(ply, "ply"))


def known_win_by(bonus: int, scale: ScaleLike = STOCKFISH) -> int:
    """A recognised win ``known_win + bonus``, saturated into its band."""
    return _kibitz.score_known_win_by(_scale(scale), _saturated(bonus, "bonus"))


def eval_score(value: int, scale: ScaleLike = STOCKFISH) -> int:
    """A heuristic value saturated to ``±eval_limit``."""
    return _kibitz.score_eval(_scale(scale), _saturated(value, "value"))


def is_mate(s: int, scale: ScaleLike = STOCKFISH) -> bool:
    """A mate score of either sign: ``mate - max_ply <= |s| <= mate``."""
    return _kibitz.score_kinds(_scale(scale), _score(s))[0]


def is_win(s: int, scale: ScaleLike = STOCKFISH) -> bool:
    """A decisive win, table base or mate: ``tb_win_in_max_ply <= s <= mate``."""
    return _kibitz.score_kinds(_scale(scale), _score(s))[1]


def is_loss(s: int, scale: ScaleLike = STOCKFISH) -> bool:
    """A decisive loss: ``-mate <= s <= -tb_win_in_max_ply``."""
    return _kibitz.score_kinds(_scale(scale), _score(s))[2]


def is_known_win(s: int, scale: ScaleLike = STOCKFISH) -> bool:
    """A recognised but not decisive win: ``known_win <= s < tb_win_in_max_ply``."""
    return _kibitz.score_kinds(_scale(scale), _score(s))[3]


def mate_moves(s: int, scale: ScaleLike = STOCKFISH) -> Optional[int]:
    """The UCI ``mate N`` of a mate score (full moves, negative when mated);
    ``None`` for other scores."""
    return _kibitz.score_mate_moves(_scale(scale), _score(s))


@dataclass(frozen=True)
class ScoreText:
    """A line of ``kibitz score show``: the score, its UCI text (``None``
    beyond ``±mate``, where the command prints ``-``) and its band."""

    score: int
    uci: Optional[str]
    band: str


def _pawn(pawn: object) -> int:
    p = _number(pawn, "pawn value")
    if p < 1:
        raise ValueError("the pawn value must be at least 1")
    return p


def show(s: int, pawn: int = 100, scale: ScaleLike = STOCKFISH) -> ScoreText:
    """The score's UCI text and band, as ``kibitz score show --pawn N``."""
    sc, v, p = _scale(scale), _score(s), _pawn(pawn)
    return ScoreText(*_kibitz.score_show(sc, v, p))


def to_uci(s: int, pawn: int = 100, scale: ScaleLike = STOCKFISH) -> Optional[str]:
    """The UCI text: ``mate N``, or ``cp N`` with ``N = s * 100 / pawn``
    rounded toward zero (``pawn`` is the internal value of a pawn: 100 for
    centipawn scores, :data:`SF15_PAWN` for Stockfish 15.1's); ``None``
    for scores beyond ``±mate``, which are not values."""
    return show(s, pawn, scale).uci


def band(s: int, scale: ScaleLike = STOCKFISH) -> str:
    """The band of a score: ``mate in 3 plies``, ``table-base win``,
    ``known win``, ``heuristic``, ``beyond mate``, ..."""
    return show(s, 100, scale).band


def _ply(ply: object, sc: Tuple[int, int, int, int]) -> int:
    p = _number(ply, "ply")
    if not 0 <= p <= sc[1]:
        raise ValueError(f"--ply must be 0 to {sc[1]}")
    return p


def to_tt(s: int, ply: int, scale: ScaleLike = STOCKFISH) -> int:
    """The value a transposition table stores for ``s`` found at ``ply``:
    decisive wins ``+ply``, losses ``-ply`` (Stockfish's ``value_to_tt``)."""
    sc = _scale(scale)
    return _kibitz.score_to_tt(sc, _score(s), _ply(ply, sc))


def from_tt(s: int, ply: int, rule50: int = 0, scale: ScaleLike = STOCKFISH) -> int:
    """The score read back from table value ``s`` at ``ply``, ``rule50``
    plies after the last capture or pawn move (Stockfish's
    ``value_from_tt``: a mate the 50-move rule may void becomes
    ``mate_in_max_ply - 1``); a negative ``rule50`` turns that guard off."""
    sc = _scale(scale)
    return _kibitz.score_from_tt(sc, _score(s), _ply(ply, sc), _number(rule50, "rule50"))


def draw(
    ply: int,
    contempt: int = 0,
    side: str = "root",
    by_ply: bool = False,
    scale: ScaleLike = STOCKFISH,
) -> int:
    """The score of a draw ``ply`` plies from the root for the side to move
    there (``"root"`` or ``"opponent"``): the root side values it at
    ``-contempt`` (plus ``ply`` with ``by_ply``, Cray Blitz's later-draw
    preference), the opponent at the negation; saturated to
    ``±eval_limit``."""
    if side not in ("root", "opponent"):
        raise ValueError(f"bad side '{side}' (expected root or opponent)")
    return _kibitz.score_draw(
        _scale(scale),
        _saturated(ply, "ply"),
        _saturated(contempt, "contempt"),
        side == "root",
        bool(by_ply),
    )


def draw_jitter(nodes: int) -> int:
    """Stockfish 15.1's draw value ``-1 + (nodes & 2)``."""
    n = as_int(nodes)
    if n is None:
        raise ValueError(f"nodes '{nodes}' is not an integer")
    return _kibitz.score_draw_jitter(n & (2**64 - 1))


def grain(s: int, bits: int, scale: ScaleLike = STOCKFISH) -> int:
    """``s`` rounded to a multiple of ``2**bits`` (half away from zero);
    decisive scores unchanged; ``bits`` saturates to 0..14."""
    return _kibitz.score_grain(_scale(scale), _score(s), _saturated(bits, "bits"))


def mate_distance_window(
    alpha: int, beta: int, ply: int, scale: ScaleLike = STOCKFISH
) -> Tuple[int, int, bool]:
    """Mate-distance pruning at ``ply``: the window ``(max(mated_in(ply),
    alpha), min(mate_in(ply + 1), beta))`` and whether the node is cut
    (``alpha >= beta``; then ``alpha`` is its value)."""
    a, b = _kibitz.score_mate_distance_window(
        _scale(scale), _score(alpha), _score(beta), _saturated(ply, "ply")
    )
    return a, b, a >= b


def _bits(bits: object) -> int:
    b = as_int(bits)
    if b is None:
        raise ValueError(f"bad field width {bits!r} (expected 2 to 32 bits)")
    return max(-1, min(64, b))


def pack(value: int, bits: int) -> int:
    """``value`` as a two's complement field of ``bits`` bits (2 to 32),
    saturated to the field's range."""
    return _kibitz.score_pack(_saturated(value, "value"), _bits(bits))


def unpack(field: int, bits: int) -> int:
    """The sign-extended value of a ``bits``-bit field (higher bits ignored)."""
    return _kibitz.score_unpack(_field(field), _bits(bits))


def pack_offset(value: int, bits: int) -> int:
    """``value`` saturated and stored with offset ``2**(bits-1)``."""
    return _kibitz.score_pack_offset(_saturated(value, "value"), _bits(bits))


def unpack_offset(field: int, bits: int) -> int:
    """The value of an offset field of ``bits`` bits (higher bits ignored)."""
    return _kibitz.score_unpack_offset(_field(field), _bits(bits))


def _field(u: object) -> int:
    v = as_int(u)
    if v is None:
        raise ValueError(f"field '{u}' is not an integer")
    return v & 0xFFFFFFFF


def make_pair(mg: int, eg: int) -> int:
    """Stockfish's packed pair ``eg * 65536 + mg`` (halves saturated to 16
    bits); pairs add and subtract as integers."""
    return _kibitz.score_make_pair(_saturated(mg, "mg"), _saturated(eg, "eg"))


def _pair(pair: object) -> int:
    return _number(pair, "pair")


def mg(pair: int) -> int:
    """The midgame half of a packed pair."""
    return _kibitz.score_split_pair(_pair(pair))[0]


def eg(pair: int) -> int:
    """The endgame half of a packed pair."""
    return _kibitz.score_split_pair(_pair(pair))[1]


def ibv_exact(n: int) -> int:
    """Beal's exact value ``n``: ``4n``."""
    return _kibitz.score_ibv("exact", _saturated(n, "n"))


def ibv_lower(n: int) -> int:
    """Beal's lower bound "at least ``n``": ``4n + 1``."""
    return _kibitz.score_ibv("lower", _saturated(n, "n"))


def ibv_upper(n: int) -> int:
    """Beal's upper bound "at most ``n``": ``4n - 1``."""
    return _kibitz.score_ibv("upper", _saturated(n, "n"))


def ibv_value(x: int) -> int:
    """The value an integrated value speaks of: ``(x + 1) >> 2``."""
    return _kibitz.score_ibv_read(_number(x, "integrated value"))[0]


def ibv_kind(x: int) -> Optional[str]:
    """``"exact"``, ``"lower"`` or ``"upper"``; ``None`` for ``4n + 2``."""
    return _kibitz.score_ibv_read(_number(x, "integrated value"))[1]


def ibv_force_exact(x: int) -> int:
    """Beal's ``forceExact(x) = (x + 1) & ~3``."""
    return _kibitz.score_ibv_force(_number(x, "integrated value"))[0]


def ibv_force_lower(x: int) -> int:
    """Beal's ``forceLB(x) = forceExact(x) + 1``."""
    return _kibitz.score_ibv_force(_number(x, "integrated value"))[1]


def mtdf(
    zero_window: Callable[[int], int], first_guess: int = 0, step_bonus: int = 0
) -> Tuple[int, int]:
    """MTD(f): the minimax value from zero-window searches, and how many
    were made. ``zero_window(beta)`` searches ``(beta - 1, beta)`` fail-soft
    and returns ``g >= beta`` (the value is at least ``g``) or ``g < beta``
    (at most ``g``). ``step_bonus > 0`` enlarges the steps as Dailey does.
    An exception of ``zero_window`` stops the search and propagates."""
    if not callable(zero_window):
        raise ValueError("zero_window must be callable")
    return tuple(  # type: ignore[return-value]
        _kibitz.score_mtdf(
            _saturated(first_guess, "first guess"),
            _saturated(step_bonus, "step bonus"),
            zero_window,
        )
    )


def target_search(n: int, reaches: Callable[[int], bool], first_guess: int = 0) -> Tuple[int, int]:
    """The value in ``0..n`` from the yes/no test ``reaches(target)`` (true
    up to the value, false above), targets stepping from ``first_guess``
    as DDS iterates its target trick; ``(value, tests)``. An exception of
    ``reaches`` stops the search and propagates."""
    if not callable(reaches):
        raise ValueError("reaches must be callable")
    m = as_int(n)
    if m is None or not 0 <= m <= _I32[1]:
        raise ValueError(f"bad n '{n}' (expected 0 to {_I32[1]})")
    g = max(0, min(_I32[1], _saturated(first_guess, "first guess")))
    return tuple(_kibitz.score_target_search(m, g, reaches))  # type: ignore[return-value]
