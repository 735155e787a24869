"""Calling Kibitz's libdds.so from Python with ctypes, the way redeal does:
SetMaxThreads, SolveBoardPBN, SolveBoard, CalcDDtablePBN.

    python3 ctypes_example.py target/release/libdds.so
"""

import ctypes
import sys
from ctypes import POINTER, Structure, c_char, c_int, c_uint

dds = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else "libdds.so.0")


class deal(Structure):
    _fields_ = [("trump", c_int), ("first", c_int),
                ("currentTrickSuit", c_int * 3), ("currentTrickRank", c_int * 3),
                ("remainCards", c_uint * 4 * 4)]  # [seat N,E,S,W][suit S,H,D,C]


class dealPBN(Structure):
    _fields_ = [("trump", c_int), ("first", c_int),
                ("currentTrickSuit", c_int * 3), ("currentTrickRank", c_int * 3),
                ("remainCards", c_char * 80)]


class futureTricks(Structure):
    _fields_ = [("nodes", c_int), ("cards", c_int), ("suit", c_int * 13),
                ("rank", c_int * 13), ("equals", c_int * 13), ("score", c_int * 13)]


class ddTableDealPBN(Structure):
    _fields_ = [("cards", c_char * 80)]


class ddTableResults(Structure):
    _fields_ = [("resTable", c_int * 4 * 5)]  # [strain S,H,D,C,NT][seat N,E,S,W]


dds.SetMaxThreads.argtypes = [c_int]
dds.SetMaxThreads.restype = None
dds.SolveBoard.argtypes = [deal, c_int, c_int, c_int, POINTER(futureTricks), c_int]
dds.SolveBoardPBN.argtypes = [dealPBN, c_int, c_int, c_int, POINTER(futureTricks), c_int]
dds.CalcDDtablePBN.argtypes = [ddTableDealPBN, POINTER(ddTableResults)]
dds.ErrorMessage.argtypes = [c_int, POINTER(c_char)]


def check(rc):
    if rc != 1:  # RETURN_NO_FAULT
        message = ctypes.create_string_buffer(80)
        dds.ErrorMessage(rc, message)
        raise RuntimeError(message.value.decode())


PBN = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"

dds.SetMaxThreads(0)  # 0: one thread per core
print("threads set")

# Spades trumps, North on lead: every card North can play (target -1,
# solutions 3, mode 1) and the tricks N-S then take.
fut = futureTricks()
check(dds.SolveBoardPBN(dealPBN(0, 0, (0, 0, 0), (0, 0, 0), PBN.encode()), -1, 3, 1,
                        ctypes.byref(fut), 0))
print(f"SolveBoardPBN: {fut.cards} cards, best {max(fut.score[:fut.cards])} tricks")

# The same deal as bit masks: bit r (2..14) of remainCards[seat][suit].
binary = deal(trump=0, first=0)
for seat, hand in enumerate(PBN[2:].split()):
    for suit, holding in enumerate(hand.split(".")):
        for card in holding:
            binary.remainCards[seat][suit] |= 1 << ("23456789TJQKA".index(card) + 2)
fut = futureTricks()
check(dds.SolveBoard(binary, -1, 3, 1, ctypes.byref(fut), 0))
print(f"SolveBoard: {fut.cards} cards, best {max(fut.score[:fut.cards])} tricks")

table = ddTableResults()
check(dds.CalcDDtablePBN(ddTableDealPBN(PBN.encode()), ctypes.byref(table)))
for strain, row in zip(["S", "H", "D", "C", "NT"], table.resTable):
    print(strain, list(row))
