import { describe, expect, it } from "vitest";

import {
  dominates,
  frontierLabels,
  formatLink,
  labDims,
  labFrontier,
  labPoints,
  parseLinkSpeed,
  projectedBps,
  projection,
  speedLine,
  type LabPoint,
  type LabResultLike,
} from "./codec-lab";

function result(method: string, ratio: number, compress: number | null, decompress: number | null, extra = {}): LabResultLike {
  return {
    cell_id: Math.round(ratio * 1000) + method.length,
    method,
    dataset: "tpch",
    size: 16384,
    workload: "codec_lab",
    ratio,
    extra: { compress_bps: compress, decompress_bps: decompress, stored_fraction: 1 / ratio, ...extra },
  };
}

// Seed 004's table as speeds (GB per minute) and sizes: (name, minutes, GB) of a 441 GB backup.
const SEED004: Array<[string, number, number]> = [
  ["Zlib1", 34, 165],
  ["Zlib9", 720, 120],
  ["LZF", 27, 222],
  ["LZO", 27, 224],
  ["Snappy", 31, 221],
  ["QuickLZ", 26, 203],
  ["LZ4", 26, 215],
  ["LZMA1", 90, 110],
  ["LZMA9", 360, 88],
];
const seedPoints = labPoints(SEED004.map(([name, minutes, gb]) => result(name, 441 / gb, 441 / minutes, 1)));

describe("labPoints", () => {
  it("reads the study's measures from extra and skips other workloads", () => {
    const rows = [
      result("zstd:3", 2.5, 100e6, 500e6, { compress_bps_ci_low: 90e6, compress_bps_ci_high: 110e6, converged: true }),
      { ...result("lz4", 1.6, 400e6, 2e9), workload: "read" },
      result("none", 1, null, null),
    ];
    const points = labPoints(rows);
    expect(points.map((p) => p.method)).toEqual(["zstd:3", "none"]);
    expect(points[0]).toMatchObject({ family: "zstd", block: 16384, compressBps: 100e6, compressCi: [90e6, 110e6], converged: true });
    expect(points[0].stored).toBeCloseTo(0.4);
    expect(points[1].compressBps).toBeNull();
  });

  it("lists datasets and blocks", () => {
    const rows = [result("a", 2, 1, 1), { ...result("b", 2, 1, 1), size: 4096, dataset: "json" }];
    expect(labDims(labPoints(rows))).toEqual({ datasets: ["tpch", "json"], blocks: [4096, 16384] });
  });
});

describe("the seed's rule and frontier", () => {
  const by = (name: string) => seedPoints.find((p) => p.method === name)!;
  const better = (a: string, b: string) => dominates(by(a).compressBps!, by(a).stored, by(b).compressBps!, by(b).stored);

  it("QuickLZ beats LZ4, Snappy, LZO and LZF; LZMA 1 beats zlib 9", () => {
    for (const b of ["LZ4", "Snappy", "LZO", "LZF"]) expect(better("QuickLZ", b)).toBe(true);
    expect(better("LZMA1", "Zlib9")).toBe(true);
    expect(better("LZ4", "QuickLZ")).toBe(false);
  });

  it("draws the seed's line from the frontier, fastest first", () => {
    const front = labFrontier(seedPoints, "compress");
    expect(front.map((p) => p.method)).toEqual(["QuickLZ", "Zlib1", "LZMA1", "LZMA9"]);
    expect(speedLine(front)).toBe("BEST SPEED --- QuickLZ --- Zlib1 --- LZMA1 --- LZMA9 --- BEST COMPRESSION");
  });

  it("leaves out points without a speed and keeps ties", () => {
    const pts: LabPoint[] = labPoints([result("none", 1, null, null), result("a", 2, 10, 10), result("b", 2, 10, 10), result("c", 2, 5, 5)]);
    expect(labFrontier(pts, "decompress").map((p) => p.method).sort()).toEqual(["a", "b"]);
    expect(labFrontier([], "compress")).toEqual([]);
  });
});

describe("link projection", () => {
  it("adds wire time and codec time", () => {
    expect(projectedBps(100e6, 1, null, "none")).toBeCloseTo(12.5e6); // 100 Mbit/s = 12.5 MB/s
    expect(projectedBps(100e6, 2, 25e6, "zstd")).toBeCloseTo(12.5e6); // 1 / (1/25 + 1/25) MB/s
    expect(projectedBps(100e6, 2, null, "zstd")).toBeNull();
    expect(projectedBps(0, 2, 1e9, "zstd")).toBeNull();
  });

  it("rewards the best ratio on a slow link and the fastest decoder on a fast one", () => {
    const pts = labPoints([result("none", 1, null, null), result("lz4", 2, 500e6, 2e9), result("lzma:9", 4, 2e6, 50e6)]);
    const slow = projection(pts, 100e6);
    const fast = projection(pts, 10e9);
    expect(slow[0].method).toBe("lzma:9");
    expect(slow.find((r) => r.bestRead)!.method).toBe("lzma:9");
    expect(slow.find((r) => r.bestWrite)!.method).toBe("lz4");
    expect(fast[0].method).toBe("none");
    const lz4 = slow.find((r) => r.method === "lz4")!;
    expect(lz4.roundTrip).toBeCloseTo(1 / (1 / lz4.read! + 1 / lz4.write!));
  });
});

describe("link speeds", () => {
  it("parses and formats", () => {
    expect(parseLinkSpeed("100Mbit")).toBe(100e6);
    expect(parseLinkSpeed("10 Gbps")).toBe(10e9);
    expect(parseLinkSpeed("2.5G")).toBe(2.5e9);
    expect(parseLinkSpeed("1e9")).toBe(1e9);
    expect(parseLinkSpeed("fast")).toBeNull();
    expect(parseLinkSpeed("0")).toBeNull();
    expect(formatLink(100e6)).toBe("100 Mbit/s");
    expect(formatLink(2.5e9)).toBe("2.5 Gbit/s");
  });
});

describe("frontierLabels", () => {
  it("labels both ends and skips points crowding the last label", () => {
    const pts = labPoints([
      result("fast", 1.1, 1e9, 1),
      result("near-fast", 1.12, 0.95e9, 1),
      result("mid", 2, 1e8, 1),
      result("crowd", 2.02, 0.98e8, 1),
      result("small", 4, 1e6, 1),
    ]);
    const front = labFrontier(pts, "compress");
    expect(front).toHaveLength(5);
    const ids = frontierLabels(front, "compress", 1, [1e5, 1e10]);
    const named = front.filter((p) => ids.has(p.cellId)).map((p) => p.method);
    expect(named).toEqual(["fast", "mid", "small"]);
    expect(frontierLabels([], "compress", 1, [1, 10]).size).toBe(0);
  });
});
