"""kibitz.backgammon against gnubg 1.07's recorded vectors (the files the
Rust and C tests read: tests/data/gnubg/) and against the ``kibitz`` command
line (its output and its error messages)."""

import dataclasses
import math
import re

import pytest
from conftest import ROOT, cli_error, run_cli

from kibitz import backgammon as bg

DATA = ROOT / "tests" / "data" / "gnubg"


# gnubg computes in f32 as Kibitz does, in its own order of operations; the
# Rust test of the same vectors (tests/bg_cube_vectors.rs) allows this much.
TOLERANCE = 2e-6


def records(name, kind):
    """The non-comment records of ``kind`` in a vector file, as words."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("#"):
            continue
        words = line.split()
        if words and words[0] == kind:
            out.append(words)
    return out


def numbers(text):
    return [int(n) for n in text.split(",")]


# --- position IDs, keys, classes -------------------------------------------


POSITIONS = records("vectors.txt", "position")


def test_position_vector_count():
    assert len(POSITIONS) == 10


@pytest.mark.parametrize("rec", POSITIONS, ids=[r[1] for r in POSITIONS])
def test_position_vectors(rec):
    pid, klass = rec[2], int(rec[3])
    sides = [numbers(rec[6]), numbers(rec[5])]
    board = bg.Board(sides)
    assert board.sides == (tuple(sides[0]), tuple(sides[1]))
    assert bg.position_id(sides) == pid
    assert board.position_id == pid
    assert bg.board_from_position_id(pid) == board
    assert bg.position_id(bg.board_from_position_id(pid)) == pid
    assert board.position_class[0] == klass
    pips = tuple(sum(n * (i + 1) for i, n in enumerate(side)) for side in sides)
    assert board.pip_count == pips
    if rec[4] != "-":
        key = bytes(numbers(rec[4]))
        assert bg.position_key(board) == key
        assert bg.board_from_key(key) == board


def test_starting_position():
    start = bg.Board.starting()
    assert start.position_id == "4HPwATDgc/ABMA"
    assert start.pip_count == (167, 167)
    assert start.position_class == (10, "Contact")
    assert start.swapped() == start
    assert start.borne_off() == (0, 0)
    assert bg.board_from_position_id("4HPwATDgc/ABMA").on_roll[5] == 5


def test_show_agrees_with_cli():
    for rec in POSITIONS:
        code, out, _ = run_cli("bg", "show", rec[2])
        assert code == 0
        number, name = bg.board_from_position_id(rec[2]).position_class
        assert f"Class: {name} ({number})\n" in out


# --- match IDs --------------------------------------------------------------


MATCHES = records("vectors.txt", "matchid")


def test_match_vector_count():
    assert len(MATCHES) == 7


@pytest.mark.parametrize("rec", MATCHES, ids=[r[1] for r in MATCHES])
def test_match_vectors(rec):
    mid = rec[1]
    v = [int(n) for n in rec[2:]]
    state = bg.MatchState(
        cube=v[0],
        cube_owner=None if v[1] < 0 else v[1],
        dice_owner=v[2],
        match_length=v[3],
        score=(v[4], v[5]),
        crawford=v[6] == 1,
        turn=v[7],
        resigned=v[8],
        doubled=v[9] == 1,
        game_state=bg.GAME_STATES[v[10]],
        dice=(v[11], v[12]),
        jacoby=v[13] == 1,
    )
    assert bg.match_id(state) == mid
    assert state.match_id == mid
    # IDs store the larger die first.
    stored = dataclasses.replace(state, dice=(max(v[11:13]), min(v[11:13])))
    assert bg.match_from_id(mid) == stored
    assert bg.MatchState.from_id(mid).match_id == mid


def test_match_state_defaults_are_money_with_jacoby():
    assert bg.MatchState().match_id == "MAEAAAAAAAAA"
    assert bg.match_from_id("MAEAAAAAAAAA") == bg.MatchState()
    assert bg.MatchState().is_money


def test_match_state_agrees_with_cli():
    for rec in MATCHES:
        code, out, _ = run_cli("bg", "show", "4HPwATDgc/ABMA", rec[1])
        assert code == 0
        s = bg.match_from_id(rec[1])
        assert f"Match ID: {rec[1]}\n" in out
        cube = "centred" if s.cube_owner is None else f"owned by player {s.cube_owner}"
        assert f"Cube: {s.cube}, {cube}\n" in out
        if s.is_money:
            jacoby = "on" if s.jacoby else "off"
            assert f"Match: money game, Jacoby rule {jacoby}\n" in out
        else:
            crawford = ", Crawford game" if s.crawford else ""
            line = (
                f"Match: {s.match_length}-point match, score {s.score[0]}-{s.score[1]}{crawford}\n"
            )
            assert line in out


# --- legal moves ------------------------------------------------------------


MOVES = records("vectors.txt", "moves")


def test_move_vector_count():
    assert len(MOVES) == 25


@pytest.mark.parametrize("rec", MOVES, ids=[f"{r[1]}-{r[2]}{r[3]}" for r in MOVES])
def test_move_counts(rec):
    pid, d0, d1, n = rec[1], int(rec[2]), int(rec[3]), int(rec[4])
    assert len(bg.legal_moves(pid, f"{d0}{d1}")) == n
    assert len(bg.legal_moves(pid, (d1, d0))) == n
    plays = bg.legal_plays(bg.board_from_position_id(pid), [d0, d1])
    assert len(plays) == n
    # Distinct moves lead to distinct positions.
    assert len({p.position_id for p in plays}) == n


@pytest.mark.parametrize(
    "pid,dice", sorted({(r[1], r[2] + r[3]) for r in MOVES}), ids=lambda x: str(x)
)
def test_moves_agree_with_cli(pid, dice):
    code, out, _ = run_cli("bg", "moves", pid, dice)
    assert code == 0
    want = [
        (m.group(1).rstrip(), m.group(2))
        for m in re.finditer(r"^ +\d+\. (.*?)  ([A-Za-z0-9+/]{14})$", out, re.M)
    ]
    got = [(p.text, p.position_id) for p in bg.legal_plays(pid, dice)]
    assert got == want


def test_play_steps_and_result():
    plays = bg.legal_plays("RgMAwBIAAAAAAA", "51")
    assert [p.text for p in plays] == ["4/off 2/1", "4/off 1/off", "4/off"]
    assert plays[1].steps == ((4, 0), (1, 0))
    # The board after the move has the opponent on roll.
    before = bg.board_from_position_id("RgMAwBIAAAAAAA")
    after = plays[2].board
    assert after.on_roll == before.opponent
    assert after.opponent == (2, 1) + (0,) * 23
    assert plays[2].position_id == "CwAAYDQAAAAAAA"


# --- cube decisions from given probabilities (0-ply, Janowski) ---------------


def cube_info(words):
    v = [int(n) for n in words]
    return bg.CubeInfo(
        cube=v[0],
        owner=None if v[1] < 0 else v[1],
        mover=v[2],
        match_length=v[3],
        score=(v[4], v[5]),
        crawford=v[6] == 1,
        jacoby=v[7] == 1,
        beavers=v[8] == 1,
    )


def close(ours, theirs, what):
    assert abs(ours - float(theirs)) <= TOLERANCE, f"{what}: ours {ours}, gnubg {theirs}"


CUBES = records("cube_vectors.txt", "cube")


def test_cube_vector_count():
    assert len(CUBES) == 260
    assert sum(r[4] == "-" for r in CUBES) == 26


@pytest.mark.parametrize("rec", CUBES, ids=[f"{i}-{r[1]}" for i, r in enumerate(CUBES)])
def test_cube_vectors(rec):
    ci = cube_info(rec[5:14])
    p = [float(x) for x in rec[14:19]]
    what = f"{rec[1]} {ci}"
    for k, (ours, theirs) in enumerate(zip(bg.gammon_prices(ci), rec[19:23])):
        close(ours, theirs, f"gammon price {k}, {what}")
    if ci.is_money:
        close(bg.money_equity(p), rec[23], f"money equity, {what}")
    if rec[4] == "-":
        # A two-sided bearoff: gnubg uses its exact database.
        e = bg.bearoff_cube_decision(rec[2], ci)
        b = bg.bearoff(rec[2])
        assert b.exact
        for k in range(5):
            close(b.probabilities[k], p[k], f"bearoff output {k}, {what}")
    else:
        e = bg.cube_decision(p, ci, efficiency=float(rec[4]))
    close(e.optimal, rec[24], f"optimal, {what}")
    close(e.no_double, rec[25], f"no double, {what}")
    close(e.double_take, rec[26], f"double/take, {what}")
    close(e.double_pass, rec[27], f"double/pass, {what}")
    assert e.decision_code == int(rec[28]), what
    assert e.decision == " ".join(rec[29:]), what


def test_cube_decision_from_board_efficiency():
    # gnubg's efficiency of the opening position is 0.68, as recorded.
    rec = next(r for r in CUBES if r[1] == "opening")
    ci = cube_info(rec[5:14])
    p = [float(x) for x in rec[14:19]]
    assert abs(bg.Board.starting().cube_efficiency - 0.68) < 1e-7
    by_board = bg.cube_decision(p, ci, board="4HPwATDgc/ABMA")
    by_x = bg.cube_decision(p, ci, efficiency=float(rec[4]))
    assert by_board == by_x


CONVERSIONS = records("cube_vectors.txt", "conv")


@pytest.mark.parametrize("rec", CONVERSIONS, ids=[" ".join(r[1:7]) for r in CONVERSIONS])
def test_conversion_vectors(rec):
    v = [int(n) for n in rec[1:7]]
    ci = bg.CubeInfo(
        cube=v[4], owner=None, mover=v[3], match_length=v[0], score=(v[1], v[2]), crawford=v[5] == 1
    )
    for k, (ours, theirs) in enumerate(zip(bg.gammon_prices(ci), rec[7:11])):
        close(ours, theirs, f"gammon price {k}")
    to_eq = False
    count = 0
    for w in rec[11:]:
        if w in ("eq2mwc", "mwc2eq"):
            to_eq = w == "mwc2eq"
            continue
        a, b = w.split("=")
        ours = bg.mwc_to_eq(float(a), ci) if to_eq else bg.eq_to_mwc(float(a), ci)
        close(ours, b, w)
        count += 1
    assert count == 8


# --- bearoff databases and `kibitz bg eval` -----------------------------------


def parse_eval(out):
    """The numbers of `kibitz bg eval`'s output."""
    lines = out.splitlines()
    evaluator, plies = re.match(r"Evaluator: (.*), (\d)-ply$", lines[2]).groups()
    static = lines[4].split()[1:]
    equities = {}
    for line in lines[7:10]:
        m = re.match(r"\d\. (.*?) +([+-]\d+\.\d{4})", line)
        label = m.group(1).lower()
        key = (
            "no_double"
            if label.startswith("no")
            else ("double_take" if label.endswith("take") else "double_pass")
        )
        equities[key] = m.group(2)
    action = re.match(r"Proper cube action: (.*?)( \(\d+\.\d%\))?$", lines[10]).group(1)
    return evaluator, int(plies), static, equities, action


