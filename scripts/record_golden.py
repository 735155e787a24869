#!/usr/bin/env python3
"""Records the golden corpus of double dummy tables with DDS 2.9.

Deals come from a seeded generator (uniform deals and shaped deals: a
7+ card suit, a two-suiter, a void, a 4-4-4-1 hand) and from DDS's own
real-play hands in tests/data/list1000.txt. DDS 2.9 (Debian's libdds.so.0)
solves them with CalcAllTablesPBN on all cores. Each output line is

    class|PBN deal|20 tricks, strains S H D C NT, declarers N E S W

The classes are interleaved, so any prefix of the file samples them all.
Lines go to OUT without its .gz as they are solved; a run that stops can
be started again and goes on where it stopped (from that file, or else
from OUT); at the end the file is compressed to OUT. Usage:

    python3 scripts/record_golden.py [OUT] [--uniform N] [--shaped N]

OUT defaults to tests/data/golden/tables.txt.gz. Debian's DDS takes about
half a second of CPU a deal: the default 20,000 deals take an hour and a
half on two cores.
"""
import argparse
import ctypes
import gzip
import os
import random
import re
import sys

RANKS = "23456789TJQKA"
BATCH = 40  # deals per CalcAllTables call: 200 tables / 5 strains


class DealPBN(ctypes.Structure):
    _fields_ = [("cards", ctypes.c_char * 80)]


class DealsPBN(ctypes.Structure):
    _fields_ = [("noOfTables", ctypes.c_int), ("deals", DealPBN * 200)]


class TableResults(ctypes.Structure):
    _fields_ = [("resTable", (ctypes.c_int * 4) * 5)]


class TablesRes(ctypes.Structure):
    _fields_ = [("noOfBoards", ctypes.c_int), ("results", TableResults * 200)]


class ParResults(ctypes.Structure):
    _fields_ = [("parScore", (ctypes.c_char * 16) * 2),
                ("parContractsString", (ctypes.c_char * 128) * 2)]


class AllParResults(ctypes.Structure):
    _fields_ = [("presults", ParResults * 40)]


def pbn(hands):
    """hands[seat] = list of 4 lists of rank indices (0..12), suits S H D C."""
    out = []
    for hand in hands:
        out.append(".".join("".join(RANKS[r] for r in sorted(s, reverse=True)) for s in hand))
    return "N:" + " ".join(out)


