import { describe, expect, it } from "vitest";

import { oversizedSizes, presetLabel, presetTitle, runSizes, sizesForRequest } from "./size-presets";

describe("preset labels", () => {
  it("reads the catalog's names as words", () => {
    expect(presetLabel("seed000_stub", 70)).toBe("Seed 000 stub lengths (70)");
    expect(presetLabel("seed000_real", 17)).toBe("Seed 000 real files (17)");
    expect(presetLabel("seed000_stub_small", 21)).toBe("Seed 000 stub lengths ≤ 100 KiB (21)");
    expect(presetLabel("seed000_stub_big", 50)).toBe("Seed 000 stub lengths ≥ 100 KiB (50)");
    expect(presetLabel("seed000_real_medium", 6)).toBe("Seed 000 real files, medium (6)");
    expect(presetLabel("seed000_real_large", 11)).toBe("Seed 000 real files, large (11)");
    expect(presetLabel("quick", 3)).toBe("Quick: 1 KiB, 64 KiB, 1 MiB");
  });

  it("copes with presets it has not seen", () => {
    expect(presetLabel("seed004_real", 9)).toBe("Seed 004 real files (9)");
    expect(presetTitle("seed001_json_tiny")).toBe("Seed 001 json, tiny");
    expect(presetLabel("big_blobs", 4)).toBe("Big blobs (4)");
  });
});

describe("sizes with presets", () => {
  const presets = { quick: [1024, 65536, 1048576], tiny: [1, 1024] };

  it("counts every distinct size of typed sizes and chosen presets", () => {
    expect(runSizes([4096, 1024], ["quick"], presets)).toEqual([1024, 4096, 65536, 1048576]);
    expect(runSizes([], ["quick", "tiny", "gone"], presets)).toEqual([1, 1024, 65536, 1048576]);
    expect(runSizes([4096], [], presets)).toEqual([4096]);
  });

  it("sends presets by name and sizes as bytes", () => {
    expect(sizesForRequest([65536, 4096], ["seed000_stub"])).toEqual(["preset:seed000_stub", 4096, 65536]);
    expect(sizesForRequest([1024], [])).toEqual([1024]);
  });

  it("finds sizes above the target's limit", () => {
    expect(oversizedSizes([1024, 16_000_000, 32 << 20], 16_128_000)).toEqual([32 << 20]);
    expect(oversizedSizes([1 << 30], null)).toEqual([]);
  });
});
