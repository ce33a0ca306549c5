import { describe, expect, it } from "vitest";

import { DEFAULT_CHART_STATE, parseChartState, serializeChartState, withChartState, type ChartUrlState } from "./url-state";

const parse = (search: string | URLSearchParams) => parseChartState(search).state;

describe("parseChartState", () => {
  it("reads the documented parameters", () => {
    expect(parseChartState("?dataset=random:2&y=log")).toEqual({
      state: { ...DEFAULT_CHART_STATE, dataset: "random:2", y: "log" },
      notices: [],
    });
  });

  it("returns the defaults for an empty query", () => {
    expect(parseChartState("")).toEqual({ state: DEFAULT_CHART_STATE, notices: [] });
  });

  it("reads every view's parameters", () => {
    expect(
      parse(
        "view=tradeoff&size=65536&methods=none,lz4hc:9&x=linear&metric=wire&measure=write&runs=41,42&cell=7&bins=linear&ci=0&embed=1",
      ),
    ).toEqual({
      ...DEFAULT_CHART_STATE,
      view: "tradeoff",
      size: 65536,
      methods: ["none", "lz4hc:9"],
      x: "linear",
      metric: "wire",
      measure: "write",
      runs: [41, 42],
      cell: 7,
      bins: "linear",
      ci: false,
      embed: true,
    });
  });

  it("falls back to defaults for invalid values, with a notice for each", () => {
    const { state, notices } = parseChartState("y=cubic&concurrency=-3&dataset=%20%20&workload=&hide=,,");
    expect(state).toEqual(DEFAULT_CHART_STATE);
    expect(notices).toEqual([
      "ignored dataset=  : not a dataset name",
      "ignored workload=: not a workload name",
      "ignored concurrency=-3: not a number of clients",
      "ignored y=cubic: not linear or log",
    ]);
    expect(parse("concurrency=2.5").concurrency).toBeNull();
    expect(parse(`dataset=${"x".repeat(500)}`).dataset).toBeNull();
  });

  it("explains what it ignored in the words the page shows", () => {
    const { state, notices } = parseChartState("view=pie&size=abc&x=2&metric=cpu&measure=both&runs=41,x,42&cell=0&ci=no&embed=yes&methods=,");
    expect(state).toEqual({ ...DEFAULT_CHART_STATE, runs: [41, 42] });
    expect(notices).toEqual([
      "ignored view=pie: not one of size, classes, tradeoff, heatmap, compare, latency",
      "ignored size=abc: not a size (bytes, e.g. 65536)",
      "ignored methods=,: no method names",
      "ignored x=2: not linear or log",
      "ignored metric=cpu: not throughput or wire",
      "ignored measure=both: not read or write",
      "ignored cell=0: not a cell id",
      "ignored ci=no: not 1 or 0",
      "ignored embed=yes: not 1 or 0",
      "ignored runs=x: not run ids",
    ]);
  });

  it("shortens a long ignored value", () => {
    const [line] = parseChartState(`size=${"9".repeat(30)}x${"9".repeat(30)}`).notices;
    expect(line.length).toBeLessThan(90);
    expect(line.endsWith("…: not a size (bytes, e.g. 65536)")).toBe(true);
  });

  it("reads a list of hidden series without duplicates", () => {
    expect(parse("hide=lz4~dynamic,none~compressed:8,lz4~dynamic").hide).toEqual(["lz4~dynamic", "none~compressed:8"]);
  });

  it("reads runs without duplicates, at most eight", () => {
    expect(parse("runs=3,3,1").runs).toEqual([3, 1]);
    expect(parse(`runs=${Array.from({ length: 12 }, (_, i) => i + 1).join(",")}`).runs).toHaveLength(8);
  });

  it("keeps unknown parameters in order", () => {
    expect(parse("utm=mail&dataset=json&zoom=2").rest).toEqual([
      ["utm", "mail"],
      ["zoom", "2"],
    ]);
  });

  it("accepts URLSearchParams", () => {
    expect(parse(new URLSearchParams({ concurrency: "16" })).concurrency).toBe(16);
  });

  it("treats embed=0 as off", () => {
    expect(parse("embed=0").embed).toBe(false);
    expect(parse("embed=true").embed).toBe(true);
  });
});

describe("serializeChartState", () => {
  it("leaves defaults out", () => {
    expect(serializeChartState(DEFAULT_CHART_STATE)).toBe("");
  });

  it("writes readable names", () => {
    const state: ChartUrlState = { ...DEFAULT_CHART_STATE, dataset: "random:2", y: "log" };
    expect(serializeChartState(state)).toBe("dataset=random:2&y=log");
    expect(serializeChartState({ ...DEFAULT_CHART_STATE, view: "compare", runs: [41, 42], methods: ["none", "lz4hc:9"] })).toBe(
      "view=compare&runs=41,42&methods=none,lz4hc:9",
    );
  });

  it("escapes what must be escaped", () => {
    const state: ChartUrlState = { ...DEFAULT_CHART_STATE, dataset: "a&b c", hide: ["x,y", "z~w"] };
    expect(serializeChartState(state)).toBe("dataset=a%26b%20c&hide=x%2Cy,z~w");
  });

  it("round-trips every field, unknown parameters included", () => {
    const state: ChartUrlState = {
      view: "latency",
      dataset: "random:62",
      workload: "write",
      concurrency: 8,
      host: "box-b",
      size: 65536,
      methods: ["none", "lz4hc:9", "zstd:3"],
      x: "linear",
      y: "log",
      metric: "wire",
      measure: "write",
      hide: ["lz4~dynamic", "zstd:3~compressed:8"],
      runs: [41, 42, 7],
      cell: 1234,
      bins: "linear",
      ci: false,
      embed: true,
      rest: [
        ["utm", "a b"],
        ["zoom", "2"],
      ],
    };
    expect(parseChartState(serializeChartState(state))).toEqual({ state, notices: [] });
  });

  it("round-trips each field on its own", () => {
    const patches: Array<Partial<ChartUrlState>> = [
      { view: "classes" },
      { view: "heatmap" },
      { dataset: "sample:3" },
      { workload: "read_cold" },
      { concurrency: 16 },
      { size: 1048576 },
      { methods: ["brotli:11"] },
      { x: "linear" },
      { y: "log" },
      { metric: "wire" },
      { measure: "read" },
      { hide: ["a~b"] },
      { runs: [5] },
      { cell: 3 },
      { bins: "linear" },
      { ci: false },
      { embed: true },
      { rest: [["q", "1"]] },
    ];
    for (const patch of patches) {
      const state = withChartState(DEFAULT_CHART_STATE, patch);
      expect(parse(serializeChartState(state))).toEqual(state);
    }
  });

  it("normalises a messy query on the way back", () => {
    const once = serializeChartState(parse("y=bogus&dataset=json&hide=a,,a&zoom=1"));
    expect(once).toBe("dataset=json&hide=a&zoom=1");
    expect(serializeChartState(parse(once))).toBe(once);
  });
});
