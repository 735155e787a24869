#!/usr/bin/env python3
"""GNU Go's regression files through Kibitz's GTP engine and gnugo 3.8, in
one run: wall time per file and per GTP command type, ours / GNU Go, with
each engine's pass count beside it.

Each engine runs as one GTP process per file; commands go one at a time,
and each answer's time is charged to its command type (``loadsgf``,
``attack``, ``owl_attack``, ...). A file's time runs from the engine's
start to its exit.

    cargo build --release -p kibitz-cli
    python3 benches/go_regress.py [--reps N] [FILE.tst ...]

Needs gnugo (``GNUGO``, default /usr/games/gnugo).
"""

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REGRESS = ROOT / "tests" / "data" / "go" / "regress"
FILES = ["reading.tst", "capture.tst", "connection.tst", "optics.tst",
         "unconditional.tst", "ld_owl.tst", "owl.tst"]


def commands(text):
    """The GTP command lines of a .tst file, and the expected answers by
    command number: (pattern, flag) as GNU Go's regress.awk reads them."""
    lines, expect, last = [], {}, None
    for line in text.splitlines():
        stripped = line.strip()
        if line.startswith("#?") and last is not None:
            raw = re.sub(r"^#\? *", "", line)
            flag = "&" if raw.endswith("&") else ("*" if raw.endswith("*") else "")
            expect[last] = (re.sub(r"\][&*]*$", "", re.sub(r"^\[", "", raw)), flag)
            last = None
            continue
        if not stripped or stripped.startswith("#"):
            continue
        m = re.match(r"(\d+)\s+\S", stripped)
        last = int(m.group(1)) if m else last
        lines.append(stripped)
    return lines, expect


def passes(answer, pattern):
    neg = pattern.startswith("!")
    ok = re.search("^" + (pattern[1:] if neg else pattern) + "$", answer) is not None
    return ok != neg


def run(engine, lines, expect):
    """Runs one file; returns (seconds, {type: seconds}, {type: count},
    {type: passes})."""
    start = time.perf_counter()
    proc = subprocess.Popen(engine, cwd=REGRESS, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    spent, count, passed = defaultdict(float), defaultdict(int), defaultdict(int)
    for line in lines:
        words = line.split()
        numbered = words[0].isdigit()
        kind = words[1] if numbered else words[0]
        t0 = time.perf_counter()
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        answer = []
        while True:
            out = proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"{engine[0]} stopped at: {line}")
            if out.strip() == "" and answer:
                break
            if out.strip():
                answer.append(out.rstrip("\n"))
        spent[kind] += time.perf_counter() - t0
        count[kind] += 1
        if numbered and int(words[0]) in expect:
            pattern, flag = expect[int(words[0])]
            text = re.sub(r"^[=?]\d*\s?", "", "\n".join(answer)).strip()
            if flag != "&" and passes(text, pattern):
                passed[kind] += 1
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return time.perf_counter() - start, spent, count, passed


def best(engine, lines, expect, reps):
    runs = [run(engine, lines, expect) for _ in range(reps)]
    return min(runs, key=lambda r: r[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=1, help="runs per engine and file; the fastest counts")
    ap.add_argument("files", nargs="*", default=FILES)
    args = ap.parse_args()
    ours = [str(ROOT / "target" / "release" / "kibitz"), "go", "gtp"]
    gnugo = [os.environ.get("GNUGO", "/usr/games/gnugo"), "--quiet", "--mode", "gtp"]
    print("| file | command | calls | ours s | GNU Go s | ours / GNU Go | passes ours / GNU Go |")
    print("|---|---|---|---|---|---|---|")
    for name in args.files:
        lines, expect = commands((REGRESS / name).read_text())
        o = best(ours, lines, expect, args.reps)
        g = best(gnugo, lines, expect, args.reps)
        for kind in sorted(o[1], key=lambda k: -o[1][k]):
            if kind in ("loadsgf", "boardsize", "clear_board", "komi"):
                continue
            print(f"| {name} | {kind} | {o[2][kind]} | {o[1][kind]:.2f} | {g[1][kind]:.2f} | "
                  f"{o[1][kind] / max(g[1][kind], 1e-9):.1f} | {o[3][kind]} / {g[3][kind]} |")
        total = sum(1 for n, (_, f) in expect.items() if f != "&")
        print(f"| **{name}** | whole file | {len(lines)} | {o[0]:.2f} | {g[0]:.2f} | "
              f"**{o[0] / g[0]:.2f}** | {sum(o[3].values())} / {sum(g[3].values())} of {total} |",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
