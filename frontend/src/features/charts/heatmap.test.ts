import { describe, expect, it } from "vitest";

import { buildHeatmap, divergingColor, formatRelative, heatmapRows, textColorFor } from "./heatmap";
import type { ResultLike } from "./transforms";

function row(overrides: Partial<ResultLike>): ResultLike {
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:2",
    size: 65536,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: null,
    read_bps_ci_high: null,
    ...overrides,
  };
}

describe("divergingColor", () => {
  it("runs red → near white → blue and clamps", () => {
    expect(divergingColor(-1)).toBe("#ca0020");
    expect(divergingColor(0)).toBe("#f7f7f7");
    expect(divergingColor(1)).toBe("#0571b0");
    expect(divergingColor(5)).toBe("#0571b0");
    expect(divergingColor(NaN)).toBe("#f7f7f7");
  });

  it("picks readable text", () => {
    expect(textColorFor("#f7f7f7")).toBe("#1d2430");
    expect(textColorFor("#0571b0")).toBe("#ffffff");
    expect(textColorFor("#ca0020")).toBe("#ffffff");
  });
});

describe("buildHeatmap", () => {
  const results = [
    row({ cell_id: 1 }),
    row({ cell_id: 2, method: "lz4", read_bps: 200e6 }),
    row({ cell_id: 3, storage: "compressed:8", read_bps: 50e6 }),
    row({ cell_id: 4, method: "lz4", storage: "compressed:8", read_bps: 100e6 }),
    row({ cell_id: 5, method: "zstd", read_bps: 400e6, size: 1024 }),
  ];
  const order = { methods: ["none", "lz4"], storages: ["dynamic", "compressed:8"] };

  it("is relative to none · dynamic", () => {
    const h = buildHeatmap(results, { dataset: "random:2", workload: "read", size: 65536 }, order);
    expect(h.methods).toEqual(["none", "lz4"]);
    expect(h.storages).toEqual(["dynamic", "compressed:8"]);
    expect(h.reference).toEqual({ kind: "baseline", label: "none · dynamic", bps: 100e6 });
    expect(h.rows.map((r) => r.map((c) => c.relative))).toEqual([
      [1, 0.5],
      [2, 1],
    ]);
    expect(h.rows[0][0].color).toBe("#f7f7f7");
    expect(h.rows[1][0].color).toBe("#0571b0");
    expect(h.rows[0][1].color).toBe("#ca0020");
    expect(h.rows[1][0].cellId).toBe(2);
  });

  it("falls back to the best cell without none · dynamic", () => {
    const h = buildHeatmap(results.slice(1), { dataset: "random:2", workload: "read", size: 65536 }, order);
    expect(h.reference).toMatchObject({ kind: "best", label: "lz4 · dynamic", bps: 200e6 });
    expect(h.rows.find((r) => r[0].method === "lz4")![0].relative).toBe(1);
    // none · dynamic is simply not there: an empty cell
    expect(h.rows[0][0]).toMatchObject({ method: "none", storage: "dynamic", bps: null, relative: null });
  });

  it("keeps the baseline when the methods filter hides none", () => {
    const h = buildHeatmap(results, { dataset: "random:2", workload: "read", size: 65536, methods: new Set(["lz4"]) }, order);
    expect(h.methods).toEqual(["lz4"]);
    expect(h.reference?.kind).toBe("baseline");
    expect(heatmapRows(h, { dataset: "random:2", size: 65536, workload: "read" }).map((r) => r.relative)).toEqual([2, 1]);
  });

  it("is empty when nothing was measured", () => {
    const h = buildHeatmap([], { dataset: "random:2", size: 1 });
    expect(h.rows).toEqual([]);
    expect(h.reference).toBeNull();
  });

  it("prints ratios", () => {
    expect(formatRelative(1.8432)).toBe("1.84×");
    expect(formatRelative(12.34)).toBe("12.3×");
    expect(formatRelative(null)).toBe("—");
  });
});
