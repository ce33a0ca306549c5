import { describe, expect, it } from "vitest";

import { bandsFor, formatTimes, recommend, savingPhrase } from "./recommend";
import type { ResultLike } from "./transforms";

const KiB = 1024;
const MiB = 1024 * KiB;

function row(overrides: Partial<ResultLike>): ResultLike {
  const size = overrides.size ?? 64 * KiB;
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:2",
    size,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: null,
    read_bps_ci_high: null,
    ratio: 1,
    encoded_bytes: size,
    ...overrides,
  };
}

describe("bandsFor", () => {
  it("keeps only the bands the run has, each with its sizes", () => {
    expect(bandsFor([MiB, KiB, 64 * KiB, 128 * KiB, 5 * MiB]).map((b) => [b.band.label, b.sizes])).toEqual([
      ["< 4 KiB", [KiB]],
      ["64 KiB–1 MiB", [64 * KiB, 128 * KiB]],
      ["≥ 1 MiB", [MiB, 5 * MiB]],
    ]);
    expect(bandsFor([4 * KiB]).map((b) => b.band.label)).toEqual(["4–64 KiB"]);
    expect(bandsFor([])).toEqual([]);
  });
});

describe("recommend", () => {
  const options = { dataset: "random:2", workload: "read", concurrency: 1 };

  it("picks the fastest that is not larger, with its speed-up and saving", () => {
    const results = [
      row({}),
      row({ size: 256 * KiB, read_bps: 200e6 }),
      row({ method: "lz4", read_bps: 180e6, ratio: 2.6, encoded_bytes: 64 * KiB * 0.38 }),
      row({ method: "lz4", size: 256 * KiB, read_bps: 360e6, encoded_bytes: 256 * KiB * 0.38 }),
      // faster still, but stores more than none · dynamic
      row({ method: "none", storage: "compressed:8", read_bps: 500e6, disk_bytes: null, encoded_bytes: 64 * KiB * 1.2 }),
      row({ method: "zstd", read_bps: 90e6, encoded_bytes: 64 * KiB * 0.2 }),
    ];
    const [band] = recommend(results, options);
    expect(band.band.label).toBe("64 KiB–1 MiB");
    expect(band.kind).toBe("faster");
    expect(band.winner.label).toBe("lz4 · dynamic");
    expect(band.speedup).toBeCloseTo(1.8);
    expect(band.saving).toBeCloseTo(0.62);
    expect(band.basis).toBe("encoded");
    expect(band.reason).toBe(
      "lz4 · dynamic reads 1.8× faster than none · dynamic and stores 62 % less for 64 KiB–1 MiB blobs of random:2.",
    );
  });

  it("does not call a gain inside the noise faster: the 95% intervals must not overlap", () => {
    const noisy = [
      row({ read_bps: 100e6, read_bps_ci_low: 90e6, read_bps_ci_high: 110e6 }),
      row({ method: "lz4", read_bps: 106e6, read_bps_ci_low: 95e6, read_bps_ci_high: 117e6, encoded_bytes: 64 * KiB }),
    ];
    const [band] = recommend(noisy, options);
    expect(band.kind).toBe("baseline");
    expect(band.reason).toBe(
      "Keep none · dynamic for 64 KiB–1 MiB blobs of random:2: lz4 · dynamic measured 1.06× faster, but its 95% interval overlaps none · dynamic's (within the noise).",
    );
    // the same means with tight intervals: a clear gain
    const tight = noisy.map((r) => ({ ...r, read_bps_ci_low: r.read_bps! * 0.99, read_bps_ci_high: r.read_bps! * 1.01 }));
    expect(recommend(tight, options)[0]).toMatchObject({ kind: "faster", winner: { label: "lz4 · dynamic" } });
  });

  it("judges each band on its own", () => {
    const results = [
      row({ size: KiB }),
      row({ size: KiB, method: "lz4", read_bps: 90e6, encoded_bytes: 700 }),
      row({ size: MiB }),
      row({ size: MiB, method: "lz4", read_bps: 300e6, encoded_bytes: MiB / 2 }),
    ];
    const bands = recommend(results, { ...options, datasetLabel: "my data" });
    expect(bands.map((b) => [b.band.label, b.winner.label, b.kind])).toEqual([
      ["< 4 KiB", "none · dynamic", "baseline"],
      ["≥ 1 MiB", "lz4 · dynamic", "faster"],
    ]);
    expect(bands[0].reason).toBe(
      "Keep none · dynamic for blobs under 4 KiB of my data: no other cell reads faster without storing more.",
    );
  });

  it("uses disk sizes when both sides have them", () => {
    const results = [
      row({ disk_bytes: 10 * MiB }),
      row({ method: "none", storage: "compressed:8", read_bps: 150e6, disk_bytes: 4 * MiB }),
    ];
    const [band] = recommend(results, options);
    expect(band.winner.label).toBe("none · compressed:8");
    expect(band.basis).toBe("disk");
    expect(band.saving).toBeCloseTo(0.6);
  });

  it("trusts the encoded size for dynamic tables, whose allocated size is coarse", () => {
    const results = [
      row({ disk_bytes: 2 * MiB }),
      row({ method: "lz4", read_bps: 150e6, encoded_bytes: 64 * KiB * 0.5, disk_bytes: 2 * MiB }),
    ];
    const [band] = recommend(results, options);
    expect(band.basis).toBe("encoded");
    expect(band.saving).toBeCloseTo(0.5);
  });

  it("recommends a just-as-fast, much smaller cell when nothing is faster", () => {
    const results = [row({}), row({ method: "lz4", read_bps: 99e6, encoded_bytes: 64 * KiB * 0.5 })];
    const [band] = recommend(results, options);
    expect(band.kind).toBe("smaller");
    expect(band.reason).toContain("lz4 · dynamic reads as fast as none · dynamic (0.99×) and stores 50 % less");
  });

  it("says why none · dynamic stays when the only faster cell is larger", () => {
    const results = [row({}), row({ method: "lz4", read_bps: 130e6, encoded_bytes: 64 * KiB * 1.3 })];
    const [band] = recommend(results, options);
    expect(band.kind).toBe("baseline");
    expect(band.winner.label).toBe("none · dynamic");
    expect(band.reason).toContain("lz4 · dynamic is 1.3× faster but stores 30 % more");
  });

  it("names the fastest when the run has no none · dynamic", () => {
    const results = [row({ method: "lz4", read_bps: 50e6 }), row({ method: "zstd", read_bps: 70e6 })];
    const [band] = recommend(results, options);
    expect(band.kind).toBe("no-baseline");
    expect(band.winner.label).toBe("zstd · dynamic");
    expect(band.speedup).toBeNull();
    expect(band.reason).toContain("no none · dynamic cell");
  });

  it("speaks of writes for the write workload and ignores other datasets", () => {
    const results = [
      row({ workload: "write", read_bps: null, write_bps: 50e6 }),
      row({ workload: "write", method: "lz4", read_bps: null, write_bps: 100e6, encoded_bytes: 1000 }),
      row({ dataset: "json", method: "zstd", read_bps: 1e12 }),
    ];
    const [band] = recommend(results, { ...options, workload: "write" });
    expect(band.reason).toMatch(/^lz4 · dynamic writes 2\.0× faster/);
    expect(recommend(results, { ...options, dataset: "other" })).toEqual([]);
  });
});

describe("wording", () => {
  it("formats speed-ups and savings", () => {
    expect(formatTimes(1.8)).toBe("1.8×");
    expect(formatTimes(1.04)).toBe("1.04×");
    expect(formatTimes(12.4)).toBe("12×");
    expect(savingPhrase(0.62)).toBe("stores 62 % less");
    expect(savingPhrase(-0.03)).toBe("stores 3 % more");
    expect(savingPhrase(0.001)).toBe("stores about the same");
  });
});
