"""Double dummy tables and par for millions of deals on a Dask cluster.

>>> from kibitz.bridge.dask import dd_tables_to_parquet
>>> report = dd_tables_to_parquet("deals.parquet", "tables/")  # doctest: +SKIP
>>> report.solved, report.skipped  # doctest: +SKIP
(40, 0)

The input is a Parquet file or directory, or a CSV file, with a column of
PBN deals (``pbn`` by default). Each input partition becomes one output
file ``part-NNNNN.parquet`` in the output directory, holding the
partition's columns, the 20 table columns of ``kibitz bridge table
--format csv`` (``N_NT`` ... ``W_C``: declarer, strain) and its par
columns (``par_ns``, ``par_ew``, ``par_contracts_ns``,
``par_contracts_ew``, ``dealer_par``).

A partition's file is written whole or not at all (a temporary file
renamed into place), so a run that stops, or a worker that dies, loses
only the partitions in progress: the cluster recomputes those, and a
partition whose file exists is never computed again, in this run or the
next. Rerunning the same call after a failure finishes the job.

Without a ``client``, a ``distributed.LocalCluster`` with one worker
process per core is started for the call. Needs ``dask[distributed]``,
``pandas`` and ``pyarrow``.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from typing import List, Optional

from . import dd_tables, par

__all__ = ["Report", "dd_tables_to_parquet", "solve_partition", "TABLE_COLUMNS", "PAR_COLUMNS"]

# The command line's CSV columns: declarers N S E W, strains NT S H D C.
_CSV_SEATS = ("N", "S", "E", "W")
_CSV_STRAINS = ("NT", "S", "H", "D", "C")
#: The table columns, as ``kibitz bridge table --format csv`` names them.
TABLE_COLUMNS: List[str] = [f"{seat}_{strain}" for seat in _CSV_SEATS for strain in _CSV_STRAINS]
#: The par columns.
PAR_COLUMNS: List[str] = ["par_ns", "par_ew", "par_contracts_ns", "par_contracts_ew", "dealer_par"]


@dataclass
class Report:
    """What a run did: partitions solved now, partitions found done, rows."""

    solved: int = 0
    skipped: int = 0
    rows: int = 0
    files: List[str] = field(default_factory=list)


def _part_path(output: str, index: int) -> str:
    return os.path.join(output, f"part-{index:05d}.parquet")


def solve_partition(frame, path: str, pbn_column: str = "pbn", vul: str = "none", dealer: str = "N", threads: int = 1) -> int:
    """Solves one partition (a pandas DataFrame) into ``path``; returns its
    row count. Does nothing but count when ``path`` exists."""
    import pyarrow.parquet as pq

    if os.path.exists(path):
        return pq.ParquetFile(path).metadata.num_rows
    if pbn_column not in frame.columns:
        raise ValueError(f"no column '{pbn_column}' in the input (columns: {', '.join(map(str, frame.columns))})")
    tables = dd_tables(list(frame[pbn_column]), threads=threads)
    out = frame.reset_index(drop=True).copy()
    for seat in _CSV_SEATS:
        for strain in _CSV_STRAINS:
            out[f"{seat}_{strain}"] = [t[seat, strain] for t in tables]
    pars = [par(t, vul=vul, dealer=dealer) for t in tables]
    out["par_ns"] = [p.sides[0] for p in pars]
    out["par_ew"] = [p.sides[1] for p in pars]
    out["par_contracts_ns"] = [p.sides[2] for p in pars]
    out["par_contracts_ew"] = [p.sides[3] for p in pars]
    out["dealer_par"] = [" ".join([str(p.score), *p.contracts]) if p.contracts else "pass" for p in pars]
    tmp = f"{path}.tmp-{uuid.uuid4().hex}"
    out.to_parquet(tmp, index=False)
    os.replace(tmp, path)
    return len(out)


def _read(source: str, blocksize: Optional[str]):
    import dask.dataframe as dd

    if source.endswith(".csv") or source.endswith(".csv.gz"):
        return dd.read_csv(source, blocksize=None if source.endswith(".gz") else blocksize, dtype=str)
    return dd.read_parquet(source)


def dd_tables_to_parquet(
    source,
    output: str,
    *,
    client=None,
    pbn_column: str = "pbn",
    vul: str = "none",
    dealer: str = "N",
    npartitions: Optional[int] = None,
    blocksize: Optional[str] = "16MB",
) -> Report:
    """Computes the DD table and par of every deal of ``source`` into
    ``output`` (a directory), partition by partition, on a Dask cluster.

    ``source`` is a path (Parquet, or CSV ending in ``.csv``) or a Dask
    DataFrame. ``npartitions`` repartitions the input first (more, smaller
    partitions lose less to a failure). ``client`` is a
    ``distributed.Client``; without one a local cluster with one worker
    process per core runs the job. Returns a :class:`Report`.
    """
    import dask
    from distributed import Client, LocalCluster, as_completed

    frame = source if hasattr(source, "to_delayed") else _read(os.fspath(source), blocksize)
    if npartitions:
        frame = frame.repartition(npartitions=npartitions)
    os.makedirs(output, exist_ok=True)
    own = None
    if client is None:
        cores = os.cpu_count() or 1
        own = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True)
        client = Client(own)
    try:
        report = Report()
        futures = []
        for i, part in enumerate(frame.to_delayed()):
            path = _part_path(output, i)
            report.files.append(path)
            if os.path.exists(path):
                report.skipped += 1
                continue
            task = dask.delayed(solve_partition, pure=False)(part, path, pbn_column, vul, dealer, 1)
            futures.append(client.compute(task))
        report.solved = len(futures)
        for future in as_completed(futures):
            future.result()
        import pyarrow.parquet as pq

        report.rows = sum(pq.ParquetFile(p).metadata.num_rows for p in report.files)
        return report
    finally:
        if own is not None:
            client.close()
            own.close()
