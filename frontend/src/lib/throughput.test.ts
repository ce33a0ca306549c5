import { describe, expect, it } from "vitest";

import { metricForWorkload, metricLabel, rowThroughput, workloadLabel, type ThroughputFields } from "./throughput";

function row(overrides: Partial<ThroughputFields>): ThroughputFields {
  return {
    workload: "read",
    read_bps: null,
    read_bps_median: null,
    read_bps_ci_low: null,
    read_bps_ci_high: null,
    write_bps: null,
    write_bps_median: null,
    write_bps_ci_low: null,
    write_bps_ci_high: null,
    ...overrides,
  };
}

describe("metricForWorkload", () => {
  it("reads for read and read_cold, writes for write", () => {
    expect(metricForWorkload("read")).toBe("read");
    expect(metricForWorkload("read_cold")).toBe("read");
    expect(metricForWorkload("write")).toBe("write");
    expect(metricForWorkload(null)).toBe("read");
    expect(metricLabel("write")).toBe("Write");
    expect(metricLabel("read")).toBe("Read");
  });
});

describe("rowThroughput", () => {
  it("takes read_bps for reads", () => {
    expect(
      rowThroughput(row({ read_bps: 10, read_bps_median: 9, read_bps_ci_low: 8, read_bps_ci_high: 12, write_bps: 99 })),
    ).toEqual({ bps: 10, median: 9, ciLow: 8, ciHigh: 12 });
    expect(rowThroughput(row({ workload: "read_cold", read_bps: 5 }))).toEqual({ bps: 5, median: null, ciLow: 5, ciHigh: 5 });
  });

  it("takes write_bps for writes, where read_bps is null", () => {
    expect(
      rowThroughput(row({ workload: "write", write_bps: 20, write_bps_median: 19, write_bps_ci_low: 18, write_bps_ci_high: 22 })),
    ).toEqual({ bps: 20, median: 19, ciLow: 18, ciHigh: 22 });
  });

  it("is null without a positive measurement of the row's own workload", () => {
    expect(rowThroughput(row({ workload: "write", read_bps: 10 }))).toBeNull();
    expect(rowThroughput(row({ read_bps: 0 }))).toBeNull();
    expect(rowThroughput(row({ workload: "write" }))).toBeNull();
    // Rows from before write_bps existed.
    expect(rowThroughput({ workload: "write", read_bps: 1, read_bps_ci_low: 1, read_bps_ci_high: 1 })).toBeNull();
  });
});

describe("workloadLabel", () => {
  it("says what the cache state is", () => {
    expect(workloadLabel("read")).toBe("read (warm cache)");
    expect(workloadLabel("read_cold")).toBe("read (cold cache)");
    expect(workloadLabel("write")).toBe("write");
    expect(workloadLabel("scan")).toBe("scan");
  });
});
