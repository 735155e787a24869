"""kibitz.go against GNU Go 3.8's recorded answers (the files the Rust tests
read: tests/data/go/) and against the ``kibitz`` command line."""

import random
import re

import pytest
from conftest import ROOT, cli_error, run_cli

from kibitz import go

DATA = ROOT / "tests" / "data" / "go"


# Worm fields that agree with GNU Go on every stone (tests/go_oracle.rs);
# the tactical ones depend on GNU Go's full reading and are not compared.
EXACT = [
    "origin",
    "color",
    "size",
    "effective_size",
    "liberties",
    "liberties2",
    "liberties3",
    "liberties4",
    "cutstone",
    "genus",
]


# --- worms against GNU Go's recorded worm data ---------------------------------


def golden_positions():
    """The recorded positions of gnugo_worms.txt: (file, move, to move,
    {frozenset(stones): {field: value}})."""
    text = (DATA / "gnugo_worms.txt").read_text()
    blocks = [b for b in text.split("\n--\n") if b.strip()]
    positions = []
    for block in blocks:
        command, _, answer = block.partition("\n")
        command = command[len("> ") :]
        body = answer[1:].rstrip("\n")
        if command.startswith("loadsgf "):
            file, n = command[len("loadsgf ") :].rsplit(" ", 1)
            positions.append([file, int(n), body, {}, None])
        elif command == "worm_stones":
            positions[-1][4] = [frozenset(l.split()) for l in body.splitlines() if l.split()]
        elif command.startswith("worm_data "):
            first = command.split()[1]
            fields = dict(
                (l.split(" ", 1)[0], l.split(" ", 1)[1].strip()) for l in body.splitlines()[1:]
            )
            string = next(s for s in positions[-1][4] if first in s)
            positions[-1][3][string] = fields
    return positions


GOLDEN = golden_positions()


def test_golden_position_count():
    assert len(GOLDEN) == 16
    assert sum(len(p[3]) for p in GOLDEN) > 100


def gtp_value(worm, name):
    """A worm field as GTP's worm_data prints it."""
    v = getattr(worm, name)
    if name == "effective_size":
        return f"{v:.2f}"
    return str(v)


@pytest.mark.parametrize(
    "file,n,to_move,data,strings", GOLDEN, ids=[f"{p[0]}@{p[1]}" for p in GOLDEN]
)
def test_worms_match_gnugo(file, n, to_move, data, strings):
    board = go.load_sgf(DATA / file, move=n)
    assert board.to_move == to_move
    worms = board.worms()
    assert {frozenset(w.stones) for w in worms} == set(strings)
    assert len(data) == len(strings)
    by_stones = {frozenset(w.stones): w for w in worms}
    for string, fields in data.items():
        w = by_stones[string]
        for name in EXACT:
            assert gtp_value(w, name) == fields[name], f"{file} {n} {sorted(string)} {name}"
        # Every stone of a string has the string's worm.
        for stone in string:
            assert board.worm_at(stone) == w


@pytest.mark.parametrize("file,n", [(p[0], p[1]) for p in GOLDEN[:8]])
def test_worms_agree_with_cli(file, n):
    code, out, err = run_cli("go", "worms", str(DATA / file), "--move", str(n))
    assert code == 0, err
    board = go.load_sgf(str(DATA / file), move=n)
    lines = [f"{board.to_move} to move"]
    for w in board.worms():
        lines.append(
            f"{w.origin} {w.color} size {w.size} eff {w.effective_size:.2f} libs "
            f"{w.liberties} {w.liberties2} {w.liberties3} {w.liberties4} cut {w.cutstone} "
            f"genus {w.genus} attack {w.attack_point or 'PASS'} "
            f"defense {w.defense_point or 'PASS'}: {' '.join(w.stones)}"
        )
    assert out.splitlines() == lines


@pytest.mark.parametrize("file,n", [(p[0], p[1]) for p in GOLDEN[:6]])
def test_worm_data_agrees_with_gtp(file, n):
    # Every field, tactical ones included, as the engine's worm_data.
    board = go.load_sgf(DATA / file, move=n)
    gtp = go.Gtp()
    assert gtp.send(f"loadsgf {DATA / file} {n}") == board.to_move
    for w in board.worms(cavities=True):
        fields = dict(l.split(None, 1) for l in gtp.send(f"worm_data {w.origin}").splitlines()[1:])
        for name in EXACT + ["attack_code", "defense_code"]:
            assert gtp_value(w, name) == fields[name], name
        for name in ("attack_point", "defense_point", "lunch"):
            assert (getattr(w, name) or "PASS") == fields[name], name
        assert str(int(w.ko)) == fields["ko"]
        assert str(int(w.inessential)) == fields["inessential"]
    stones = [frozenset(l.split()) for l in gtp.send("worm_stones").splitlines() if l.split()]
    assert {frozenset(w.stones) for w in board.worms()} == set(stones)


