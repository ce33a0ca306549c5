import { describe, expect, it } from "vitest";

import { cellToQuery, mergeChoices, parseCellQuery, resolveCell, templateChoices, withDimension } from "./history-cell";

const SCHEDULE = {
  hosts: ["host-a", "host-b"],
  matrix: {
    methods: ["none", "lz4"],
    storages: ["dynamic"],
    datasets: ["random:62"],
    sizes: [1024, 65536],
    workloads: ["read"],
    concurrency: [1],
  },
};

describe("the cell in the URL", () => {
  it("parses named dimensions, numbers as numbers, and ignores malformed ones", () => {
    const query = parseCellQuery(new URLSearchParams("method=lz4&size=65536&concurrency=x&host=&tab=2"));
    expect(query).toEqual({ method: "lz4", size: 65536 });
  });

  it("defaults unnamed dimensions to the template's first value", () => {
    const cell = resolveCell({ method: "lz4", host: "host-b" }, templateChoices(SCHEDULE));
    expect(cell).toEqual({
      host: "host-b",
      method: "lz4",
      storage: "dynamic",
      dataset: "random:62",
      size: 1024,
      workload: "read",
      concurrency: 1,
    });
  });

  it("has no cell when a dimension offers nothing", () => {
    expect(resolveCell({}, { ...templateChoices(SCHEDULE), host: [] })).toBeNull();
  });

  it("writes the whole cell back, keeping other parameters", () => {
    const cell = resolveCell({}, templateChoices(SCHEDULE))!;
    const next = cellToQuery(withDimension(cell, "size", "65536"), new URLSearchParams("tab=firings"));
    expect(next.get("tab")).toBe("firings");
    expect(next.get("size")).toBe("65536");
    expect(parseCellQuery(next)).toEqual({ ...cell, size: 65536 });
  });
});

describe("mergeChoices", () => {
  it("adds what past runs measured after the template's values", () => {
    const merged = mergeChoices(templateChoices(SCHEDULE), { method: ["lz4", "none", "zstd"], size: [1024] });
    expect(merged.method).toEqual(["none", "lz4", "zstd"]);
    expect(merged.size).toEqual([1024, 65536]);
    expect(mergeChoices(templateChoices(SCHEDULE), null).host).toEqual(["host-a", "host-b"]);
  });
});
