import { describe, expect, it } from "vitest";

import {
  addMethodSpec,
  canonicalSpec,
  formatMethodSpec,
  levelHint,
  levelProblem,
  levelRange,
  methodFamily,
  parseLevel,
  parseMethodSpec,
} from "./method-levels";

const ZSTD = { min: -131072, max: 22, default: 3 };
const RANGES = { zstd: ZSTD, lz4hc: { min: 1, max: 12, default: 9 }, none: null };

describe("method specs", () => {
  it("parses families and levels as the API writes them", () => {
    expect(parseMethodSpec("zstd:19")).toEqual({ family: "zstd", level: 19 });
    expect(parseMethodSpec("zstd:-5")).toEqual({ family: "zstd", level: -5 });
    expect(parseMethodSpec(" brotli : 11 ")).toEqual({ family: "brotli", level: 11 });
    expect(parseMethodSpec("snappy")).toEqual({ family: "snappy", level: null });
    expect(parseMethodSpec("XZ:6")).toEqual({ family: "lzma", level: 6 });
    for (const bad of ["", "zstd:", "zstd:x", "zstd:1.5", "a b", "zstd:1:2"]) expect(parseMethodSpec(bad)).toBeNull();
  });

  it("formats a spec back and names its family", () => {
    expect(formatMethodSpec("zstd", 19)).toBe("zstd:19");
    expect(formatMethodSpec("lz4", 8)).toBe("lz4:8");
    expect(formatMethodSpec("none", null)).toBe("none");
    expect(methodFamily("lz4hc:12")).toBe("lz4hc");
    expect(methodFamily("what?")).toBe("what?");
  });
});

describe("levels", () => {
  it("reads [min, max, default] from a capability", () => {
    expect(levelRange([1, 12, 9])).toEqual({ min: 1, max: 12, default: 9 });
    expect(levelRange(null)).toBeNull();
    expect(levelRange([1, 12])).toBeNull();
    expect(levelRange([5, 1, 3])).toBeNull();
    expect(levelHint({ min: 0, max: 11, default: 11 })).toBe("0–11, default 11");
  });

  it("checks a typed level against the range; empty is the default", () => {
    expect(parseLevel("19", ZSTD)).toEqual({ level: 19 });
    expect(parseLevel(" -7 ", ZSTD)).toEqual({ level: -7 });
    expect(parseLevel("", ZSTD)).toEqual({ level: 3 });
    expect(parseLevel("23", ZSTD).error).toBe("Level 23 is outside -131072–22.");
    expect(parseLevel("fast", ZSTD).error).toMatch(/whole number/);
    expect(parseLevel("1.5", ZSTD).error).toMatch(/whole number/);
  });

  it("says why a spec's level cannot run", () => {
    expect(levelProblem("zstd:19", ZSTD, true)).toBeNull();
    expect(levelProblem("zstd:30", ZSTD, true)).toBe("level 30 is outside zstd's -131072–22");
    expect(levelProblem("none:3", null, true)).toBe("none takes no level");
    expect(levelProblem("zstd", ZSTD, true)).toBeNull();
    expect(levelProblem("zstd:30", undefined, true)).toBeNull();
  });

  it("treats a family's default level and its plain name as the same codec", () => {
    expect(canonicalSpec("zstd", RANGES)).toBe("zstd:3");
    expect(canonicalSpec("zstd:3", RANGES)).toBe("zstd:3");
    expect(canonicalSpec("none", RANGES)).toBe("none");
    expect(canonicalSpec("mystery:2", RANGES)).toBe("mystery:2");
    expect(addMethodSpec(["none", "zstd"], "zstd:3", RANGES)).toEqual(["none", "zstd"]);
    expect(addMethodSpec(["none", "zstd"], "zstd:19", RANGES)).toEqual(["none", "zstd", "zstd:19"]);
    expect(addMethodSpec(["zstd:19"], " zstd:19 ", RANGES)).toEqual(["zstd:19"]);
    expect(addMethodSpec([], "lz4hc:12", RANGES)).toEqual(["lz4hc:12"]);
  });
});