# --- dragons ------------------------------------------------------------------


def session_answers(name):
    """GNU Go's recorded answers of a GTP conversation, by command id."""
    text = (DATA / name).read_text()
    out = {}
    for answer in text.split("\n\n"):
        m = re.match(r"([=?])(\d+) ?(.*)", answer, re.S)
        if m:
            out[int(m.group(2))] = (m.group(1), m.group(3))
    return out


def test_dragons_match_gnugo_session():
    # Moves 3-10 of dragons_session.txt, and GNU Go 3.8's answers about them.
    gnugo = session_answers("dragons_session.gnugo")
    board = go.Board(9)
    for line in (DATA / "dragons_session.txt").read_text().splitlines()[2:10]:
        _, _, colour, vertex = line.split()
        board.play(colour, vertex)
    dragons = board.dragons()
    partition = {frozenset(l.split()) for l in gnugo[11][1].splitlines()}
    assert {frozenset(d.stones) for d in dragons} == partition
    black = {frozenset(l.split()) for l in gnugo[12][1].splitlines()}
    assert {frozenset(d.stones) for d in dragons if d.color == "black"} == black
    assert set(board.dragon_at("E3").stones) == set(gnugo[13][1].split())
    assert (board.dragon_at("C3") == board.dragon_at("E3")) == (gnugo[14][1] == "1")
    assert (board.dragon_at("D3") == board.dragon_at("E4")) == (gnugo[15][1] == "1")
    assert board.status("D3") == gnugo[17][1] == "dead"
    assert board.dragon_at("D2") is None
    with pytest.raises(ValueError, match="^vertex must not be empty$"):
        board.status("D2")
    for d in dragons:
        assert d.status in go.STATUSES
        assert d.size == len(d.stones)
        assert d.origin == d.stones[0]


# Positions whose owl reading takes well under a second.
@pytest.mark.parametrize("file,n", [(GOLDEN[i][0], GOLDEN[i][1]) for i in (0, 2, 4, 8, 11, 12, 15)])
def test_dragons_agree_with_gtp_and_cli(file, n):
    board = go.load_sgf(DATA / file, move=n)
    dragons = board.dragons()
    gtp = go.Gtp()
    gtp.send(f"loadsgf {DATA / file} {n}")
    status = dict(l.split(": ", 1) for l in gtp.send("dragon_status").splitlines())
    data = gtp.send("dragon_data").split("\n")
    assert len(status) == len(dragons)
    for d in dragons:
        want = d.status
        if d.status == "critical":
            want += f" {d.attack_point or 'PASS'} {d.defense_point or 'PASS'}"
        assert status[d.origin] == want
        assert set(gtp.send(f"dragon_stones {d.origin}").split()) == set(d.stones)
        block = data[data.index(f"{d.origin}:") + 1 :][:12]
        fields = dict(l.split(None, 1) for l in block)
        assert fields["genus"] == d.genus
        assert fields["escape_route"] == str(d.escape_route)
        assert fields["effective_size"] == f"{d.effective_size:.2f}"
        assert fields["strings"].split() == list(d.worms)
    code, out, err = run_cli("go", "show", str(DATA / file), str(n), "--color", "never")
    assert code == 0, err
    legend = [l for l in out.splitlines() if re.match(r"^[A-Za-z] [A-T]\d+ ", l)]
    assert len(legend) == len(dragons)
    for line, d in zip(legend, dragons):
        assert line[2:].startswith(f"{d.origin} {d.color} {d.size} stones {d.status}")


# --- GTP ----------------------------------------------------------------------


def replay(script, monkeypatch):
    """Our answers to a GTP script, line by line as `kibitz go gtp` reads it."""
    monkeypatch.chdir(ROOT)
    gtp = go.Gtp()
    out = []
    for line in script.splitlines(keepends=True):
        if gtp.closed:
            break
        out.append(gtp.raw(line))
    return "".join(out), gtp


def test_gtp_session_matches_gnugo(monkeypatch):
    script = (DATA / "gtp_session.txt").read_text()
    ours, gtp = replay(script, monkeypatch)
    assert ours == (DATA / "gtp_session.gnugo").read_text()
    assert gtp.closed  # the script ends with quit
    with pytest.raises(ValueError, match="closed"):
        gtp.send("protocol_version")


def test_dragons_session_matches_gnugo(monkeypatch):
    ours, _ = replay((DATA / "dragons_session.txt").read_text(), monkeypatch)
    assert ours == (DATA / "dragons_session.gnugo").read_text()


