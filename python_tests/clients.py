"""Results of endplay and ddstable on seeded random deals, through their
public APIs, written as JSON (``python clients.py SEED DEALS OUT.json``).

Run once with the libdds each package bundles and once after that file was
replaced by Kibitz's (see run_clients.py); the two files must be equal.
Where DDS may name any one of several equally good cards (one-card solve
modes) only the score is recorded; card lists are sorted, because Kibitz
lists SolveBoard's cards in another order than DDS.
"""

import json
import random
import sys

import ddstable.ddstable as ddstable
from endplay.dds import (
    analyse_play,
    calc_all_tables,
    calc_dd_table,
    par,
    solve_all_boards,
    solve_board,
)
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player, Vul

SUITS = "SHDC"
RANKS = "23456789TJQKA"


def random_hands(rng):
    """Four hands of 13 cards: hands[seat][suit] = list of rank indices."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [[[] for _ in range(4)] for _ in range(4)]
    for i, c in enumerate(cards):
        hands[i // 13][c // 13].append(c % 13)
    return hands


def pbn_of(hands):
    """The PBN text of a deal, North first."""
    return "N:" + " ".join(
        ".".join("".join(RANKS[r] for r in sorted(suit, reverse=True)) for suit in hand)
        for hand in hands
    )


def random_play(rng, hands, first, trump):
    """A random legal play of all 52 cards (trump 4 = notrump)."""
    hands = [[list(s) for s in h] for h in hands]
    leader, play = first, []
    for _ in range(13):
        led = None
        best = None
        for k in range(4):
            seat = (leader + k) % 4
            if led is not None and hands[seat][led]:
                options = [(led, r) for r in hands[seat][led]]
            else:
                options = [(s, r) for s in range(4) for r in hands[seat][s]]
            suit, rank = rng.choice(sorted(options))
            hands[seat][suit].remove(rank)
            play.append(SUITS[suit] + RANKS[rank])
            if k == 0:
                led = suit
                best = (seat, suit, rank)
            elif (suit == best[1] and rank > best[2]) or (suit == trump and best[1] != trump):
                best = (seat, suit, rank)
        leader = best[0]
    return play


def solved(board, mode):
    """A SolvedBoard as a list. One-card modes keep only the score: DDS and
    Kibitz may name different but equally good cards, and endplay expands a
    card into its equivalent lower cards, so even their number may differ."""
    items = [(str(card), score) for card, score in board]
    if mode in (SolveMode.OptimalOne, SolveMode.TargetOne, SolveMode.LegalOne):
        return sorted({s for _, s in items})
    return sorted(items)


def record(seed, count):
    rng = random.Random(seed)
    deals = [random_hands(rng) for _ in range(count)]
    pbns = [pbn_of(h) for h in deals]
    out = {"calc_dd_table": [], "par": [], "solve_board": [], "analyse_play": [],
           "ddstable": [], "calc_all_tables": [], "solve_all_boards": []}
    modes = [SolveMode.Default, SolveMode.OptimalAll, SolveMode.OptimalOne,
             SolveMode.TargetAll, SolveMode.TargetOne, SolveMode.LegalAll]
    for i, pbn in enumerate(pbns):
        deal = Deal(pbn)
        table = calc_dd_table(deal)
        out["calc_dd_table"].append(table.to_list())
        for vul in (Vul.none, Vul.both, Vul.ns, Vul.ew):
            p = par(table, vul, Player(i % 4))
            out["par"].append([p.score, [str(c) for c in p]])
        out["ddstable"].append(ddstable.get_ddstable(pbn.encode()))
        deal.first = Player(i % 4)
        deal.trump = Denom(i % 5)
        mode = modes[i % len(modes)]
        out["solve_board"].append(solved(solve_board(deal, mode, 7), mode))
        play = random_play(rng, deals[i], i % 4, [0, 1, 2, 3, 4][i % 5])
        out["analyse_play"].append(list(analyse_play(deal, play[: 52 - (i % 7)])))
    tables = calc_all_tables([Deal(p) for p in pbns[:8]], exclude=[Denom.clubs])
    out["calc_all_tables"] = [t.to_list() for t in tables]
    boards = []
    for i, pbn in enumerate(pbns):
        d = Deal(pbn)
        d.first = Player((i + 1) % 4)
        d.trump = Denom((i + 2) % 5)
        boards.append(d)
    out["solve_all_boards"] = [solved(b, SolveMode.Default) for b in solve_all_boards(boards)]
    return out


if __name__ == "__main__":
    seed, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    import endplay._dds

    # Which library each package loaded: only Kibitz's exports score_mate_in.
    loaded = {
        "endplay": hasattr(endplay._dds._dll, "score_mate_in"),
        "ddstable": hasattr(ddstable.dll, "score_mate_in"),
    }
    with open(path, "w") as f:
        json.dump({"kibitz_loaded": loaded, "results": record(seed, count)}, f)