def deal_from(cards):
    """52 cards (suit*13+rank) in dealing order: hand i gets cards[13i:13i+13]."""
    hands = [[[] for _ in range(4)] for _ in range(4)]
    for i, c in enumerate(cards):
        hands[i // 13][c // 13].append(c % 13)
    return hands


def uniform(rng):
    cards = list(range(52))
    rng.shuffle(cards)
    return deal_from(cards)


def shaped(rng, kind):
    """A deal where one random hand has the shape `kind`; the rest random."""
    while True:
        suits = [0, 1, 2, 3]
        rng.shuffle(suits)
        if kind == "long":
            n = rng.choice([7, 7, 7, 8, 8, 9, 10])
            rest = 13 - n
            lengths = [n] + split_rest(rng, rest, 3)
        elif kind == "two-suiter":
            a = rng.choice([5, 5, 6, 6, 7])
            b = rng.choice([5, 5, 6]) if a + 5 <= 13 else 13 - a
            b = min(b, 13 - a)
            lengths = [a, b] + split_rest(rng, 13 - a - b, 2)
        elif kind == "void":
            lengths = [0] + split_rest(rng, 13, 3, cap=13)
        else:  # 4-4-4-1
            lengths = [1, 4, 4, 4]
        if all(0 <= x <= 13 for x in lengths) and sum(lengths) == 13:
            break
    pool = {s: list(range(13)) for s in range(4)}
    for s in pool:
        rng.shuffle(pool[s])
    special = [[] for _ in range(4)]
    for s, n in zip(suits, lengths):
        special[s] = [pool[s].pop() for _ in range(n)]
    rest = [s * 13 + r for s in range(4) for r in pool[s]]
    rng.shuffle(rest)
    seat = rng.randrange(4)
    hands = [None] * 4
    hands[seat] = special
    others = [h for h in range(4) if h != seat]
    for i, h in enumerate(others):
        hand = [[] for _ in range(4)]
        for c in rest[13 * i:13 * i + 13]:
            hand[c // 13].append(c % 13)
        hands[h] = hand
    return hands


def split_rest(rng, total, parts, cap=6):
    while True:
        cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
        xs = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        if max(xs) <= cap:
            return xs


def real_play(path):
    deals = []
    with open(path) as f:
        for line in f:
            m = re.match(r'PBN \d+ \d+ \d+ \d+ "(.*)"', line)
            if m:
                deals.append(m.group(1))
    return deals


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=os.path.join(root, "tests/data/golden/tables.txt.gz"))
    ap.add_argument("--uniform", type=int, default=10000)
    ap.add_argument("--shaped", type=int, default=9000)
    ap.add_argument("--seed", type=int, default=20261128)
    ap.add_argument("--lib", default="libdds.so.0")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    work = []
    for _ in range(args.uniform):
        work.append(("uniform", pbn(uniform(rng))))
    kinds = ["long", "two-suiter", "void", "4-4-4-1"]
    for i in range(args.shaped):
        kind = kinds[i % 4]
        work.append((kind, pbn(shaped(rng, kind))))
    for d in real_play(os.path.join(root, "tests/data/list1000.txt")):
        work.append(("list1000", d))
    work = interleave(work)

    dds = ctypes.CDLL(args.lib)
    dds.SetMaxThreads(0)
    plain = args.out[:-3] if args.out.endswith(".gz") else args.out + ".txt"
    done = 0
    if not os.path.exists(plain) and os.path.exists(args.out):
        # Goes on from a corpus recorded in part.
        with gzip.open(args.out, "rt") as z, open(plain, "w") as f:
            f.write(z.read())
    if os.path.exists(plain):
        with open(plain) as f:
            lines = f.read().split("\n")
        # A line cut short by a stop is solved again.
        done = len(lines) - 1
        with open(plain, "w") as f:
            f.write("".join(line + "\n" for line in lines[:done]))
    with open(plain, "a") as out:
        for start in range(done, len(work), BATCH):
            chunk = work[start:start + BATCH]
            deals = DealsPBN()
            deals.noOfTables = len(chunk)
            for i, (_, d) in enumerate(chunk):
                deals.deals[i].cards = d.encode()
            res = TablesRes()
            par = AllParResults()
            filt = (ctypes.c_int * 5)(0, 0, 0, 0, 0)
            rc = dds.CalcAllTablesPBN(ctypes.byref(deals), -1, filt, ctypes.byref(res), ctypes.byref(par))
            if rc != 1:
                sys.exit(f"CalcAllTablesPBN returned {rc} at deal {start}")
            for i, (cls, d) in enumerate(chunk):
                t = res.results[i].resTable
                nums = " ".join(str(t[s][h]) for s in range(5) for h in range(4))
                out.write(f"{cls}|{d}|{nums}\n")
            out.flush()
            done = start + len(chunk)
            if done % 1000 < BATCH:
                print(f"{done}/{len(work)}", file=sys.stderr, flush=True)
    with open(plain, "rb") as f, gzip.GzipFile(args.out, "wb", mtime=0) as z:
        z.write(f.read())
    os.remove(plain)


def interleave(work):
    """The deals of each class spread evenly through the list."""
    by_class = {}
    for item in work:
        by_class.setdefault(item[0], []).append(item)
    keyed = []
    for items in by_class.values():
        n = len(items)
        keyed.extend(((i + 0.5) / n, item) for i, item in enumerate(items))
    keyed.sort(key=lambda k: k[0])
    return [item for _, item in keyed]


if __name__ == "__main__":
    main()