def test_gtp_session_agrees_with_cli(monkeypatch):
    script = (DATA / "gtp_session.txt").read_text()
    code, out, _ = run_cli("go", "gtp", stdin=script, cwd=ROOT)
    assert code == 0
    ours, _ = replay(script, monkeypatch)
    assert ours == out


def test_gtp_send():
    with go.Gtp() as gtp:
        assert gtp.send("protocol_version") == "2"
        assert gtp.send("7 name") == "Kibitz"
        assert gtp.send("boardsize 5") == ""
        assert gtp.send("play black C3") == ""
        assert gtp.send("countlib C3") == "4"
        assert gtp.send("list_stones black") == "C3"
        with pytest.raises(go.GtpError) as e:
            gtp.send("play white C3")
        assert str(e.value) == "illegal move"
        assert isinstance(e.value, ValueError)
        with pytest.raises(go.GtpError, match="^unknown command$"):
            gtp.send("12 frobnicate")
        assert gtp.raw("3 countlib C3") == "=3 4\n\n"
        assert gtp.raw("# a comment") == ""
        assert gtp.send("echo_err to stderr") == "to stderr"
        assert gtp.stderr() == "to stderr"
        assert gtp.stderr() == ""
        with pytest.raises(ValueError, match="one line"):
            gtp.send("play black A1\nplay white A2")
        with pytest.raises(ValueError, match="no GTP command"):
            gtp.send("   ")
        assert gtp.send("quit") == ""
        assert gtp.closed
    gtp = go.Gtp()
    gtp.close()
    with pytest.raises(ValueError, match="^the GTP session is closed$"):
        gtp.raw("name")


def test_gtp_survives_malformed_input():
    gtp = go.Gtp()
    assert gtp.raw("1 " + "x" * (1 << 20)) == "?1 unknown command\n\n"
    assert gtp.raw("2 play black " + "9" * 100000) == "?2 invalid color or coordinate\n\n"
    assert gtp.raw("".join(chr(c) for c in range(1, 256) if c != 10)).startswith("?")
    assert gtp.raw("\ufffd\ufffd worm_data \u00c3(") == "? unknown command\n\n"
    assert gtp.raw("3 loadsgf /dev/null") == "?3 cannot open or parse '/dev/null'\n\n"
    assert gtp.raw("4 loadsgf /") == "?4 cannot open or parse '/'\n\n"
    assert gtp.raw("5 worm_data A99999999999999999999") == "?5 invalid color or coordinate\n\n"
    assert gtp.raw("6 komi 1e999999") == "=6 \n\n"
    assert gtp.raw("7 boardsize -99999999999999999999") == "?7 unacceptable size\n\n"
    assert gtp.raw("8 play white \x00A1") == "=8 \n\n"
    assert gtp.send("protocol_version") == "2"


# --- loading SGF ----------------------------------------------------------------


def test_load_sgf_text_path_and_vertex(monkeypatch):
    path = DATA / "games" / "9x9-2.sgf"
    by_path = go.load_sgf(path, move=7)
    by_str = go.load_sgf(str(path), move=7)
    by_text = go.load_sgf(path.read_text(), move=7)
    by_bytes = go.load_sgf(path.read_bytes(), move=7)
    assert by_path.stones() == by_str.stones() == by_text.stones() == by_bytes.stones()
    assert by_path.size == 9
    assert [v for v, _ in by_path.stones()] == ["E7", "C6", "C5", "D5", "F5", "F4"]
    assert by_path.stones("black") == [("E7", "black"), ("C6", "black"), ("F5", "black")]
    # Stopping before the first move at a vertex, as GTP's loadsgf.
    monkeypatch.chdir(ROOT)
    gtp = go.Gtp()
    gtp.send("loadsgf tests/data/go/games/9x9-2.sgf C5")
    at_vertex = go.load_sgf(path, vertex="C5")
    for colour in ("black", "white"):
        want = gtp.send(f"list_stones {colour}").split()
        assert sorted(v for v, _ in at_vertex.stones(colour)) == sorted(want)
    end = go.load_sgf(path)
    gtp.send("loadsgf tests/data/go/games/9x9-2.sgf")
    assert sorted(v for v, _ in end.stones("white")) == sorted(
        gtp.send("list_stones white").split()
    )
    assert end.to_move == gtp.send("loadsgf tests/data/go/games/9x9-2.sgf")


