import { describe, expect, it } from "vitest";

import { extraNumber, formatShare, optionalColumns } from "./result-columns";

describe("optional result columns", () => {
  it("shows disk size, pool misses and per-client throughput only when some row has them", () => {
    expect(optionalColumns([{ concurrency: 1, disk_bytes: null, extra: {} }])).toEqual({
      disk: false,
      poolMiss: false,
      perClient: false,
    });
    expect(
      optionalColumns([
        { concurrency: 1, disk_bytes: 98304, extra: { pool_miss_ratio: 0.4 } },
        { concurrency: 4, disk_bytes: null, extra: { per_client_bps: 3e6 } },
      ]),
    ).toEqual({ disk: true, poolMiss: true, perClient: true });
    // per_client_bps on a one-client cell says nothing new.
    expect(optionalColumns([{ concurrency: 1, extra: { per_client_bps: 3e6 } }]).perClient).toBe(false);
  });

  it("reads numbers from extra and nothing else", () => {
    expect(extraNumber({ extra: { pool_miss_ratio: 0.25 } }, "pool_miss_ratio")).toBe(0.25);
    expect(extraNumber({ extra: { pool_miss_ratio: null } }, "pool_miss_ratio")).toBeNull();
    expect(extraNumber({ extra: { pool_miss_ratio: "0.2" } }, "pool_miss_ratio")).toBeNull();
    expect(extraNumber({ extra: null }, "x")).toBeNull();
    expect(extraNumber({}, "x")).toBeNull();
  });

  it("formats a ratio as a percentage", () => {
    expect(formatShare(0)).toBe("0%");
    expect(formatShare(1)).toBe("100%");
    expect(formatShare(0.4567)).toBe("45.7%");
    expect(formatShare(0.01234)).toBe("1.23%");
    expect(formatShare(0.000123)).toBe("0.012%");
    expect(formatShare(null)).toBe("—");
  });
});
