import { describe, expect, it } from "vitest";

import { buildLatencyBars, histogram, histogramRows, latencyRows } from "./latency";
import type { ResultLike } from "./transforms";

describe("histogram", () => {
  it("counts every sample once into linear bins", () => {
    const bins = histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { bins: 5, scale: "linear" });
    expect(bins.map((b) => [b.lo, b.hi])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(bins.map((b) => b.count)).toEqual([2, 2, 2, 2, 3]);
  });

  it("spaces log bins by ratio, so each decade gets the same width", () => {
    const bins = histogram([1, 5, 10, 50, 100, 500, 1000], { bins: 3, scale: "log" });
    expect(bins.map((b) => b.lo)).toEqual([1, 10, 100].map((v) => expect.closeTo(v, 9)));
    expect(bins.at(-1)!.hi).toBe(1000);
    expect(bins.map((b) => b.count)).toEqual([2, 2, 3]);
  });

  it("drops what cannot be drawn and copes with tiny inputs", () => {
    expect(histogram([])).toEqual([]);
    expect(histogram([NaN, Infinity])).toEqual([]);
    expect(histogram([0, -1, 4, 4], { scale: "log" })).toEqual([{ lo: 4, hi: 4, count: 2 }]);
    expect(histogram([0, 4], { scale: "linear", bins: 2 }).map((b) => b.count)).toEqual([1, 1]);
    expect(histogram([1, 2], { bins: 0 })).toHaveLength(1);
  });

  it("never loses a sample", () => {
    const samples = Array.from({ length: 1000 }, (_, i) => 50 + ((i * 7919) % 997) ** 1.5);
    for (const scale of ["log", "linear"] as const) {
      const bins = histogram(samples, { bins: 37, scale });
      expect(bins.reduce((n, b) => n + b.count, 0)).toBe(1000);
    }
    expect(histogramRows(histogram([1, 2], { bins: 1 }), 9)).toEqual([{ cell_id: 9, lo_us: 1, hi_us: 2, count: 2 }]);
  });
});

describe("buildLatencyBars", () => {
  const base: ResultLike = {
    method: "none",
    storage: "dynamic",
    dataset: "random:2",
    size: 1024,
    workload: "read",
    concurrency: 1,
    read_bps: 1,
    read_bps_ci_low: null,
    read_bps_ci_high: null,
    latency_p50_us: 100,
    latency_p95_us: 150,
    latency_p99_us: 300,
    latency_mean_us: 110,
  };

  it("takes p50/p95/p99 per cell at the chosen size", () => {
    const bars = buildLatencyBars(
      [{ ...base, cell_id: 2, method: "lz4" }, { ...base, cell_id: 1 }, { ...base, size: 4096 }, { ...base, method: "x", latency_p50_us: null }],
      { dataset: "random:2", workload: "read", size: 1024 },
      { methods: ["none", "lz4"] },
    );
    expect(bars.map((b) => [b.label, b.cellId, b.p50, b.p95, b.p99])).toEqual([
      ["none · dynamic", 1, 100, 150, 300],
      ["lz4 · dynamic", 2, 100, 150, 300],
    ]);
    expect(latencyRows(bars, { dataset: "random:2", size: 1024, workload: "read" })[0]).toMatchObject({ cell_id: 1, p99_us: 300 });
  });
});
