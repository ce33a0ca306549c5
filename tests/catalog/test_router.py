from __future__ import annotations


def test_catalog_lists_choices_and_presets_with_their_cell_counts(client):
    catalog = client.get("/api/v1/catalog").json()
    assert "none" in catalog["methods"] and "dynamic" in catalog["storages"]
    presets = {p["name"]: p for p in catalog["matrix_presets"]}
    assert presets["quick"]["cells"] == 5 * 2 * 2 * 3
    assert presets["seed000"]["cells"] == 14 * 4 * 70
    # 5 codecs on dynamic rows + none on MariaDB's and Percona's compressed columns, 7 clients
    assert presets["seed001"]["cells"] == 7 * 7 + 6  # reads at 7 client counts, 6 loads
    assert all(p["description"] for p in presets.values())