EVALS = [
    ("RgMAwBIAAAAAAA", "MAEAAAAAAAAA", 0),
    ("RgMAwBIAAAAAAA", "QYkqASAAIAAE", 0),
    ("RgMAwBIAAAAAAA", "cInlAAAAAAAE", 1),
    ("bXcPAADb7g4AAA", "MAEAAAAAAAAA", 0),
    ("bXcPAADb7g4AAA", "cAngADAAKAAE", 1),
    ("bXcXAADb3Q0AAA", "EgF7AWAASAAE", 0),
    ("sHHOGQC2ew8AAA", "MAEAAAAAAAAA", 0),
]


@pytest.mark.parametrize("pid,mid,plies", EVALS)
def test_evaluate_agrees_with_cli(pid, mid, plies):
    code, out, err = run_cli("bg", "eval", pid, mid, "--plies", str(plies))
    if code != 0:
        # Positions outside the databases: the same refusal.
        with pytest.raises(ValueError) as e:
            bg.evaluate(pid, mid, plies)
        assert str(e.value) == err.splitlines()[0][len("kibitz: error: ") :]
        return
    evaluator, n, static, equities, action = parse_eval(out)
    ev = bg.evaluate(pid, mid, plies)
    assert (ev.evaluator, ev.plies) == (evaluator, n)
    assert [f"{v:.4f}" for v in ev.probabilities] == static[:5]
    assert f"{ev.cubeless_equity:+.4f}" == static[5]
    for key, text in equities.items():
        assert f"{getattr(ev.cube, key):+.4f}" == text, key
    assert ev.cube.decision == action


