"""kibitz.bridge.dask on a real distributed.LocalCluster with two worker
processes: the results equal the single-process ones, a rerun redoes
nothing, and a worker killed mid-run loses and duplicates nothing."""

import os
import signal
import threading
import time

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")
distributed = pytest.importorskip("distributed")

from conftest import random_pbns  # noqa: E402
from kibitz.bridge import dd_tables, par  # noqa: E402
from kibitz.bridge.dask import PAR_COLUMNS, TABLE_COLUMNS, dd_tables_to_parquet  # noqa: E402

DEALS = 2000
KILL_DEALS = 600


@pytest.fixture(scope="module")
def deals():
    return random_pbns(DEALS, seed=46)


@pytest.fixture(scope="module")
def single_process(deals):
    """Table and par columns of every deal, solved in this process."""
    rows = []
    for t in dd_tables(deals, threads=2):
        p = par(t)
        cells = [t[c.split("_")[0], c.split("_")[1]] for c in TABLE_COLUMNS]
        dealer = " ".join([str(p.score), *p.contracts]) if p.contracts else "pass"
        rows.append(cells + list(p.sides) + [dealer])
    return rows


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def write_input(tmp_path, deals):
    path = tmp_path / "deals.parquet"
    pd.DataFrame({"id": range(len(deals)), "pbn": deals}).to_parquet(path, index=False)
    return str(path)


def read_output(out):
    files = sorted(f for f in os.listdir(out) if f.endswith(".parquet"))
    frame = pd.concat([pd.read_parquet(os.path.join(out, f)) for f in files], ignore_index=True)
    return files, frame


def check(frame, deals, single_process):
    assert len(frame) == len(deals), "rows lost or duplicated"
    assert sorted(frame["id"]) == list(range(len(deals))), "ids lost or duplicated"
    frame = frame.sort_values("id").reset_index(drop=True)
    assert list(frame["pbn"]) == deals
    got = frame[TABLE_COLUMNS + PAR_COLUMNS].values.tolist()
    assert got == single_process[: len(deals)]


def test_cluster_equals_single_process_and_rerun_redoes_nothing(tmp_path, deals, single_process, client):
    source, out = write_input(tmp_path, deals), str(tmp_path / "out")
    report = dd_tables_to_parquet(source, out, client=client, npartitions=20)
    assert (report.solved, report.skipped, report.rows) == (20, 0, DEALS)
    files, frame = read_output(out)
    assert len(files) == 20
    check(frame, deals, single_process)
    stamps = {f: os.stat(os.path.join(out, f)).st_mtime_ns for f in files}
    again = dd_tables_to_parquet(source, out, client=client, npartitions=20)
    assert (again.solved, again.skipped, again.rows) == (0, 20, DEALS)
    assert {f: os.stat(os.path.join(out, f)).st_mtime_ns for f in files} == stamps
    # A lost partition is solved again, and only it.
    os.remove(os.path.join(out, files[3]))
    third = dd_tables_to_parquet(source, out, client=client, npartitions=20)
    assert (third.solved, third.skipped, third.rows) == (1, 19, DEALS)
    check(read_output(out)[1], deals, single_process)


def test_worker_killed_mid_run(tmp_path, deals, single_process, client):
    part = deals[:KILL_DEALS]
    source, out = write_input(tmp_path, part), str(tmp_path / "out")
    result = {}

    def run():
        try:
            result["report"] = dd_tables_to_parquet(source, out, client=client, npartitions=12)
        except BaseException as e:  # reported by the assertion below
            result["error"] = e

    worker = threading.Thread(target=run)
    worker.start()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        done = [f for f in os.listdir(out) if f.endswith(".parquet")] if os.path.isdir(out) else []
        if len(done) >= 2:
            break
        time.sleep(0.05)
    finished = {f: os.stat(os.path.join(out, f)).st_mtime_ns for f in done}
    assert 2 <= len(finished) < 12, "the kill must come mid-run"
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    worker.join(timeout=600)
    assert not worker.is_alive()
    assert "error" not in result, result.get("error")
    assert result["report"].rows == KILL_DEALS
    files, frame = read_output(out)
    assert len(files) == 12
    check(frame, part, single_process)
    # Partitions finished before the kill were not written again.
    for f, stamp in finished.items():
        assert os.stat(os.path.join(out, f)).st_mtime_ns == stamp
    # The nanny restarts the killed worker; the cluster has two again.
    deadline = time.monotonic() + 60
    while len(client.scheduler_info()["workers"]) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert victim not in client.run(os.getpid).values()
