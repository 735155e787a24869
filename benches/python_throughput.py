#!/usr/bin/env python3
"""DD tables per second from Python: kibitz.bridge.dd_tables in one process
(one thread, then every core), the Dask module on a local cluster with one
worker process per core, and the command line (`kibitz bridge table -`)
on the same seeded random deals, in one run.

    pip install "./python[dask]" && cargo build --release -p kibitz-cli
    python3 benches/python_throughput.py [--deals N] [--seed S] [--cli PATH]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def random_pbns(n, seed):
    rng = random.Random(seed)
    out = []
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    for _ in range(n):
        rng.shuffle(cards)
        hands = [".".join("".join(c[1] for c in cards[13 * h:13 * h + 13] if c[0] == s) for s in "SHDC")
                 for h in range(4)]
        out.append("N:" + " ".join(hands))
    return out


def timed(label, n, f):
    start = time.perf_counter()
    result = f()
    seconds = time.perf_counter() - start
    print(f"{label:<42} {n / seconds:8.1f} deals/s  ({seconds:6.1f} s)", flush=True)
    return result, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=46)
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "kibitz"))
    args = ap.parse_args()

    from kibitz.bridge import dd_tables

    cores = os.cpu_count() or 1
    deals = random_pbns(args.deals, args.seed)
    print(f"{args.deals} seeded random deals (seed {args.seed}), {cores} cores")
    one, _ = timed("dd_tables, 1 thread", len(deals), lambda: dd_tables(deals, threads=1))
    every, _ = timed(f"dd_tables, {cores} threads", len(deals), lambda: dd_tables(deals, threads=cores))
    assert every == one

    text = "".join(d + "\n" for d in deals)
    cli_out, _ = timed(f"kibitz bridge table - --threads {cores}", len(deals), lambda: subprocess.run(
        [args.cli, "bridge", "table", "-", "--format", "csv", "--threads", str(cores)],
        input=text, capture_output=True, text=True, check=True).stdout)
    assert len(cli_out.splitlines()) == len(deals) + 1

    try:
        import pandas as pd
        from distributed import Client, LocalCluster
        from kibitz.bridge.dask import dd_tables_to_parquet
    except ImportError:
        print("dask: not installed (pip install './python[dask]')")
        return
    with tempfile.TemporaryDirectory() as tmp, \
            LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                         dashboard_address=None) as cluster, Client(cluster) as client:
        src = os.path.join(tmp, "deals.parquet")
        pd.DataFrame({"pbn": deals}).to_parquet(src, index=False)
        client.run(lambda: __import__("kibitz.bridge"))  # workers import before the clock
        report, _ = timed(f"dask LocalCluster, {cores} worker processes", len(deals),
                          lambda: dd_tables_to_parquet(src, os.path.join(tmp, "out"), client=client,
                                                       npartitions=4 * cores))
        assert report.rows == len(deals)


if __name__ == "__main__":
    sys.exit(main())
