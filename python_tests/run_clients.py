"""Kibitz under the Python clients of DDS: endplay and ddstable.

    python3 python_tests/run_clients.py target/release/libdds.so

1. makes a virtual environment (KIBITZ_PY_VENV, default a temporary
   directory) and installs endplay and ddstable from PyPI into it; both
   bundle DDS as a plain ``libdds.so`` next to their Python code
   (``endplay/_dds/libdds.so``, ``ddstable/libdds.so``) and load it with
   ctypes;
2. records their results on seeded random deals (clients.py) with the
   bundled DDS;
3. copies Kibitz's library over both bundled files, records again, puts the
   originals back;
4. compares the two records item by item and prints the counts; exits 1 on
   any difference.

Then it runs ctypes_example.py (README's "Plain ctypes" example) against
Kibitz and checks its output. KIBITZ_PY_DEALS (default 16) and
KIBITZ_PY_SEED (default 2026) choose the deals. Needs network access to
PyPI only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# What ctypes_example.py prints (list1 of DDS's hand files: the table
# matches DDS's list1 TABLE line; the solve line checked against Debian's
# DDS 2.9 and the README's `kibitz bridge solve` example).
EXPECTED_EXAMPLE = """\
threads set
SolveBoardPBN: 9 cards, best 5 tricks
SolveBoard: 9 cards, best 5 tricks
S [5, 8, 5, 8]
H [6, 6, 6, 6]
D [5, 7, 5, 7]
C [7, 5, 7, 5]
NT [6, 6, 6, 6]
"""


def readme_example(python, ours):
    """Runs README.md's ctypes example and checks it prints what README.md says."""
    with open(os.path.join(HERE, "..", "README.md")) as f:
        readme = f.read()
    # The python block right before "prints": no fence inside it.
    found = re.search(r"```python\n((?:(?!```).)*?)```\s*prints\s*```\n(.*?)```", readme, re.S)
    if not found:
        sys.exit("README.md lacks its ctypes example and the output it prints")
    code, expected = found.groups()
    lib = '"target/release/libdds.so"'
    if lib not in code:
        sys.exit(f"README.md's ctypes example does not load {lib}")
    code = code.replace(lib, repr(os.path.abspath(ours)))
    printed = subprocess.run([python, "-c", code], check=True, capture_output=True,
                             text=True).stdout
    if printed != expected:
        print(f"README.md's ctypes example printed:\n{printed}\nREADME.md says:\n{expected}")
        sys.exit(1)
    print("README.md's ctypes example: prints what README.md says")


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def flatten(value, prefix, out):
    """Leaf comparisons: each table, par result, solve, play, ... once."""
    if isinstance(value, dict) and prefix.count("/") < 2:
        for k in sorted(value):
            flatten(value[k], f"{prefix}/{k}", out)
    elif isinstance(value, list) and prefix.count("/") < 2:
        for i, v in enumerate(value):
            flatten(v, f"{prefix}/{i}", out)
    else:
        out[prefix] = value


def main():
    ours = os.path.abspath(sys.argv[1])
    deals = os.environ.get("KIBITZ_PY_DEALS", "16")
    seed = os.environ.get("KIBITZ_PY_SEED", "2026")
    work = tempfile.mkdtemp(prefix="kibitz-py-")
    venv = os.environ.get("KIBITZ_PY_VENV") or os.path.join(work, "venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        run([sys.executable, "-m", "venv", venv])
    run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "endplay", "ddstable"])
    site = subprocess.run(
        [python, "-c", "import endplay, ddstable, os; "
         "print(os.path.dirname(endplay.__file__)); print(os.path.dirname(ddstable.__file__))"],
        check=True, capture_output=True, text=True).stdout.split()
    bundled = [os.path.join(site[0], "_dds", "libdds.so"), os.path.join(site[1], "libdds.so")]
    for lib in bundled:
        if not os.path.isfile(lib):
            sys.exit(f"{lib} not found: the package no longer bundles libdds.so there")

    record = [python, os.path.join(HERE, "clients.py"), seed, deals]
    run(record + [os.path.join(work, "dds.json")])
    saved = []
    try:
        for lib in bundled:
            shutil.copy2(lib, lib + ".dds")
            saved.append(lib)
            shutil.copy(ours, lib)
        run(record + [os.path.join(work, "kibitz.json")])
    finally:
        for lib in saved:
            os.replace(lib + ".dds", lib)

    with open(os.path.join(work, "dds.json")) as f:
        dds = json.load(f)
    with open(os.path.join(work, "kibitz.json")) as f:
        kib = json.load(f)
    assert dds["kibitz_loaded"] == {"endplay": False, "ddstable": False}, dds["kibitz_loaded"]
    assert kib["kibitz_loaded"] == {"endplay": True, "ddstable": True}, kib["kibitz_loaded"]
    a, b = {}, {}
    flatten(dds["results"], "", a)
    flatten(kib["results"], "", b)
    assert a.keys() == b.keys()
    counts, diffs = {}, []
    for key in a:
        api = key.split("/")[1]
        counts[api] = counts.get(api, 0) + 1
        if a[key] != b[key]:
            diffs.append(f"{key}:\n  DDS:    {a[key]}\n  Kibitz: {b[key]}")
    for api in sorted(counts):
        print(f"{api:18} {counts[api]:4} compared")
    print(f"{'total':18} {sum(counts.values()):4} compared, {len(diffs)} differences"
          f" ({deals} deals, seed {seed})")
    if diffs:
        print("\n".join(diffs))
        sys.exit(1)

    example = subprocess.run(
        [python, os.path.join(HERE, "ctypes_example.py"), ours],
        check=True, capture_output=True, text=True).stdout
    if example != EXPECTED_EXAMPLE:
        print(f"ctypes_example.py printed:\n{example}\nexpected:\n{EXPECTED_EXAMPLE}")
        sys.exit(1)
    print("ctypes_example.py: output as expected")
    readme_example(python, ours)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