def test_bearoff_exact_and_one_sided():
    two = bg.bearoff("RgMAwBIAAAAAAA")
    assert two.exact and two.equities is not None
    # gnubg's two-sided probabilities: win = (cubeless + 1) / 2, no gammons.
    assert two.win == two.equities[0] / 2 + 0.5
    assert two.probabilities[1:] == (0.0, 0.0, 0.0, 0.0)
    one = bg.bearoff("bXcPAADb7g4AAA")
    assert not one.exact and one.equities is None
    assert f"{one.win:.4f}" == "0.7266"


def test_bearoff_errors():
    with pytest.raises(ValueError, match=r"^position 4HPwATDgc/ABMA \(Contact\) is not a bearoff"):
        bg.bearoff("4HPwATDgc/ABMA")
    with pytest.raises(ValueError, match=r"is not a two-sided bearoff"):
        bg.bearoff_cube_decision("bXcPAADb7g4AAA")


def test_evaluate_with_an_evaluator_is_gnubg_0ply():
    # At 0 plies the evaluator's probabilities go through Janowski's
    # formula with gnubg's cube efficiency of the position.
    p = [
        0.521513819694519,
        0.1539212316274643,
        0.007563344202935696,
        0.12984727323055267,
        0.007545731496065855,
    ]
    seen = []

    def evaluator(board):
        seen.append(board)
        return p

    ev = bg.evaluate(bg.Board.starting(), "MAEAAAAAAAAA", 0, evaluator)
    assert seen == [bg.Board.starting()]
    assert ev.evaluator == "your evaluator"
    want = bg.cube_decision(p, bg.CubeInfo.from_match("MAEAAAAAAAAA"), board=bg.Board.starting())
    assert ev.cube == want
    assert ev.cubeless_equity == bg.money_equity(p)


