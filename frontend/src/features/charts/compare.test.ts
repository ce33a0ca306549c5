import { describe, expect, it } from "vitest";

import { buildComparison, compareStyles, comparisonRows, geometricMean } from "./compare";
import { DASHES, PALETTE } from "./palette";
import type { ResultLike } from "./transforms";

function row(overrides: Partial<ResultLike>): ResultLike {
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:2",
    size: 1024,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: null,
    read_bps_ci_high: null,
    ...overrides,
  };
}

describe("buildComparison", () => {
  const runs = [
    { runId: 41, results: [row({}), row({ method: "lz4", read_bps: 200e6 }), row({ size: 4096, read_bps: 300e6 })] },
    { runId: 42, results: [row({ read_bps: 110e6 }), row({ method: "lz4", read_bps: 100e6 }), row({ method: "zstd" })] },
  ];

  it("overlays each run's lines and divides every cell by the first run", () => {
    const c = buildComparison(runs, { dataset: "random:2", workload: "read" }, { methods: ["none", "lz4", "zstd"] });
    expect(c.runIds).toEqual([41, 42]);
    expect(c.set.series.map((s) => s.key)).toEqual([
      "41:none~dynamic",
      "42:none~dynamic",
      "41:lz4~dynamic",
      "42:lz4~dynamic",
      "42:zstd~dynamic",
    ]);
    expect(c.set.sizes).toEqual([1024, 4096]);
    expect(c.rows.map((r) => [r.method, r.size, r.values, r.ratios])).toEqual([
      ["none", 1024, [100e6, 110e6], [1, 1.1]],
      ["none", 4096, [300e6, null], [1, null]],
      ["lz4", 1024, [200e6, 100e6], [1, 0.5]],
      ["zstd", 1024, [null, 100e6], [null, null]],
    ]);
    expect(c.summary[0]).toBe(1);
    expect(c.summary[1]).toBeCloseTo(Math.sqrt(1.1 * 0.5));
  });

  it("colours a method × storage the same in every run and dashes by run", () => {
    const c = buildComparison(runs, { dataset: "random:2", workload: "read" }, { methods: ["none", "lz4", "zstd"] });
    const styles = compareStyles(c.set.series);
    expect(styles["41:lz4~dynamic"].color).toBe(styles["42:lz4~dynamic"].color);
    expect(styles["41:lz4~dynamic"].color).not.toBe(styles["41:none~dynamic"].color);
    expect(styles["41:none~dynamic"]).toEqual({ color: PALETTE[0], dash: DASHES[0] });
    expect(styles["42:none~dynamic"].dash).toBe(DASHES[1]);
  });

  it("exports one row per cell and run", () => {
    const c = buildComparison(runs, { dataset: "random:2", workload: "read" }, { methods: ["none", "lz4", "zstd"] });
    const rows = comparisonRows(c, { dataset: "random:2", workload: "read" });
    expect(rows).toHaveLength(c.rows.length * 2);
    expect(rows[1]).toMatchObject({ run: 42, method: "none", size: 1024, bps: 110e6, ratio_to_first: 1.1 });
  });
});

describe("geometricMean", () => {
  it("averages ratios fairly and ignores what is not positive", () => {
    expect(geometricMean([2, 0.5])).toBe(1);
    expect(geometricMean([4, 0, -1, NaN])).toBe(4);
    expect(geometricMean([])).toBeNull();
  });
});
