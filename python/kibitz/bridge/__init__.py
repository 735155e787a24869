"""Bridge: double dummy analysis with DDS 2.9's results.

>>> from kibitz.bridge import Deal, dd_table, par
>>> deal = Deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
>>> table = dd_table(deal)
>>> table["N", "NT"], table["E", "S"]
(6, 8)
>>> par(table, vul="none", dealer="N").score
-110

Seats are ``"N" "E" "S" "W"``; strains ``"S" "H" "D" "C" "NT"`` (``"N"``
for no trump is accepted too); cards are written suit first: ``"SA"``,
``"HT"``, ``"C10"``.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .. import _kibitz

__all__ = [
    "SEATS",
    "STRAINS",
    "Deal",
    "DDTable",
    "Par",
    "dd_table",
    "dd_tables",
    "par",
    "solve",
    "analyse_play",
]

#: Seats in DDS order.
SEATS: Tuple[str, ...] = ("N", "E", "S", "W")
#: Strains in DDS order.
STRAINS: Tuple[str, ...] = ("S", "H", "D", "C", "NT")


class Deal:
    """A deal of 1 to 13 cards a hand, from PBN or from four hands.

    >>> Deal("W:AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652").pbn
    'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3'
    """

    __slots__ = ("_pbn",)

    def __init__(self, pbn: Union[str, "Deal"]) -> None:
        if isinstance(pbn, Deal):
            self._pbn = pbn._pbn
            return
        if not isinstance(pbn, str):
            raise TypeError(f"a PBN deal is a str, not {type(pbn).__name__}")
        self._pbn = _kibitz.bridge_parse_deal(pbn)

    @classmethod
    def from_pbn(cls, pbn: str) -> "Deal":
        """The deal of a PBN text such as ``"N:AKQ.. ... ... ..."``."""
        return cls(pbn)

    @classmethod
    def from_hands(cls, north: str, east: str, south: str, west: str) -> "Deal":
        """The deal of four hands, each ``"spades.hearts.diamonds.clubs"``."""
        return cls("N:" + " ".join((north, east, south, west)))

    @property
    def pbn(self) -> str:
        """The deal as PBN, North first."""
        return self._pbn

    def hands(self) -> Dict[str, str]:
        """The four hands by seat, each ``"spades.hearts.diamonds.clubs"``."""
        return dict(zip(SEATS, self._pbn[2:].split()))

    def __str__(self) -> str:
        return self._pbn

    def __repr__(self) -> str:
        return f"Deal({self._pbn!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other._pbn == self._pbn

    def __hash__(self) -> int:
        return hash(self._pbn)


DealLike = Union[Deal, str]


def _deal(deal: DealLike) -> str:
    return deal.pbn if isinstance(deal, Deal) else Deal(deal).pbn


def _strain(strain: str) -> int:
    s = strain.upper()
    if s == "N":
        s = "NT"
    if s not in STRAINS:
        raise ValueError(f"bad strain '{strain}' (expected S, H, D, C or NT)")
    return STRAINS.index(s)


def _seat(seat: str) -> int:
    s = seat.upper()
    if s not in SEATS:
        raise ValueError(f"bad seat '{seat}' (expected N, E, S or W)")
    return SEATS.index(s)


class DDTable:
    """Declarer's double dummy tricks for every strain and declarer.

    ``table[seat, strain]`` is the number of tricks declarer ``seat``
    takes in ``strain``; ``table[strain, seat]`` works too when the
    strain is not also a seat letter (H, D, C, NT).
    """

    __slots__ = ("_rows",)

    def __init__(self, rows: Sequence[Sequence[int]]) -> None:
        """``rows[strain][seat]`` in DDS order (S H D C NT; N E S W)."""
        if len(rows) != 5 or any(len(r) != 4 for r in rows):
            raise ValueError("bad table: 5 strains of 4 declarers expected")
        self._rows = tuple(tuple(int(t) for t in r) for r in rows)

    def __getitem__(self, key: Tuple[str, str]) -> int:
        a, b = key
        if a.upper() in SEATS:
            seat, strain = a, b
        else:
            strain, seat = a, b
        return self._rows[_strain(strain)][_seat(seat)]

    @property
    def rows(self) -> Tuple[Tuple[int, ...], ...]:
        """``rows[strain][seat]`` in DDS order (S H D C NT; N E S W)."""
        return self._rows

    def to_dict(self) -> Dict[str, Dict[str, int]]:
        """``{strain: {seat: tricks}}``."""
        return {s: dict(zip(SEATS, row)) for s, row in zip(STRAINS, self._rows)}

    def to_pandas(self):
        """The table as a pandas DataFrame: strains as rows, seats as columns."""
        try:
            import pandas as pd
        except ImportError as e:  # pragma: no cover - depends on the install
            raise ImportError("to_pandas() needs pandas: pip install pandas") from e
        return pd.DataFrame(list(self._rows), index=list(STRAINS), columns=list(SEATS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DDTable) and other._rows == self._rows

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"DDTable({[list(r) for r in self._rows]})"

    def __str__(self) -> str:
        lines = ["     N   E   S   W"]
        for s, row in zip(STRAINS, self._rows):
            lines.append(f"{s:<2}" + "".join(f"{t:4}" for t in row))
        return "\n".join(lines)


@dataclass(frozen=True)
class Par:
    """Par of a deal (DDS ``DealerPar`` and ``Par``).

    ``score`` is from North-South's view (0 when the deal is passed out);
    ``contracts`` are DDS's texts, e.g. ``"4S-NS+1"`` or ``"5H*-EW-2"``;
    ``sides`` are ``Par``'s four strings (NS score, EW score, NS contracts,
    EW contracts).
    """

    score: int
    contracts: Tuple[str, ...]
    sides: Tuple[str, str, str, str]


def dd_table(deal: DealLike) -> DDTable:
    """The double dummy table of one deal."""
    return DDTable(_kibitz.bridge_dd_table(_deal(deal)))


def dd_tables(
    deals: Iterable[DealLike],
    threads: Optional[int] = None,
    progress: bool = False,
    chunk: Optional[int] = None,
) -> List[DDTable]:
    """The tables of many deals, on ``threads`` threads (default: all cores).

    Deals are solved ``chunk`` at a time (default: all at once, or 64 per
    thread with a progress bar); with ``progress=True`` a tqdm bar (or,
    without tqdm, a count on stderr) shows how many are done.
    """
    pbns = []
    for i, d in enumerate(deals):
        try:
            pbns.append(_deal(d))
        except ValueError as e:
            raise ValueError(f"deal {i}: {e}") from None
    if threads is None or threads <= 0:
        threads = os.cpu_count() or 1
    bar = _progress(len(pbns)) if progress else None
    if chunk is None:
        chunk = 64 * threads if progress else len(pbns)
    chunk = max(1, chunk)
    out: List[DDTable] = []
    for start in range(0, len(pbns), chunk):
        part = pbns[start : start + chunk]
        try:
            rows = _kibitz.bridge_dd_tables(part, threads)
        except ValueError as e:
            # The extension numbers deals within the chunk.
            m = re.match(r"deal (\d+): (.*)", str(e), re.S)
            if m:
                raise ValueError(f"deal {start + int(m.group(1))}: {m.group(2)}") from None
            raise
        out.extend(DDTable(r) for r in rows)
        if bar is not None:
            bar(len(part))
    if bar is not None:
        bar(0, close=True)
    return out


def _progress(total: int):
    """A progress callback ``update(n, close=False)``: tqdm, or stderr."""
    try:
        from tqdm import tqdm

        t = tqdm(total=total, unit="deal")

        def update(n: int, close: bool = False) -> None:
            t.update(n)
            if close:
                t.close()

        return update
    except ImportError:
        done = [0]

        def update(n: int, close: bool = False) -> None:
            done[0] += n
            end = "\n" if close else "\r"
            print(f"{done[0]}/{total} deals", end=end, file=sys.stderr, flush=True)

        return update


def par(table: Union[DDTable, Sequence[Sequence[int]]], vul: str = "none", dealer: str = "N") -> Par:
    """Par of a table: ``vul`` none, ns, ew or all; ``dealer`` N, E, S or W."""
    rows = table.rows if isinstance(table, DDTable) else table
    score, contracts, sides = _kibitz.bridge_par([list(r) for r in rows], vul, dealer)
    return Par(score, tuple(contracts), tuple(sides))


def _cards(cards: Union[str, Sequence[str], None]) -> str:
    if cards is None:
        return ""
    if isinstance(cards, str):
        return cards
    return " ".join(cards)


def solve(
    deal: DealLike,
    trump: str,
    leader: str,
    played: Union[str, Sequence[str], None] = None,
) -> Dict[str, int]:
    """Every card the player to move can play, with the tricks that
    player's side then takes from the current trick on (DDS ``SolveBoard``
    with target -1, solutions 3), best first.

    ``leader`` leads the first trick; ``played`` lists the cards already
    played (``"HK HA H3"`` or ``["HK", "HA", "H3"]``).
    """
    return dict(_kibitz.bridge_solve(_deal(deal), trump, leader, _cards(played)))


_CONTRACT = re.compile(r"^\s*([1-7])?\s*(NT|N|S|H|D|C)\s*(?:BY\s*|-\s*|\s*)([NESW])\s*$", re.I)


def _contract(contract: str) -> Tuple[str, str]:
    m = _CONTRACT.match(contract)
    if not m:
        raise ValueError(
            f"bad contract '{contract}' (expected level, strain and declarer, e.g. 4S-W or 3NT N)"
        )
    strain, declarer = m.group(2).upper(), m.group(3).upper()
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    return strain, leader


def analyse_play(deal: DealLike, contract: str, play: Union[str, Sequence[str]]) -> List[int]:
    """Declarer's side's double dummy tricks before the play and after each
    card of ``play`` (DDS ``AnalysePlay``).

    ``contract`` names strain and declarer (``"4S-W"``, ``"3NT N"``); the
    player on declarer's left leads.
    """
    strain, leader = _contract(contract)
    return _kibitz.bridge_analyse_play(_deal(deal), strain, leader, _cards(play))