def test_evaluator_errors_propagate():
    class Boom(Exception):
        pass

    def evaluator(board):
        raise Boom("no net")

    with pytest.raises(Boom):
        bg.evaluate("4HPwATDgc/ABMA", evaluator=evaluator, plies=1)
    with pytest.raises(ValueError, match="bad probabilities"):
        bg.evaluate("4HPwATDgc/ABMA", evaluator=lambda b: [2, 0, 0, 0, 0])


# --- bad input: ValueError with the command line's message -------------------


@pytest.mark.parametrize(
    "pid", ["4HPwATDgc/ABM", "4HPwATDgc/AB!A", "", "4HPwATDgc/ABMAA", "\u00e94HPwATDgc/AB"]
)
def test_bad_position_id_message(pid):
    want = cli_error("bg", "show", pid)
    with pytest.raises(ValueError) as e:
        bg.board_from_position_id(pid)
    assert str(e.value) == want
    with pytest.raises(ValueError) as e:
        bg.legal_moves(pid, "31")
    assert str(e.value) == want


@pytest.mark.parametrize("mid", ["cAkAAAAAAAA", "cAkAAAAAAAA!", "////////////"])
def test_bad_match_id_message(mid):
    want = cli_error("bg", "show", "4HPwATDgc/ABMA", mid)
    with pytest.raises(ValueError) as e:
        bg.match_from_id(mid)
    assert str(e.value) == want


