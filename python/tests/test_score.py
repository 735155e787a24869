"""kibitz.score against the C API's checks (c_tests/score.c), Stockfish
15.1's formulas as tests/score_stockfish.rs states them, and the ``kibitz``
command line (its output and its error messages)."""

import pytest
from conftest import cli_error, run_cli

from kibitz import score

VALUE_MATE = 32000
MAX_PLY = 246
VALUE_NONE = 32002
VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY
VALUE_TB_WIN_IN_MAX_PLY = VALUE_MATE - 2 * MAX_PLY


# --- the C API's checks (c_tests/score.c), through Python --------------------


def test_constants():
    assert (score.MATE, score.MAX_PLY) == (32000, 246)
    assert score.MATE_IN_MAX_PLY == 31754
    assert score.TB_WIN_IN_MAX_PLY == 31508
    assert (score.KNOWN_WIN, score.EVAL_LIMIT) == (10000, 3000)
    assert (score.INFINITE, score.NONE, score.DRAW, score.SF15_PAWN) == (32001, 32002, 0, 361)
    sf = score.STOCKFISH
    assert (sf.mate_in_max_ply, sf.tb_win_in_max_ply, sf.infinite, sf.none) == (
        31754,
        31508,
        32001,
        32002,
    )
    assert score.CLASSIC.mate == 16383


def test_mate_scores():
    assert score.mate_in(3) == 31997
    assert score.mated_in(2) == -31998
    assert score.mate_in(-4) == 32000
    assert score.mate_in(2**31 - 1) == 31754
    assert score.mate_in(10**30) == 31754
    assert score.is_mate(31754)
    assert not score.is_mate(31753)
    assert score.is_win(31508)
    assert not score.is_win(31507)
    assert score.is_loss(-31600)
    assert not score.is_win(score.NONE)
    assert score.mate_moves(31997) == 2
    assert score.mate_moves(-31998) == -1
    assert score.mate_moves(150) is None
    assert score.is_known_win(10000) and not score.is_known_win(31508)
    assert score.tb_win_in(0) == 31753 and score.tb_win_in(245) == 31508
    assert score.tb_loss_in(7) == -31746
    assert score.known_win_by(5) == 10005 and score.known_win_by(10**9) == 31507
    assert score.eval_score(-5000) == -3000


def test_uci_text():
    assert score.to_uci(31997, score.SF15_PAWN) == "mate 2"
    assert score.to_uci(-31998, score.SF15_PAWN) == "mate -1"
    assert score.to_uci(361, score.SF15_PAWN) == "cp 100"
    assert score.to_uci(-57, 100) == "cp -57"
    # Not values: infinity and "no score".
    assert score.to_uci(score.NONE) is None
    assert score.to_uci(score.INFINITE) is None


def test_classic_scale():
    c = score.CLASSIC
    assert score.mated_in(0, scale=c) == -16383
    assert score.mate_moves(16382, scale=c) == 1
    assert score.is_mate(16300, scale=c)
    assert not score.is_win(15000, scale=c)
    assert score.to_tt(16380, 3, scale=c) == 16383
    assert score.from_tt(16383, 3, 0, scale=c) == 16380
    assert score.to_uci(16382, 100, scale=c) == "mate 1"
    assert score.draw(4, 0, "root", by_ply=True, scale=c) == 4
    assert score.mate_in(1, scale="classic") == 16382
    assert score.Scale(16383, 246, 10000, 3000) == c


def test_bad_scales():
    with pytest.raises(ValueError, match="^bad scale: known_win must be above eval_limit$"):
        score.Scale(16383, 246, 2000, 3000)
    with pytest.raises(ValueError, match="^bad scale: max_ply must be at least 1$"):
        score.Scale(32000, 0, 10000, 3000)
    with pytest.raises(ValueError, match="^bad scale: mate must be at most 32000"):
        score.Scale(32001, 246, 10000, 3000)
    with pytest.raises(ValueError, match="^bad scale: four 32-bit integers expected$"):
        score.Scale(2**40, 246, 10000, 3000)
    with pytest.raises(ValueError, match="^bad scale 'fischer'"):
        score.mate_in(1, scale="fischer")


