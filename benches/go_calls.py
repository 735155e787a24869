#!/usr/bin/env python3
"""Per-call times of Kibitz's GTP engine and gnugo 3.8 on middle-game
positions: ``attack`` on every string, ``owl_attack`` and ``dragon_status``
on every dragon, and the first ``dragon_status`` of a position, which
analyses all its dragons (both engines do that once per position).

After that analysis both engines answer most questions from what they
kept, but not alike: GNU Go reads every dragon in it, Kibitz only those
its static look leaves open. So ``owl_attack`` is also timed cold: a
second pair of engine processes, which never analyse the position, asks
it of every dragon in turn (each engine keeping what it read for the
position's earlier dragons).

The positions are the games of ``tests/data/go/games`` at one move
number; both engines get the same commands, the strings and dragons as
Kibitz lists them (``worm_stones``, ``dragon_stones``).

    cargo build --release -p kibitz-cli
    python3 benches/go_calls.py [--move N] [--games K]

Needs gnugo (``GNUGO``, default /usr/games/gnugo).
"""

import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "tests" / "data" / "go"


class Gtp:
    """One engine process, one command at a time."""

    def __init__(self, argv):
        self.argv = argv
        self.proc = subprocess.Popen(argv, cwd=GAMES, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)

    def ask(self, line):
        """The answer's text and its wall time."""
        t0 = time.perf_counter()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"engine stopped at: {line}")
            if out.strip() == "" and answer:
                break
            if out.strip():
                answer.append(out.rstrip("\n"))
        text = "\n".join(answer)
        if text.startswith("?"):
            raise RuntimeError(f"{line}: {text}")
        return text[1:].strip(), time.perf_counter() - t0

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait()


def heads(listing):
    """The first vertex of each line of a stone listing."""
    return [line.split()[0] for line in listing.splitlines() if line.split()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--move", type=int, default=120, help="load each game up to this move")
    ap.add_argument("--games", type=int, default=10, help="the first K 19x19 games, by name")
    args = ap.parse_args()
    ours = Gtp([str(ROOT / "target" / "release" / "kibitz"), "go", "gtp"])
    gnugo = Gtp([os.environ.get("GNUGO", "/usr/games/gnugo"), "--quiet", "--mode", "gtp"])
    cold = {"ours": Gtp(ours.argv), "gnugo": Gtp(gnugo.argv)}
    spent = {"ours": defaultdict(float), "gnugo": defaultdict(float)}
    calls = defaultdict(int)
    first = {"ours": [], "gnugo": []}
    used = 0
    for sgf in sorted((GAMES / "games").glob("*.sgf")):
        if used == args.games:
            break
        load = f"loadsgf games/{sgf.name} {args.move}"
        text = sgf.read_text(errors="replace")
        if "SZ[" in text and "SZ[19]" not in text:
            continue
        used += 1
        ours.ask(load)
        gnugo.ask(load)
        worms = heads(ours.ask("worm_stones")[0])
        dragons = heads(ours.ask("dragon_stones")[0])
        for name, engine in cold.items():
            engine.ask(load)
            for d in dragons:
                spent[name]["cold owl_attack"] += engine.ask(f"owl_attack {d}")[1]
        calls["cold owl_attack"] += len(dragons)
        # The first dragon_status of the position analyses every dragon.
        ours.ask(load)
        gnugo.ask(load)
        script = [f"dragon_status {d}" for d in dragons]
        script += [f"owl_attack {d}" for d in dragons]
        script += [f"attack {w}" for w in worms]
        for i, line in enumerate(script):
            kind = line.split()[0]
            for name, engine in (("ours", ours), ("gnugo", gnugo)):
                _, t = engine.ask(line)
                if i == 0:
                    first[name].append(t)
                else:
                    spent[name][kind] += t
            if i > 0:
                calls[kind] += 1
    for engine in (ours, gnugo, *cold.values()):
        engine.close()
    print(f"{used} games at move {args.move}")
    print("| call | calls | ours ms a call | GNU Go ms a call | ours / GNU Go |")
    print("|---|---|---|---|---|")
    o, g = sum(first["ours"]), sum(first["gnugo"])
    n = len(first["ours"])
    print(f"| first `dragon_status` (all dragons of the position) | {n} | "
          f"{o / n * 1e3:.0f} | {g / n * 1e3:.0f} | {o / g:.1f} |")
    print(f"| median first `dragon_status` | | {median(first['ours']) * 1e3:.0f} | "
          f"{median(first['gnugo']) * 1e3:.0f} | |")
    print(f"| slowest first `dragon_status` | | {max(first['ours']) * 1e3:.0f} | "
          f"{max(first['gnugo']) * 1e3:.0f} | |")
    print(f"| positions whose first `dragon_status` takes over 1 s | | "
          f"{sum(t > 1 for t in first['ours'])} | {sum(t > 1 for t in first['gnugo'])} | |")
    for kind in ("dragon_status", "owl_attack", "attack", "cold owl_attack"):
        o, g = spent["ours"][kind], spent["gnugo"][kind]
        k = calls[kind]
        print(f"| `{kind}` | {k} | {o / k * 1e3:.2f} | {g / k * 1e3:.2f} | {o / g:.1f} |")


if __name__ == "__main__":
    sys.exit(main())
