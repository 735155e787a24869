"""Shared test data: the repository's tests/data, DDS's hand files and the
`kibitz` command line the error messages are compared with."""

import os
import random
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def dds_hands(name):
    """The records of a DDS hand file (list100.txt ...): dicts with dealer,
    vul, trump, first, pbn, fut, table, par, par2, play and trace."""
    hands, cur = [], None
    for line in (DATA / name).read_text().splitlines():
        words = line.split()
        if not words:
            continue
        quoted = shlex.split(line)[1:]
        if words[0] == "PBN":
            cur = dict(dealer=int(words[1]), vul=int(words[2]), trump=int(words[3]),
                       first=int(words[4]), pbn=quoted[-1])
            hands.append(cur)
        elif words[0] == "FUT":
            n = int(words[1])
            nums = [int(w) for w in words[2:]]
            cur["fut"] = list(zip(nums[:n], nums[n:2 * n], nums[2 * n:3 * n], nums[3 * n:4 * n]))
        elif words[0] == "TABLE":
            cur["table"] = [int(w) for w in words[1:]]
        elif words[0] == "PAR":
            cur["par"] = quoted
        elif words[0] == "PAR2":
            cur["par2"] = quoted
        elif words[0] == "PLAY":
            cur["play"] = quoted[-1]
        elif words[0] == "TRACE":
            cur["trace"] = [int(w) for w in words[1:]]
    return hands


def random_pbn(rng):
    """A uniformly random deal as PBN."""
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h:13 * h + 13]
        hands.append(".".join("".join(c[1] for c in mine if c[0] == s) for s in "SHDC"))
    return "N:" + " ".join(hands)


def random_pbns(n, seed):
    rng = random.Random(seed)
    return [random_pbn(rng) for _ in range(n)]


def cli_path():
    """The `kibitz` binary: $KIBITZ_CLI, else target/release or target/debug."""
    env = os.environ.get("KIBITZ_CLI")
    if env:
        return env
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "kibitz"
        if p.exists():
            return str(p)
    return shutil.which("kibitz")


def run_cli(*args, stdin=None, cwd=None):
    """(exit code, stdout, stderr) of the command line."""
    path = cli_path()
    assert path, "the kibitz command line is not built: cargo build --release -p kibitz-cli"
    r = subprocess.run([path, *args], capture_output=True, text=True, input=stdin, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


@pytest.fixture(scope="session")
def cli():
    """Runs the command line in the repository root; returns (exit code,
    stdout, stderr)."""
    return lambda *args: run_cli(*args, cwd=ROOT)


def error_line(stderr):
    """The message of the command line's last error line."""
    line = stderr.strip().splitlines()[-1]
    assert line.startswith("kibitz: error: "), stderr
    return line[len("kibitz: error: "):]


def cli_error(*args):
    """Runs the command line, which must fail with exit code 2; the
    message of its first error line."""
    code, _, err = run_cli(*args)
    assert code == 2, err
    first = err.splitlines()[0]
    assert first.startswith("kibitz: error: ")
    return first[len("kibitz: error: "):]