def test_handicap_game():
    board = go.load_sgf(DATA / "games" / "9handicap.sgf", move=1)
    gtp = go.Gtp()
    assert board.to_move == gtp.send(f"loadsgf {DATA / 'games' / '9handicap.sgf'} 1")
    assert sorted(v for v, _ in board.stones("black")) == sorted(
        gtp.send("list_stones black").split()
    )
    assert board.komi == 6.5  # KM[6.5]
    assert len(board.stones("black")) == 9  # AB, HA[9]


def test_board_play_and_undo():
    b = go.Board(5)
    assert b.to_move == "black" and b.stones() == []
    # White B3 in atari in a ko shape (tests/go_gtp.rs).
    for colour, v in [
        ("black", "B4"),
        ("black", "A3"),
        ("black", "B2"),
        ("white", "C4"),
        ("white", "D3"),
        ("white", "C2"),
        ("white", "B3"),
    ]:
        b.play(colour, v)
    w = b.worm_at("B3")
    assert (w.liberties, w.ko, w.cutstone, w.attack_point, w.attack_code) == (1, True, 2, "C3", 4)
    cavity = b.worm_at("C1")
    assert (cavity.origin, cavity.color, cavity.size) == ("A5", "gray_border", 17)
    b.play("black", "C3")
    assert b["B3"] is None and b.captures("black") == 1
    assert not b.is_legal("white", "B3")  # the ko
    with pytest.raises(ValueError, match="^illegal move$"):
        b.play("white", "B3")
    b.play("white", "pass")
    assert b.moves_played == 9
    assert b.undo() and b.undo()
    assert b["B3"] == "white" and b["C3"] is None
    assert b.is_legal("black", "pass")
    while b.undo():
        pass
    assert b.stones() == [] and not b.undo()


def test_board_bad_input():
    for size in (1, 20, 0, -5, 2**70, "9", None):
        with pytest.raises(ValueError, match="^board size must be 2 to 19$"):
            go.Board(size)
    b = go.Board(9)
    for vertex in ("Z1", "A10", "I5", "", "A0", None, 5):
        with pytest.raises(ValueError, match="^invalid coordinate$"):
            b[vertex]
        with pytest.raises(ValueError, match="^invalid coordinate$"):
            b.play("black", vertex)
    for colour in ("red", "", None, 1):
        with pytest.raises(ValueError, match="^invalid color$"):
            b.play(colour, "A1")
        with pytest.raises(ValueError, match="^invalid color$"):
            b.captures(colour)
    for colour in ("red", "", 1):
        with pytest.raises(ValueError, match="^invalid color$"):
            b.stones(colour)


def test_load_errors_match_cli(tmp_path):
    missing = str(tmp_path / "none.sgf")
    want = cli_error("go", "worms", missing)
    assert want.startswith(f"cannot read '{missing}': ")
    with pytest.raises(ValueError) as e:
        go.load_sgf(missing)
    assert str(e.value) == want
    game = str(DATA / "games" / "9x9-2.sgf")
    for n in (0, -3):
        want = cli_error("go", "worms", game, f"--move={n}")
        with pytest.raises(ValueError) as e:
            go.load_sgf(game, move=n)
        assert str(e.value) == want
    for name, text in [
        ("junk.sgf", "not an SGF record"),
        ("big.sgf", "(;SZ[25];B[aa])"),
        ("size.sgf", "(;SZ[x])"),
        ("handicap.sgf", "(;SZ[9]HA[99])"),
        ("open.sgf", "(;SZ[9];B[aa"),
    ]:
        path = tmp_path / name
        path.write_text(text)
        want = cli_error("go", "worms", str(path))
        assert want.startswith(f"{path}: SGF ")
        with pytest.raises(ValueError) as e:
            go.load_sgf(path)
        assert str(e.value) == want
        # From text, the message without the file name.
        if text.lstrip().startswith("("):
            with pytest.raises(ValueError) as e:
                go.load_sgf(text)
            assert str(e.value) == want[len(f"{path}: ") :]


def test_random_sgf_text_never_crashes():
    rng = random.Random(7)
    alphabet = "();[]\\ABWSZHAKMPLabcdefghistz0123456789 \n"
    loaded = 0
    for _ in range(300):
        text = "(;" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        try:
            board = go.load_sgf(text)
        except ValueError:
            continue
        board.worms(cavities=True)
        loaded += 1
    assert loaded > 0


def test_undo_gives_the_move_back_to_its_player():
    b = go.Board(5)
    b.play("black", "B4")
    b.play("black", "A3")  # two black moves in a row, as a setup does
    assert b.to_move == "white"
    assert b.undo() and b.to_move == "black"
    b.play("white", "C3")
    b.play("white", "pass")
    assert b.to_move == "black"
    assert b.undo() and b.to_move == "white"  # a pass: the colour switches back
    assert b.undo() and b.to_move == "white" and b["C3"] is None
