#!/usr/bin/env python3
"""Writes the small seed corpora of fuzz/seeds/ from the shared test data
(/work/shared/data, or the directory given as argument): DDS hands from
dds-hands/list100.txt cut to four cards a hand, gnubg position and match IDs
from gnubg/vectors.json, the smallest SGF files of the GNU Go regression
games, and GTP command lines. Each seed starts with the bytes that steer the
target to the mode that reads it (see the targets' Input reads)."""
import json, os, re, sys

data = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data"
here = os.path.dirname(os.path.abspath(__file__))

def put(target, name, blob):
    d = os.path.join(here, "seeds", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(blob)

def pad80(text):
    return text.encode()[:80].ljust(80, b"\0")

# DDS: PBN deals with each hand cut to its first four cards (16 cards).
deals = re.findall(r'PBN \d+ \d+ \d+ \d+ "([^"]+)"',
                   open(os.path.join(data, "dds-hands/list100.txt")).read())
for i, pbn in enumerate(deals[:8]):
    first, hands = pbn[:2], pbn[2:].split(" ")
    short = []
    for h in hands:
        left, suits = 4, []
        for s in h.split("."):
            suits.append(s[:left])
            left -= len(suits[-1])
        short.append(".".join(suits))
    text = first + " ".join(short)
    # dds_solve, arbitrary mode, PBN: trump NT, North leads, no trick,
    # target -1, 3 solutions, mode 1, thread 0, non-NULL output.
    put("dds_solve", f"pbn{i}", bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1]) + pad80(text))
    # dds_table, single table, PBN, non-NULL output.
    put("dds_table", f"pbn{i}", bytes([1, 1]) + pad80(text) + bytes([1]))

# Backgammon: position IDs (mode 0) and match IDs (mode 2), 14 / 12 bytes.
v = json.load(open(os.path.join(data, "gnubg/vectors.json")))
for name, p in list(v["positions"].items())[:8]:
    put("bg_ids", "pos_" + name, bytes([0, 14]) + p["posid"].encode())
mids = v["matchids"]
items = mids.items() if isinstance(mids, dict) else enumerate(mids)
for name, m in list(items)[:8]:
    mid = m.get("matchid") or m.get("id") if isinstance(m, dict) else m
    if isinstance(mid, str) and len(mid) == 12:
        put("bg_ids", f"match_{name}", bytes([2, 12]) + mid.encode())

# Go: the ten smallest regression games (SGF mode, to the end).
games = os.path.join(data, "gnugo-regress/games")
sgfs = sorted((os.path.getsize(os.path.join(games, f)), f)
              for f in os.listdir(games) if f.endswith(".sgf"))
for _, f in sgfs[:10]:
    put("go_sgf", f, bytes([0, 0, 0]) + open(os.path.join(games, f), "rb").read())

# GTP: a short session of the commands the engine knows.
put("go_gtp", "session", b"""protocol_version
1 boardsize 9
clear_board
komi 6.5
play black C3
play white D4
play b E5
is_legal white C3
2 countlib C3
findlib D4
list_stones black
worm_stones
worm_cutstone C3
worm_data D4
undo
showboard
known_command play
list_commands
quit
""")
