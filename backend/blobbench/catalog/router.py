"""The choices a run form offers: methods, storages, datasets and size presets."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from blobbench.engine.capabilities import ALL_WORKLOADS
from blobbench.engine.datasets import known_datasets
from blobbench.engine.matrix import SIZE_PRESETS
from blobbench.engine.presets import MATRIX_PRESETS, PRESET_DESCRIPTIONS, preset_cells

router = APIRouter(prefix="/catalog", tags=["catalog"])

# Plain names use the codec's default level (zstd 3, zlib/deflate/gzip 6, brotli 11, lzma 6).
METHODS = [
    "none", "lz4", "lz4hc:9", "zstd", "zstd:1", "zstd:9", "zstd_dict", "snappy", "deflate", "zlib",
    "zlib_dict", "gzip", "brotli:1", "brotli", "lzma", "mysql_compress", "mysql_uncompress",
]
STORAGES = ["dynamic", "compressed:1", "compressed:2", "compressed:4", "compressed:8",
            "compressed:16", "page:zlib", "page:lz4", "page:lzo", "page:lzma", "page:bzip2",
            "page:snappy", "column",
            "percona_column", "percona_column:dict"]
DATASETS = known_datasets()
WORKLOADS = list(ALL_WORKLOADS)


class MatrixPreset(BaseModel):
    name: str
    description: str
    cells: int = Field(description="Cells per host")


class Catalog(BaseModel):
    methods: list[str]
    storages: list[str]
    datasets: list[str]
    size_presets: dict[str, list[int]]
    workloads: list[str]
    matrix_presets: list[MatrixPreset] = Field(description="Named matrices a run may use")


@router.get("", response_model=Catalog)
def get_catalog() -> Catalog:
    return Catalog(methods=METHODS, storages=STORAGES, datasets=DATASETS,
                   size_presets=SIZE_PRESETS, workloads=WORKLOADS,
                   matrix_presets=[MatrixPreset(name=name, description=PRESET_DESCRIPTIONS[name],
                                                cells=len(preset_cells(name)))
                                   for name in MATRIX_PRESETS])
