import { describe, expect, it } from "vitest";

import { loadSizeGroups, loadSizeTable, type LoadResultLike } from "./load-size";

let id = 0;
function row(storage: string, workload: string, loadS: number, disk: number, method = "none", dataset = "json"): LoadResultLike {
  id += 1;
  return { cell_id: id, method, storage, dataset, size: 2048, workload, disk_bytes: disk, extra: { load_s: loadS, rows: 10 } };
}

describe("loadSizeTable", () => {
  it("is seed 002's summary with ratios to the dynamic usual load", () => {
    // the seed's own figures: seconds and MB
    const table = loadSizeTable([
      row("compressed:8", "load_then_index", 6844, 14968),
      row("dynamic", "load_then_index", 4678, 40400),
      row("compressed:8", "load", 13735, 16284),
      row("dynamic", "load", 9154, 43032),
      { ...row("dynamic", "read", 1, 1) },
    ]);
    expect(table.map((r) => r.label)).toEqual([
      "dynamic, usual load",
      "dynamic, fast index creation",
      "compressed:8, usual load",
      "compressed:8, fast index creation",
    ]);
    expect(table[0].baseline).toBe(true);
    const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
    expect(table.map((r) => [r2(r.loadRatio), r2(r.sizeRatio)])).toEqual([
      [1, 1],
      [0.51, 0.94],
      [1.5, 0.38],
      [0.75, 0.35],
    ]);
  });

  it("prefers method none as the baseline and has no ratios without one", () => {
    const table = loadSizeTable([row("dynamic", "load", 10, 100, "zstd:3"), row("dynamic", "load", 20, 200)]);
    expect(table[0]).toMatchObject({ method: "none", baseline: true });
    expect(table[1]).toMatchObject({ label: "dynamic, usual load, zstd:3", loadRatio: 0.5, sizeRatio: 0.5 });
    const lonely = loadSizeTable([row("page:zlib", "load", 10, 100)]);
    expect(lonely[0].loadRatio).toBeNull();
  });

  it("groups by dataset and body size", () => {
    const table = loadSizeTable([row("dynamic", "load", 1, 1), row("dynamic", "load", 1, 1, "none", "tpch")]);
    expect(loadSizeGroups(table).map((g) => g.dataset)).toEqual(["json", "tpch"]);
  });
});
