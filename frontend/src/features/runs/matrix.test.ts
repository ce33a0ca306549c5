import { describe, expect, it } from "vitest";

import { cellCount, defaultSelection, normaliseSizes, orderHosts, parseIntList } from "./matrix";

describe("new-run helpers", () => {
  it("counts cells as the product of the dimensions", () => {
    const matrix = {
      methods: ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"],
      storages: ["dynamic", "compressed:8"],
      datasets: ["random:62", "random:2"],
      sizes: [1024, 65536, 1048576],
    };
    expect(cellCount(matrix)).toBe(60);
    expect(cellCount({ ...matrix, concurrency: [1, 8] })).toBe(120);
    expect(cellCount({ ...matrix, sizes: [] })).toBe(0);
    expect(cellCount({ ...matrix, workloads: ["read", "write"], concurrency: [1] })).toBe(120);
    expect(cellCount({ ...matrix, workloads: [] })).toBe(0);
  });

  it("sorts and dedupes sizes", () => {
    expect(normaliseSizes([65536, 1024, 65536, 0, 1.5])).toEqual([1024, 65536]);
  });

  it("puts online hosts first", () => {
    const hosts = [
      { name: "b", online: false },
      { name: "c", online: true },
      { name: "a", online: true },
    ];
    expect(orderHosts(hosts).map((h) => h.name)).toEqual(["a", "c", "b"]);
  });

  it("parses integer lists", () => {
    expect(parseIntList("1, 8 64")).toEqual([1, 8, 64]);
    expect(parseIntList("1, x")).toBeNull();
    expect(parseIntList("")).toBeNull();
  });

  it("picks a useful first selection from the catalog", () => {
    expect(
      defaultSelection({ methods: ["lz4", "none", "brotli"], storages: ["compressed:8"], datasets: ["json", "random:62"] }),
    ).toEqual({ methods: ["none", "lz4"], storages: ["compressed:8"], datasets: ["random:62"], workloads: ["read"] });
    expect(
      defaultSelection({ methods: [], storages: [], datasets: [], workloads: ["write", "read_cold", "read"] }).workloads,
    ).toEqual(["read"]);
    expect(defaultSelection({ methods: ["none", "zstd:1", "zstd:3", "lz4"], storages: [], datasets: [] }).methods).toEqual([
      "none",
      "lz4",
      "zstd:3",
    ]);
    expect(defaultSelection({ methods: ["zstd:1", "zstd:9"], storages: [], datasets: [] }).methods).toEqual(["zstd:1"]);
  });
});