def test_tt_and_draws():
    assert score.to_tt(score.mate_in(3), 2) == 31999
    assert score.from_tt(31999, 2, 0) == 31997
    # Mate 99 plies after the node is trusted, 100 plies is not.
    assert score.from_tt(31901, 1, 0) == 31900
    assert score.from_tt(31900, 1, 0) == score.MATE_IN_MAX_PLY - 1
    assert score.from_tt(-31990, 0, 90) == -(score.MATE_IN_MAX_PLY - 1)
    assert score.from_tt(31899, 1, -1) == 31898
    assert score.from_tt(score.NONE, 5, 0) == score.NONE
    # Round trip for every ply (50-move guard off).
    for ply in range(0, MAX_PLY + 1):
        for m in range(ply, MAX_PLY + 1, 7):
            assert score.from_tt(score.to_tt(score.mate_in(m), ply), ply, -1) == score.mate_in(m)
            assert score.from_tt(score.to_tt(score.mated_in(m), ply), ply, -1) == score.mated_in(m)

    assert score.mate_distance_window(-score.INFINITE, score.INFINITE, 3) == (-31997, 31996, False)
    assert score.mate_distance_window(31998, 31996, 3) == (31998, 31996, True)

    assert score.draw(7, 0, "root") == 0
    assert score.draw(7, 24, "root") == -24
    assert score.draw(7, 24, "opponent") == 24
    assert score.draw(7, 0, "root", by_ply=True) == 7
    assert score.draw(7, 0, "opponent", by_ply=True) == -7
    assert score.draw(7, 2**31 - 1, "root") == -score.EVAL_LIMIT
    with pytest.raises(ValueError, match="^bad side 'both'"):
        score.draw(7, 0, "both")
    assert score.draw_jitter(0) == -1
    assert score.draw_jitter(2) == 1
    assert score.draw_jitter(2**64 - 1) == 1
    assert score.grain(6, 2) == 8
    assert score.grain(-5, 2) == -4
    assert score.grain(31997, 4) == 31997


def test_packing():
    assert score.unpack(0x4000, 15) == -16384
    assert score.unpack(0x7FFF, 15) == -1
    assert score.pack(-16383, 15) == 0x4001
    assert score.pack(99999, 15) == 0x3FFF
    assert score.pack_offset(32000, 17) == 97536
    assert score.unpack_offset(97536, 17) == 32000
    for bits, call in [(1, score.pack), (33, score.pack), (-3, score.pack_offset)]:
        with pytest.raises(ValueError, match=r"^bad field width -?\d+ \(expected 2 to 32 bits\)$"):
            call(1, bits)
    for bits, call in [(0, score.unpack), (40, score.unpack_offset)]:
        with pytest.raises(ValueError, match="bad field width"):
            call(0, bits)
    for bits in range(2, 13):
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        for v in range(lo, hi + 1):
            assert score.unpack(score.pack(v, bits), bits) == v
            assert score.unpack_offset(score.pack_offset(v, bits), bits) == v
    assert score.unpack(score.pack(-(2**31), 32), 32) == -(2**31)
    p = score.make_pair(-1, 5)
    assert p == 0x4FFFF
    assert (score.mg(p), score.eg(p)) == (-1, 5)
    q = score.make_pair(-200, -300)
    assert (score.mg(p + q), score.eg(p + q)) == (-201, -295)


def test_integrated_bounds():
    assert score.ibv_exact(3) == 12
    assert score.ibv_lower(3) == 13
    assert score.ibv_upper(3) == 11
    assert score.ibv_value(11) == 3
    assert score.ibv_value(-7) == -2
    assert score.ibv_kind(13) == "lower"
    assert score.ibv_kind(-9) == "upper"
    assert score.ibv_kind(-8) == "exact"
    assert score.ibv_kind(14) is None
    assert -score.ibv_lower(5) == score.ibv_upper(-5)
    assert score.ibv_force_exact(11) == 12
    assert score.ibv_force_lower(11) == 13
    assert score.ibv_value(2**31 - 1) == (2**31 - 1) // 4 + 1


