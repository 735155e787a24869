#!/usr/bin/env python3
"""Writes the PBN test files of tests/cli_annotate.rs and the files
`kibitz bridge annotate` must produce from them.

The expected tags come from DDS 2.9's own answers in
/work/shared/data/dds-hands/list100.txt (also tests/data/list100.txt):
TABLE (resTable: strains S H D C NT, declarers N E S W) gives
DoubleDummyTricks (declarers N S E W, each NT S H D C, hex digits) and the
OptimumResultTable rows; PAR2 (DealerPar with the record's dealer and
vulnerability) gives OptimumScore ("NS <score>") and ParContract
("<seats> <level><denom>[x][+n|-n]", "; " between contracts).
Run from the crate root: python3 tests/data/pbn/make.py
"""
import re

SRC = "tests/data/list100.txt"
OUT = "tests/data/pbn/"

recs, cur = [], None
for line in open(SRC):
    w = line.split()
    if not w:
        continue
    if w[0] == "PBN":
        cur = {"dealer": int(w[1]), "vul": int(w[2]), "deal": line.split('"')[1]}
        recs.append(cur)
    elif w[0] == "TABLE":
        cur["table"] = list(map(int, w[1:]))
    elif w[0] == "PAR2":
        cur["par2"] = re.findall(r'"([^"]*)"', line)

DEALER = "NESW"
VUL = ["None", "All", "NS", "EW"]
STRAINS = ["NT", "S", "H", "D", "C"]
DDS_STRAIN = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
HANDS = "NSEW"
DDS_HAND = {"N": 0, "E": 1, "S": 2, "W": 3}


def tricks(r, hand, strain):
    return r["table"][DDS_STRAIN[strain] * 4 + DDS_HAND[hand]]


def contract(text):
    m = re.fullmatch(r"(\d)([NSHDC])(\*?)-(NS|EW|N|E|S|W)(?:-(\d+)|\+(\d+))?", text)
    assert m, text
    level, denom, star, seats, down, over = m.groups()
    denom = "NT" if denom == "N" else denom
    if down:
        return f"{seats} {level}{denom}x-{down}"
    if over:
        return f"{seats} {level}{denom}+{over}"
    return f"{seats} {level}{denom}"


def dd_block(r):
    digits = "".join("%x" % tricks(r, h, s) for h in HANDS for s in STRAINS)
    score, *contracts = r["par2"]
    par = "; ".join(contract(c) for c in contracts) if contracts else "Pass"
    lines = [
        f'[DoubleDummyTricks "{digits}"]',
        f'[OptimumScore "NS {score}"]',
        f'[ParContract "{par}"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
    ]
    lines += ["%s %2s %2d" % (h, s, tricks(r, h, s)) for h in HANDS for s in STRAINS]
    return lines


STALE = [
    '[DoubleDummyTricks "00000000000000000000"]',
    '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
] + ["%s %2s  0" % (h, s) for h in HANDS for s in STRAINS]


def board(n, r, deal=None):
    return [
        f'[Board "{n}"]',
        f'[Dealer "{DEALER[r["dealer"]]}"]',
        f'[Vulnerable "{VUL[r["vul"]]}"]',
        f'[Deal "{deal or r["deal"]}"]',
    ]


def write(name, lines_in, lines_out, eol, final_eol=True):
    for suffix, lines in (("", lines_in), (".expected", lines_out)):
        data = eol.join(lines).encode("utf-8") + (eol.encode() if final_eol else b"")
        data = data.replace("\u00e9t\u00e9".encode("utf-8"), b"\xe9t\xe9") if name == "crlf" else data
        open(f"{OUT}{name}{suffix}.pbn", "wb").write(data)


# club.pbn: LF, a header, UTF-8 text, comments (one hiding a tag), an
# auction section, stale tags to replace (one far from the others).
r0, r1, r3, r27, r84 = recs[0], recs[1], recs[3], recs[27], recs[84]
head = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", "% Créé par Zoë"]
g1 = ['[Event "Café Zoë — Pairs"]', '[Site "Zürich"]'] + board(1, r0)
g1_tail = ['[Declarer "W"]', '[Contract "2S"]', '[Auction "N"]', "Pass 1S Pass 2S", "AP",
           "; a comment line", "{ A comment over several lines, with a tag in it:",
           '[Deal "N:not a deal"]', "}"]
g2 = ['[Event "#"]'] + board(2, r1)
g2_mid = ['[Contract "4S"]']
g2_tail = ['[Note "keep me; {not a comment}"]', '[OptimumScore "NS 70"]']
g3 = board(3, r3)
g4 = board(4, r27) + ['{ inline }  [Note "a tag after a comment is not read as one"]']
g5 = board(5, r84)
club_in = (head + [""] + g1 + g1_tail + [""] + g2 + g2_mid + STALE + g2_tail + [""] + g3
           + ["", ""] + g4 + [""] + g5)
club_out = (head + [""] + g1 + dd_block(r0) + g1_tail + [""] + g2 + g2_mid + dd_block(r1)
            + g2_tail[:1] + [""] + g3 + dd_block(r3) + ["", ""] + g4[:4] + dd_block(r27)
            + g4[4:] + [""] + g5 + dd_block(r84))
write("club", club_in, club_out, "\n")

# crlf.pbn: Windows line endings, a Latin-1 byte, no final line ending.
ra, rb = recs[63], recs[86]
c1 = ["; Cr\u00e9\u00e9 en \u00e9t\u00e9"] + board(11, ra)
c2 = board(12, rb)
write("crlf", c1 + ["", *c2], c1 + dd_block(ra) + ["", *c2, *dd_block(rb)], "\r\n", final_eol=False)

# bad.pbn: board 2 repeats a card, board 3 has 12 cards a hand; boards 1
# and 4 are still annotated.
rc, rd = recs[5], recs[6]
dup = "N:AKQ.J2.T98.7654 AKQ.J2.T98.7654 - -"
short = "N:QJ6.K652.J85.T9 873.J97.AT764.Q 5.T83.KQ9.A7652 AT942.AQ4.32.KJ"
bad_in = board(1, rc) + [""] + board(2, rc, dup) + [""] + board(3, rc, short) + [""] + board(4, rd)
bad_out = (board(1, rc) + dd_block(rc) + [""] + board(2, rc, dup) + [""] + board(3, rc, short)
           + [""] + board(4, rd) + dd_block(rd))
write("bad", bad_in, bad_out, "\n")
