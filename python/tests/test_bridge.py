"""kibitz.bridge against DDS 2.9's results in its own hand file list100.txt
(tables, par, SolveBoard, play traces) and the command line's messages."""

import pytest

from conftest import dds_hands, error_line, random_pbns
from kibitz.bridge import (
    SEATS,
    STRAINS,
    DDTable,
    Deal,
    Par,
    analyse_play,
    dd_table,
    dd_tables,
    par,
    solve,
)

HANDS = dds_hands("list100.txt")
LIST1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
VUL = ["none", "all", "ns", "ew"]  # DDS codes 0..3
RANKS = "23456789TJQKA"


def test_list100_has_100_hands():
    assert len(HANDS) == 100


def test_tables_match_dds():
    for h in HANDS:
        t = dd_table(Deal(h["pbn"]))
        assert [x for row in t.rows for x in row] == h["table"], h["pbn"]


def test_batch_tables_match_dds():
    tables = dd_tables([h["pbn"] for h in HANDS], threads=2, chunk=16)
    assert [[x for row in t.rows for x in row] for t in tables] == [h["table"] for h in HANDS]


def test_par_matches_dds():
    for h in HANDS:
        p = par(DDTable([h["table"][i:i + 4] for i in range(0, 20, 4)]),
                vul=VUL[h["vul"]], dealer=SEATS[h["dealer"]])
        assert list(p.sides) == h["par"], h["pbn"]
        assert [str(p.score), *p.contracts] == h["par2"] or (
            h["par2"] == ["0", "pass"] and p.score == 0 and p.contracts == ()
        ), (h["pbn"], p, h["par2"])


def test_solve_matches_dds():
    for h in HANDS:
        want = {}
        for suit, rank, equals, score in h["fut"]:
            want["SHDC"[suit] + RANKS[rank - 2]] = score
            for r in range(2, 15):
                if equals & (1 << r):
                    want["SHDC"[suit] + RANKS[r - 2]] = score
        got = solve(h["pbn"], STRAINS[h["trump"]], SEATS[h["first"]])
        assert got == want, h["pbn"]
        assert list(got.values()) == sorted(got.values(), reverse=True)


def test_play_traces_match_dds():
    for h in HANDS:
        cards = [h["play"][i:i + 2] for i in range(0, len(h["play"]), 2)]
        declarer = SEATS[(h["first"] + 3) % 4]
        got = analyse_play(h["pbn"], f"{STRAINS[h['trump']]}-{declarer}", cards)
        # DDS stops before the last trick's cards (49 values for 52 cards);
        # those are forced, and the command line and this API count them.
        n = h["trace"][0]
        assert len(got) == len(cards) + 1 and got[:n] == h["trace"][1:], h["pbn"]


def test_list1_examples():
    deal = Deal(LIST1)
    table = dd_table(deal)
    assert (table["N", "NT"], table["E", "S"], table["NT", "W"], table["S", "N"]) == (6, 8, 6, 6)
    assert table.to_dict()["S"] == {"N": 5, "E": 8, "S": 5, "W": 8}
    assert par(table) == Par(-110, ("2S-EW",), ("NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"))
    assert solve(deal, "S", "N", played="HK H7 H3") == {"HA": 9, "HQ": 8, "H4": 8}
    assert solve(deal, "S", "N", played=["HK", "H7", "H3"]) == {"HA": 9, "HQ": 8, "H4": 8}
    assert analyse_play(deal, "4S W", "DJ DA D9 D3") == [8, 8, 8, 8, 8]
    assert Deal.from_hands(*LIST1[2:].split()) == deal
    assert Deal("W:" + " ".join(LIST1[2:].split()[3:] + LIST1[2:].split()[:3])) == deal
    assert deal.hands()["W"] == "AT942.AQ4.32.KJ3"


def test_pandas():
    pd = pytest.importorskip("pandas")
    frame = dd_table(LIST1).to_pandas()
    assert list(frame.index) == list(STRAINS) and list(frame.columns) == list(SEATS)
    assert frame.loc["NT", "N"] == 6 and frame.loc["S", "E"] == 8
    assert isinstance(frame, pd.DataFrame)


def test_short_deals_and_threads_agree():
    pbns = random_pbns(40, seed=7)
    one = dd_tables(pbns, threads=1)
    assert dd_tables(pbns, threads=2, chunk=7) == one
    assert [dd_table(p) for p in pbns[:5]] == one[:5]
    # Three cards a hand: tricks are out of 3, reported as DDS does for 13.
    t = dd_table("N:A.K.Q. J.A.K. .J.A.K K..J.A")
    assert all(0 <= x <= 13 for row in t.rows for x in row)


BAD_DEALS = [
    "N:AKQ",
    "xyz",
    LIST1[:-1] + "A",
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652",
]


@pytest.mark.parametrize("bad", BAD_DEALS)
def test_bad_deals_give_the_cli_message(bad, cli):
    code, out, err = cli("bridge", "table", bad)
    assert code == 2 and out == ""
    with pytest.raises(ValueError) as e:
        Deal(bad)
    assert str(e.value) == error_line(err)
    with pytest.raises(ValueError) as e:
        dd_table(bad)
    assert str(e.value) == error_line(err)
    with pytest.raises(ValueError) as e:
        dd_tables([LIST1, bad])
    assert str(e.value) == "deal 1: " + error_line(err)


@pytest.mark.parametrize("played", ["SA", "HK HA", "HK S3", "X9", "HK H7 H3 HA D5 DA"])
def test_bad_plays_give_the_cli_message(played, cli):
    code, out, err = cli("bridge", "solve", LIST1, "-t", "S", "-l", "N", "--played", played)
    assert code == 2 and out == ""
    with pytest.raises(ValueError) as e:
        solve(LIST1, "S", "N", played=played)
    assert "--played: " + str(e.value) == error_line(err)
    code, out, err = cli("bridge", "play", LIST1, "-t", "S", "-l", "N", "--play", played)
    with pytest.raises(ValueError) as e:
        analyse_play(LIST1, "S-W", played)
    assert "--play: " + str(e.value) == error_line(err)


def test_other_bad_input():
    with pytest.raises(ValueError, match="bad contract 'x'"):
        analyse_play(LIST1, "x", "")
    with pytest.raises(ValueError, match="bad vul 'red'"):
        par(dd_table(LIST1), vul="red")
    with pytest.raises(ValueError, match="bad dealer 'Q'"):
        par(dd_table(LIST1), dealer="Q")
    with pytest.raises(ValueError, match="tricks must be 0 to 13"):
        par([[14, 0, 0, 0]] * 5)
    with pytest.raises(ValueError, match="bad trump 'Z'"):
        solve(LIST1, "Z", "N")
    with pytest.raises(ValueError, match="bad strain 'Z'"):
        dd_table(LIST1)["N", "Z"]
    with pytest.raises(TypeError):
        Deal(42)