class Tree:
    """The C check's random game tree: complete, 3 children a node, depth 6,
    leaves from its linear congruential generator."""

    BRANCH, LEAVES = 3, 729

    def __init__(self, state):
        self.state = state

    def rnd(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0xFFFFFFFF
        return (self.state >> 16) % n

    def fill(self):
        self.leaves = [self.rnd(2001) - 1000 for _ in range(self.LEAVES)]

    def minimax(self, lo, length, maximise):
        if length == 1:
            return self.leaves[lo]
        w = length // self.BRANCH
        vals = [self.minimax(lo + k * w, w, not maximise) for k in range(self.BRANCH)]
        return max(vals) if maximise else min(vals)

    def alpha_beta(self, lo, length, sign, alpha, beta):
        if length == 1:
            return sign * self.leaves[lo]
        w, best = length // self.BRANCH, -(2**31 - 1)
        for k in range(self.BRANCH):
            v = -self.alpha_beta(lo + k * w, w, -sign, -beta, -alpha)
            best = max(best, v)
            alpha = max(alpha, v)
            if best >= beta:
                break
        return best


def test_mtdf_finds_the_minimax_value():
    tree = Tree(12345)
    for _ in range(5):
        tree.fill()
        want = tree.minimax(0, Tree.LEAVES, True)
        for guess in (0, want, -want + 17):
            for bonus in (0, 10):
                calls = []

                def zw(beta):
                    calls.append(beta)
                    return tree.alpha_beta(0, Tree.LEAVES, 1, beta - 1, beta)

                value, passes = score.mtdf(zw, guess, bonus)
                assert value == want
                assert passes == len(calls) >= 2


def test_target_search_every_value():
    for n in range(0, 14):
        for v in range(0, n + 1):
            for g in range(-1, 15):
                asked = []

                def reaches(t):
                    asked.append(t)
                    return v >= t

                value, tests = score.target_search(n, reaches, g)
                assert value == v and tests == len(asked)
    with pytest.raises(ValueError, match=r"^bad n '-1'"):
        score.target_search(-1, lambda t: True, 7)


def test_driver_callables_errors_propagate():
    class Stop(Exception):
        pass

    def zw(beta):
        raise Stop(beta)

    with pytest.raises(Stop):
        score.mtdf(zw, 5)
    calls = []

    def reaches(t):
        calls.append(t)
        if len(calls) == 3:
            raise Stop(t)
        return True

    with pytest.raises(Stop):
        score.target_search(2**31 - 1, reaches, 1)
    assert len(calls) == 3
    with pytest.raises(TypeError):
        score.mtdf(lambda beta: "high", 0)
    with pytest.raises(ValueError, match="callable"):
        score.mtdf(None)
    with pytest.raises(ValueError, match="callable"):
        score.target_search(3, 5)


# --- Stockfish 15.1's formulas, as tests/score_stockfish.rs states them ------


def value_to_tt(v, ply):
    if v >= VALUE_TB_WIN_IN_MAX_PLY:
        return v + ply
    if v <= -VALUE_TB_WIN_IN_MAX_PLY:
        return v - ply
    return v


def value_from_tt(v, ply, r50c):
    if v == VALUE_NONE:
        return VALUE_NONE
    if v >= VALUE_TB_WIN_IN_MAX_PLY:
        if v >= VALUE_MATE_IN_MAX_PLY and VALUE_MATE - v > 99 - r50c:
            return VALUE_MATE_IN_MAX_PLY - 1
        return v - ply
    if v <= -VALUE_TB_WIN_IN_MAX_PLY:
        if v <= -VALUE_MATE_IN_MAX_PLY and VALUE_MATE + v > 99 - r50c:
            return -VALUE_MATE_IN_MAX_PLY + 1
        return v + ply
    return v


def uci_value(v):
    if abs(v) < VALUE_MATE_IN_MAX_PLY:
        return f"cp {int(v * 100 / 361)}"
    n = VALUE_MATE - v + 1 if v > 0 else -VALUE_MATE - v
    return f"mate {int(n / 2)}"


# Every value near the band edges, and a stride through the middle.
EDGES = sorted(
    {
        v
        for e in (0, 3000, 10000, 31508, 31754, 32000)
        for d in range(-300, 301)
        for v in (e + d, -e - d)
        if abs(v) <= VALUE_MATE
    }
    | set(range(-VALUE_MATE, VALUE_MATE + 1, 97))
)


@pytest.mark.parametrize("ply", [0, 1, 2, 17, 100, 245, 246])
def test_to_tt_formula(ply):
    for v in EDGES:
        if abs(v) > VALUE_MATE - ply:
            continue  # Stockfish's domain: no mate beyond mate_in(ply)
        assert score.to_tt(v, ply) == value_to_tt(v, ply), (v, ply)


@pytest.mark.parametrize("r50c", [0, 1, 50, 89, 90, 98, 99, 100])
def test_from_tt_formula(r50c):
    for ply in (0, 3, 246):
        for v in EDGES + [VALUE_NONE]:
            assert score.from_tt(v, ply, r50c) == value_from_tt(v, ply, r50c), (v, ply, r50c)


def test_uci_formula():
    for v in EDGES:
        assert score.to_uci(v, score.SF15_PAWN) == uci_value(v), v


# --- the command line: same output, same errors --------------------------------


SCORES = [
    -32002,
    -32001,
    -32000,
    -31998,
    -31754,
    -31753,
    -31508,
    -31507,
    -10000,
    -9999,
    -3001,
    -57,
    -1,
    0,
    1,
    361,
    3001,
    9999,
    10000,
    31507,
    31508,
    31753,
    31754,
    31997,
    32000,
    32001,
    32002,
    99999,
    -(2**31),
    2**31 - 1,
]


@pytest.mark.parametrize("classic", [False, True])
@pytest.mark.parametrize("pawn", [100, 361, 1])
def test_show_agrees_with_cli(pawn, classic):
    args = ["score", "show", "--pawn", str(pawn)] + (["--classic"] if classic else [])
    code, out, err = run_cli(*args, "--", *map(str, SCORES))
    assert code == 0, err
    scale = score.CLASSIC if classic else score.STOCKFISH
    lines = []
    for s in SCORES:
        t = score.show(s, pawn, scale)
        assert t.uci == score.to_uci(s, pawn, scale) and t.band == score.band(s, scale)
        lines.append(f"{t.score}\t{t.uci or '-'}\t{t.band}")
    assert out.splitlines() == lines


@pytest.mark.parametrize("classic", [False, True])
@pytest.mark.parametrize("ply", [0, 2, 99, 246])
def test_tt_agrees_with_cli(ply, classic):
    extra = ["--classic"] if classic else []
    scale = score.CLASSIC if classic else score.STOCKFISH
    code, out, _ = run_cli("score", "tt", "--ply", str(ply), *extra, "--", *map(str, SCORES))
    assert code == 0
    assert out.split() == [str(score.to_tt(s, ply, scale)) for s in SCORES]
    for rule50 in (0, 90, -1):
        code, out, _ = run_cli(
            "score",
            "tt",
            "--ply",
            str(ply),
            "--probe",
            f"--rule50={rule50}",
            *extra,
            "--",
            *map(str, SCORES),
        )
        assert code == 0
        assert out.split() == [str(score.from_tt(s, ply, rule50, scale)) for s in SCORES]


def test_errors_match_cli():
    want = cli_error("score", "show", "--pawn", "0", "5")
    with pytest.raises(ValueError) as e:
        score.to_uci(5, pawn=0)
    assert str(e.value) == want == "the pawn value must be at least 1"
    want = cli_error("score", "show", "--pawn", "x", "5")
    with pytest.raises(ValueError) as e:
        score.show(5, pawn="x")
    assert str(e.value) == want
    for bad in ("x1", "2147483648", "1.5"):
        want = cli_error("score", "show", bad)
        with pytest.raises(ValueError) as e:
            score.show(bad)
        assert str(e.value) == want
        with pytest.raises(ValueError) as e:
            score.is_mate(bad)
        assert str(e.value) == want
    with pytest.raises(ValueError, match=r"^score '2147483648' is not an integer$"):
        score.to_tt(2**31, 1)
    with pytest.raises(ValueError, match=r"^score '1.5' is not an integer$"):
        score.to_tt(1.5, 1)
    for ply in ("300", "-1"):
        want = cli_error("score", "tt", f"--ply={ply}", "5")
        with pytest.raises(ValueError) as e:
            score.to_tt(5, int(ply))
        assert str(e.value) == want
        with pytest.raises(ValueError) as e:
            score.from_tt(5, int(ply))
        assert str(e.value) == want
    want = cli_error("score", "tt", "--ply=300", "--classic", "5")
    with pytest.raises(ValueError) as e:
        score.to_tt(5, 300, scale=score.CLASSIC)
    assert str(e.value) == want
    want = cli_error("score", "tt", "--ply", "two", "5")
    with pytest.raises(ValueError) as e:
        score.to_tt(5, "two")
    assert str(e.value) == want
    want = cli_error("score", "tt", "--ply", "1", "--probe", "--rule50", "r", "5")
    with pytest.raises(ValueError) as e:
        score.from_tt(5, 1, rule50="r")
    assert str(e.value) == want
