import { describe, expect, it } from "vitest";

import { buildTradeoff, dominates, paretoFrontier, tradeoffRows } from "./pareto";
import type { ResultLike } from "./transforms";

const p = (name: string, x: number, y: number) => ({ name, x, y });
const names = (points: Array<{ name: string }>) => points.map((q) => q.name);

describe("dominates", () => {
  it("follows seed 004's rule: faster and not larger, or smaller and not slower", () => {
    expect(dominates(p("a", 0.5, 200), p("b", 0.5, 100))).toBe(true); // faster, same size
    expect(dominates(p("a", 0.4, 100), p("b", 0.5, 100))).toBe(true); // smaller, same speed
    expect(dominates(p("a", 0.4, 200), p("b", 0.5, 100))).toBe(true); // both
    expect(dominates(p("a", 0.6, 200), p("b", 0.5, 100))).toBe(false); // faster but larger
    expect(dominates(p("a", 0.5, 100), p("b", 0.5, 100))).toBe(false); // equal
  });
});

describe("paretoFrontier", () => {
  it("is empty for no points and the point itself for one", () => {
    expect(paretoFrontier([])).toEqual([]);
    expect(names(paretoFrontier([p("only", 0.3, 5)]))).toEqual(["only"]);
  });

  it("keeps the trade-offs, smallest first, and drops the dominated", () => {
    const points = [
      p("none", 1, 300),
      p("lz4", 0.6, 280),
      p("zstd", 0.4, 150),
      p("zlib", 0.45, 120), // larger and slower than zstd
      p("brotli", 0.35, 40),
      p("slow-big", 1.1, 100),
    ];
    expect(names(paretoFrontier(points))).toEqual(["brotli", "zstd", "lz4", "none"]);
  });

  it("breaks ties: same size keeps the faster, same speed keeps the smaller", () => {
    const points = [p("a", 0.5, 100), p("b", 0.5, 90), p("c", 0.7, 100), p("d", 0.3, 50)];
    expect(names(paretoFrontier(points))).toEqual(["d", "a"]);
  });

  it("keeps every copy of a duplicated frontier point", () => {
    const points = [p("a", 0.5, 100), p("a2", 0.5, 100), p("b", 0.8, 50)];
    expect(names(paretoFrontier(points))).toEqual(["a", "a2"]);
  });

  it("has one member when one point dominates all others", () => {
    const points = [p("best", 0.2, 500), p("x", 0.3, 400), p("y", 0.2, 100), p("z", 1, 500)];
    expect(names(paretoFrontier(points))).toEqual(["best"]);
  });

  it("ignores points that are not numbers", () => {
    expect(names(paretoFrontier([p("nan", NaN, 5), p("ok", 1, 1)]))).toEqual(["ok"]);
  });

  it("agrees with the definition on random points", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let round = 0; round < 20; round += 1) {
      const points = Array.from({ length: 40 }, (_, i) => p(String(i), Math.round(rand() * 10) / 10, Math.round(rand() * 10)));
      const expected = points.filter((a) => !points.some((b) => dominates(b, a)));
      expect(new Set(names(paretoFrontier(points)))).toEqual(new Set(names(expected)));
    }
  });
});

function row(overrides: Partial<ResultLike>): ResultLike {
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:2",
    size: 65536,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: 99e6,
    read_bps_ci_high: 101e6,
    ratio: 1,
    encoded_bytes: 65536,
    ...overrides,
  };
}

describe("buildTradeoff", () => {
  const results = [
    row({ cell_id: 1 }),
    row({ cell_id: 2, method: "lz4", read_bps: 180e6, ratio: 4, encoded_bytes: 16384 }),
    row({ cell_id: 3, method: "zstd", read_bps: 90e6, ratio: 8, encoded_bytes: 8192 }),
    row({ cell_id: 4, method: "zlib", read_bps: 60e6, ratio: 6, encoded_bytes: 10923 }),
    row({ cell_id: 5, method: "lz4", size: 1024, read_bps: 1e6 }),
    row({ cell_id: 6, method: "lz4", dataset: "json", read_bps: 1e6 }),
  ];

  it("plots stored ÷ original against throughput at one size, with the frontier", () => {
    const t = buildTradeoff(results, { dataset: "random:2", workload: "read", size: 65536 }, { methods: ["none", "lz4", "zstd", "zlib"] });
    expect(t.basis).toBe("encoded");
    expect(t.points.map((q) => [q.label, q.x])).toEqual([
      ["none · dynamic", 1],
      ["lz4 · dynamic", 0.25],
      ["zstd · dynamic", 0.125],
      ["zlib · dynamic", 10923 / 65536],
    ]);
    expect(t.frontier.map((q) => q.label)).toEqual(["zstd · dynamic", "lz4 · dynamic"]);
    expect(t.points.find((q) => q.method === "zlib")?.pareto).toBe(false);
    expect(tradeoffRows(t, { dataset: "random:2", size: 65536, workload: "read" })[1]).toMatchObject({
      method: "lz4",
      stored_fraction: 0.25,
      bps: 180e6,
      pareto: true,
    });
  });

  it("measures dynamic tables by encoded size and server-compressed ones on disk", () => {
    const disk = [
      row({ disk_bytes: 1000 }),
      row({ method: "lz4", disk_bytes: 1000, encoded_bytes: 16384 }),
      row({ method: "none", storage: "compressed:8", disk_bytes: 400, read_bps: 80e6 }),
    ];
    const t = buildTradeoff(disk, { dataset: "random:2", workload: "read", size: 65536 }, { methods: ["none", "lz4"], storages: ["dynamic", "compressed:8"] });
    expect(t.points.map((q) => [q.label, q.x, q.basis])).toEqual([
      ["none · dynamic", 1, "encoded"],
      ["none · compressed:8", 0.4, "disk"],
      ["lz4 · dynamic", 0.25, "encoded"],
    ]);
    expect(t.frontier.map((q) => q.label)).toEqual(["lz4 · dynamic"]); // smaller than both, as fast as none
    expect(t.basis).toBe("mixed");
    expect(tradeoffRows(t, { dataset: "random:2", size: 65536, workload: "read" })[1]).toMatchObject({ stored_basis: "disk" });
  });

  it("finds the baseline even when the methods filter hides it", () => {
    const disk = [row({ disk_bytes: 1000 }), row({ method: "lz4", storage: "page:zlib", disk_bytes: 500 })];
    const t = buildTradeoff(disk, { dataset: "random:2", workload: "read", size: 65536, methods: new Set(["lz4"]) });
    expect(t.basis).toBe("disk");
    expect(t.points.map((q) => [q.method, q.x])).toEqual([["lz4", 0.5]]);
  });

  it("falls back to the encoded size without a baseline on disk", () => {
    const t = buildTradeoff([row({ storage: "compressed:8", disk_bytes: 400, encoded_bytes: 65536 })], {
      dataset: "random:2",
      workload: "read",
      size: 65536,
    });
    expect(t.points.map((q) => [q.x, q.basis])).toEqual([[1, "encoded"]]);
  });
});
