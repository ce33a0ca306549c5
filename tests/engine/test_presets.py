from __future__ import annotations

import pytest

from blobbench.engine.errors import MatrixError
from blobbench.engine.matrix import SIZE_PRESETS
from blobbench.engine.presets import MATRIX_PRESETS, SEED000_METHODS, preset_cells


def test_seed000_is_the_studys_grid():
    cells = preset_cells("seed000")
    assert len(cells) == 14 * 4 * 70 == 3920
    pairs = {(c.method, c.storage) for c in cells}
    assert pairs == {(m, s) for _, m, s in SEED000_METHODS}
    assert sorted({c.size for c in cells}) == sorted(SIZE_PRESETS["seed000_stub"])


def test_every_preset_expands_and_unknown_ones_are_refused():
    for name in MATRIX_PRESETS:
        assert preset_cells(name)
    with pytest.raises(MatrixError, match="choose from"):
        preset_cells("nope")


def test_every_preset_is_described():
    from blobbench.engine.presets import MATRIX_PRESETS, PRESET_DESCRIPTIONS

    assert set(PRESET_DESCRIPTIONS) == set(MATRIX_PRESETS)