@pytest.mark.parametrize("dice", ["71", "3", "311", "a1", "00"])
def test_bad_dice_message(dice):
    want = cli_error("bg", "moves", "4HPwATDgc/ABMA", dice)
    with pytest.raises(ValueError) as e:
        bg.legal_moves("4HPwATDgc/ABMA", dice)
    assert str(e.value) == want


def test_bad_dice_pair():
    with pytest.raises(ValueError, match=r"^bad dice '70' \(expected two digits 1-6, e.g. 31\)$"):
        bg.legal_moves("4HPwATDgc/ABMA", (7, 0))


def test_eval_errors_match_cli():
    want = cli_error("bg", "eval", "4HPwATDgc/ABMA")
    with pytest.raises(ValueError) as e:
        bg.evaluate("4HPwATDgc/ABMA")
    assert str(e.value) == want
    want = cli_error("bg", "eval", "RgMAwBIAAAAAAA", "--plies", "3")
    with pytest.raises(ValueError) as e:
        bg.evaluate("RgMAwBIAAAAAAA", plies=3)
    assert str(e.value) == want
    # A match ID that decodes but is no cube state (a money score).
    mid = bg.match_id(bg.MatchState(score=(1, 2)))
    want = cli_error("bg", "eval", "RgMAwBIAAAAAAA", mid)
    assert want == f"match ID '{mid}': match state field 'score' is out of range"
    with pytest.raises(ValueError) as e:
        bg.evaluate("RgMAwBIAAAAAAA", mid)
    assert str(e.value) == want
    with pytest.raises(ValueError) as e:
        bg.cube_decision([0.5, 0, 0, 0, 0], mid, efficiency=0.68)
    assert str(e.value) == want


def test_bad_boards():
    shared = [[0] * 25, [0] * 25]
    shared[0][3] = 1
    shared[1][20] = 1
    with pytest.raises(ValueError, match="^bad board: both sides have chequers on the same point$"):
        bg.Board(shared)
    with pytest.raises(ValueError, match="^bad board: a side has more than 15 chequers$"):
        bg.position_id([[16] + [0] * 24, [0] * 25])
    with pytest.raises(ValueError, match="^bad board: a side has more than 15 chequers$"):
        bg.Board([[2**40] + [0] * 24, [0] * 25])
    with pytest.raises(ValueError, match="negative"):
        bg.Board([[-1] + [0] * 24, [0] * 25])
    for shape in ([[0] * 25], [[0] * 24, [0] * 25], "4HPwATDgc/ABMA!", [["a"] * 25, [0] * 25]):
        with pytest.raises(ValueError):
            bg.Board(shape)
    closed = [[2] * 6 + [0] * 18 + [1], [2] * 6 + [0] * 18 + [1]]
    with pytest.raises(ValueError, match="closed home boards"):
        bg.Board(closed)
    with pytest.raises(ValueError, match="^bad position key: 10 bytes expected$"):
        bg.board_from_key(b"\x00" * 9)
    with pytest.raises(ValueError, match="^bad position key: a side has more than 15 chequers$"):
        bg.board_from_key(b"\xff" * 10)


