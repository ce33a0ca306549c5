import { describe, expect, it } from "vitest";

import { concurrencyCurves, curveChoices, spaceSavings, type ConcurrencyResult } from "./concurrency";

function row(method: string, storage: string, concurrency: number, bps: number, extra: Partial<ConcurrencyResult> = {}): ConcurrencyResult {
  return {
    method, storage, dataset: "json", size: 1200, workload: "read", concurrency,
    read_bps: bps, read_bps_ci_low: bps * 0.98, read_bps_ci_high: bps * 1.02, ratio: 1, disk_bytes: null, ...extra,
  };
}

describe("concurrency curves", () => {
  const rows = [
    row("none", "dynamic", 4, 400), row("none", "dynamic", 1, 100), row("none", "dynamic", 32, 900),
    row("zstd_dict", "dynamic", 1, 80, { ratio: 4 }), row("zstd_dict", "dynamic", 32, 700, { ratio: 4 }),
    row("none", "dynamic", 1, 50, { dataset: "records" }),
    row("none", "dynamic", 1, 10, { workload: "write" }), row("none", "dynamic", 4, 10, { workload: "write" }),
  ];

  it("offers the read measurements taken at several client counts", () => {
    expect(curveChoices(rows)).toEqual([{ dataset: "json", size: 1200, workload: "read" }]);
  });

  it("draws one line per method × storage, sorted by clients, with how far it scales", () => {
    const curves = concurrencyCurves(rows, { dataset: "json", size: 1200, workload: "read" });
    expect(curves.map((c) => c.key)).toEqual(["none · dynamic", "zstd_dict · dynamic"]);
    expect(curves[0].points.map((p) => p.clients)).toEqual([1, 4, 32]);
    expect(curves[0].scaling).toBeCloseTo(9);
    expect(curves[1].scaling).toBeCloseTo(8.75);
  });

  it("measures space against none · dynamic: disk sizes when known, else the codec's ratio", () => {
    const byRatio = spaceSavings(rows, { dataset: "json", size: 1200 });
    expect(byRatio.find((s) => s.key === "zstd_dict · dynamic")).toMatchObject({ stored: 0.25, basis: "ratio" });
    const disk = [row("none", "dynamic", 1, 1, { disk_bytes: 1000 }), row("none", "column", 1, 1, { disk_bytes: 400 })];
    expect(spaceSavings(disk, { dataset: "json", size: 1200 }).find((s) => s.key === "none · column")).toMatchObject({
      stored: 0.4,
      basis: "disk",
    });
  });

  it("prefers the allocated size of each pair's loaded table", () => {
    const both = [
      row("none", "dynamic", 1, 1, { disk_bytes: 1000 }),
      row("none", "column", 1, 1, { disk_bytes: 900 }),
      row("none", "dynamic", 1, 0, { workload: "load", disk_bytes: 80_000_000, read_bps: null }),
      row("none", "column", 1, 0, { workload: "load", disk_bytes: 44_000_000, read_bps: null }),
    ];
    const savings = spaceSavings(both, { dataset: "json", size: 1200 });
    expect(savings.map((s) => s.key)).toEqual(["none · dynamic", "none · column"]); // one line per read pair
    expect(savings[1]).toMatchObject({ stored: 0.55, basis: "table" });
  });
});
