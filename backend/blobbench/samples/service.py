"""Samples: content-addressed files in the data directory, described by a row each."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

from sqlalchemy import select
from sqlalchemy.orm import Session

from blobbench.core.config import get_settings
from blobbench.engine.samples import read_column_sample, read_table_rows_sample
from blobbench.models import Run, Sample, Target
from blobbench.samples.schemas import SampleRead, TableSampleCreate
from blobbench.targets.service import connection_for


class SampleRejected(Exception):
    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


def store_dir() -> Path:
    path = get_settings().data_path / "samples"
    path.mkdir(parents=True, exist_ok=True)
    return path


def content_path(sample: Sample) -> Path:
    return store_dir() / sample.sha256


def _store(tmp: Path, digest: str) -> None:
    final = store_dir() / digest
    if final.exists():
        tmp.unlink(missing_ok=True)
    else:
        os.replace(tmp, final)


def save_upload(session: Session, stream: BinaryIO, name: str,
                filename: str | None = None) -> tuple[Sample, bool]:
    """Stream an upload to disk with a size cap; the same content is stored (and listed) once."""
    limit = get_settings().max_sample_bytes
    digest, size = hashlib.sha256(), 0
    fd, tmp_name = tempfile.mkstemp(dir=store_dir(), prefix=".upload-")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            while chunk := stream.read(1 << 20):
                size += len(chunk)
                if size > limit:
                    raise SampleRejected(
                        f"The file is larger than the {limit >> 20} MiB limit for samples "
                        "(BLOBBENCH_MAX_SAMPLE_BYTES); upload a representative part of it", 413)
                digest.update(chunk)
                out.write(chunk)
        if size == 0:
            raise SampleRejected("The file is empty; a sample needs at least one byte")
        sha = digest.hexdigest()
        existing = session.scalar(select(Sample).where(Sample.sha256 == sha,
                                                       Sample.kind == "upload"))
        if existing is not None:
            return existing, False
        _store(tmp, sha)
    finally:
        tmp.unlink(missing_ok=True)
    sample = Sample(name=name, kind="upload", sha256=sha, size=size,
                    source={"filename": filename or name})
    session.add(sample)
    session.flush()
    return sample, True


def read_from_target(session: Session, target: Target, body: TableSampleCreate) -> Sample:
    """Read a column sample, or whole rows ("table pages") when no column is named, from the
    target (engine: validated, read-only) and store it."""
    if body.column is None:
        got = read_table_rows_sample(connection_for(target), body.schema_name, body.table,
                                     limit_bytes=body.limit_bytes)
        source = {"rows": got["rows"], "columns": got["columns"],
                  "mean_row_bytes": got["mean_row_bytes"], "layout": "innodb_rows"}
        default_name = f"{target.name}:{body.schema_name}.{body.table} (rows)"
    else:
        got = read_column_sample(connection_for(target), body.schema_name, body.table,
                                 body.column, limit_bytes=body.limit_bytes)
        source = {"rows": got["rows"], "data_type": got["data_type"],
                  "mean_value_bytes": got["mean_value_bytes"]}
        default_name = f"{target.name}:{body.schema_name}.{body.table}.{body.column}"
    data: bytes = got["data"]
    sha = hashlib.sha256(data).hexdigest()
    path = store_dir() / sha
    if not path.exists():
        fd, tmp_name = tempfile.mkstemp(dir=store_dir(), prefix=".table-")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        _store(Path(tmp_name), sha)
    sample = Sample(
        name=body.name or default_name, kind="table", sha256=sha, size=len(data),
        source={"target_id": target.id, "schema": body.schema_name, "table": body.table,
                "column": body.column, **source},
    )
    session.add(sample)
    session.flush()
    return sample


def runs_needing(session: Session, sample: Sample) -> list[int]:
    """Unfinished runs whose matrix reads this sample."""
    dataset = f"sample:{sample.id}"
    open_runs = session.scalars(select(Run).where(Run.status.in_(("queued", "running"))))
    return [r.id for r in open_runs if dataset in (r.matrix or {}).get("datasets", [])]


def delete(session: Session, sample: Sample) -> None:
    if needing := runs_needing(session, sample):
        raise SampleRejected(
            f"Run(s) {', '.join(map(str, needing))} still need this sample; wait for them to "
            "finish or cancel them first", 409)
    sha = sample.sha256
    session.delete(sample)
    session.flush()
    if session.scalar(select(Sample.id).where(Sample.sha256 == sha)) is None:
        (store_dir() / sha).unlink(missing_ok=True)


def to_read(sample: Sample) -> SampleRead:
    return SampleRead(
        id=sample.id, name=sample.name, kind=sample.kind, sha256=sample.sha256, size=sample.size,
        source=sample.source or {}, created_at=sample.created_at, dataset=f"sample:{sample.id}")


def sample_ids(datasets: list[str]) -> list[int]:
    return [int(d.split(":")[1]) for d in datasets if d.startswith("sample:")]


def missing_samples(session: Session, datasets: list[str]) -> list[int]:
    wanted = sample_ids(datasets)
    if not wanted:
        return []
    found = set(session.scalars(select(Sample.id).where(Sample.id.in_(wanted))))
    return [i for i in wanted if i not in found]
