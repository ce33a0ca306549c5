import { describe, expect, it } from "vitest";

import { buildClassBars, classRows, nextSize } from "./classes";
import type { ResultLike } from "./transforms";

function row(overrides: Partial<ResultLike>): ResultLike {
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:62",
    size: 1024,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: 90e6,
    read_bps_ci_high: 110e6,
    ...overrides,
  };
}

describe("buildClassBars", () => {
  const results = [
    row({ dataset: "random:2", method: "lz4", read_bps: 300e6, ratio: 6.2 }),
    row({ dataset: "random:2", read_bps: 200e6, ratio: 1 }),
    row({ dataset: "random:62", method: "lz4", read_bps: 150e6, ratio: 1.3 }),
    row({ dataset: "random:62", read_bps: 180e6 }),
    row({ dataset: "random:62", size: 65536, read_bps: 999e6 }),
    row({ dataset: "random:10", workload: "write", write_bps: 5e6, read_bps: null }),
  ];

  it("groups by dataset in the matrix's order, one bar per method × storage", () => {
    const bars = buildClassBars(results, { workload: "read", size: 1024 }, ["random:62", "random:10", "random:2"], {
      methods: ["none", "lz4"],
    });
    expect(bars.groups.map((g) => g.dataset)).toEqual(["random:62", "random:2"]);
    expect(bars.series.map((s) => s.label)).toEqual(["none · dynamic", "lz4 · dynamic"]);
    expect(bars.groups[1].values).toEqual({ "lz4~dynamic": 300e6, "none~dynamic": 200e6 });
    expect(bars.groups[1].bestRatio).toBe(6.2);
    expect(bars.groups[0].ciLow["none~dynamic"]).toBe(90e6);
  });

  it("draws only the chosen size and methods", () => {
    const bars = buildClassBars(results, { workload: "read", size: 1024, methods: new Set(["lz4"]) }, []);
    expect(bars.series.map((s) => s.method)).toEqual(["lz4"]);
    expect(buildClassBars(results, { workload: "read", size: 65536 }, []).groups[0].values).toEqual({ "none~dynamic": 999e6 });
  });

  it("exports the bars it draws, hidden series left out", () => {
    const bars = buildClassBars(results, { workload: "read", size: 1024 }, ["random:62", "random:2"]);
    const rows = classRows(bars, new Set(["none~dynamic"]), { size: 1024, workload: "read", concurrency: 1 });
    expect(rows.map((r) => [r.dataset, r.method, r.bps])).toEqual([
      ["random:62", "lz4", 150e6],
      ["random:2", "lz4", 300e6],
    ]);
  });
});

describe("nextSize", () => {
  it("steps through the sizes and wraps around", () => {
    expect(nextSize([1, 2, 3], 1)).toBe(2);
    expect(nextSize([1, 2, 3], 3)).toBe(1);
    expect(nextSize([1, 2, 3], null)).toBe(1);
    expect(nextSize([1, 2, 3], 7)).toBe(1);
    expect(nextSize([], 1)).toBeNull();
  });
});