def test_arrays_are_boards_and_probabilities():
    np = pytest.importorskip("numpy")
    start = bg.Board.starting()
    assert bg.Board(np.array(start.sides)) == start == bg.Board("4HPwATDgc/ABMA")
    p = np.array([0.5215138, 0.1539212, 0.0075633, 0.1298473, 0.0075457], dtype=np.float32)
    assert bg.cube_decision(p, efficiency=0.68) == bg.cube_decision(list(p), efficiency=0.68)
    ev = bg.evaluate(start, evaluator=lambda board: p)
    assert ev.probabilities == tuple(float(v) for v in p)


def test_bad_match_states():
    for bad in (
        bg.MatchState(cube=3),
        bg.MatchState(cube=-1),
        bg.MatchState(cube_owner=2),
        bg.MatchState(dice=(7, 1)),
        bg.MatchState(match_length=65),
        bg.MatchState(game_state="won"),
        bg.MatchState(crawford=True),
        bg.MatchState(score=(2**40, 0)),
    ):
        with pytest.raises(ValueError, match=r"^match state field '\w+' is out of range$"):
            bg.match_id(bad)


def test_bad_cube_input():
    p = [0.5, 0.1, 0.0, 0.1, 0.0]
    for probs in ([0.5] * 4, [1.5, 0, 0, 0, 0], [math.nan, 0, 0, 0, 0], "abcde", [None] * 5):
        with pytest.raises(ValueError, match="^bad probabilities"):
            bg.cube_decision(probs, efficiency=0.68)
    with pytest.raises(ValueError, match=r"^bad cube efficiency 1.5 \(expected 0 to 1\)$"):
        bg.cube_decision(p, efficiency=1.5)
    with pytest.raises(ValueError, match="cube efficiency or the board"):
        bg.cube_decision(p)
    with pytest.raises(ValueError, match="^match state field 'score' is out of range$"):
        bg.cube_decision(p, bg.CubeInfo(match_length=5, score=(5, 0)), efficiency=0.68)
    with pytest.raises(ValueError, match="^match state field 'crawford' is out of range$"):
        bg.cube_decision(p, bg.CubeInfo(crawford=True), efficiency=0.68)
    with pytest.raises(ValueError, match="money play"):
        bg.eq_to_mwc(0.5, bg.CubeInfo())


def random_board(rng):
    """A random legal board: up to 15 chequers a side on free points."""
    sides = [[0] * 25, [0] * 25]
    for s in (0, 1):
        for _ in range(rng.randrange(16)):
            i = rng.randrange(25)
            if i == 24 or sides[1 - s][23 - i] == 0:
                sides[s][i] += 1
    try:
        return bg.Board(sides)
    except ValueError:
        return None


def test_random_ids_never_crash():
    # IDs of random boards and of the match vectors with one character
    # changed: a board or state that round-trips, or ValueError; nothing else.
    import random

    rng = random.Random(11)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    boards = refused = states = 0
    for _ in range(2000):
        start = random_board(rng)
        if start is None:
            continue
        assert bg.board_from_position_id(start.position_id) == start
        k = rng.randrange(14)
        pid = start.position_id[:k] + rng.choice(alphabet) + start.position_id[k + 1 :]
        try:
            board = bg.board_from_position_id(pid)
        except ValueError as e:
            assert str(e).startswith(f"bad position ID '{pid}': ")
            refused += 1
        else:
            boards += 1
            assert bg.board_from_position_id(board.position_id) == board
            dice = rng.choice(["21", "66", "53"])
            for play in bg.legal_plays(board, dice):
                assert bg.Board(play.board.sides) == play.board
        known = rng.choice(MATCHES)[1]
        k = rng.randrange(12)
        mid = known[:k] + rng.choice(alphabet) + known[k + 1 :]
        try:
            state = bg.match_from_id(mid)
        except ValueError as e:
            assert str(e).startswith(f"bad match ID '{mid}': ")
        else:
            states += 1
            # Encoding stores the larger die first.
            dice = tuple(sorted(state.dice, reverse=True))
            assert bg.match_from_id(state.match_id) == dataclasses.replace(state, dice=dice)
    assert boards > 100 and refused > 100 and states > 100
