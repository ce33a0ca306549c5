import { describe, expect, it } from "vitest";

import { DEFAULT_CHART_STATE, parseChartState, serializeChartState, type ChartUrlState } from "./url-state";

describe("parseChartState", () => {
  it("reads the documented parameters", () => {
    expect(parseChartState("?dataset=random:2&y=log")).toEqual({
      ...DEFAULT_CHART_STATE,
      dataset: "random:2",
      y: "log",
    });
  });

  it("returns the defaults for an empty query", () => {
    expect(parseChartState("")).toEqual(DEFAULT_CHART_STATE);
  });

  it("falls back to defaults for invalid values", () => {
    const state = parseChartState("y=cubic&concurrency=-3&dataset=%20%20&workload=&hide=,,");
    expect(state).toEqual(DEFAULT_CHART_STATE);
    expect(parseChartState("concurrency=2.5").concurrency).toBeNull();
    expect(parseChartState(`dataset=${"x".repeat(500)}`).dataset).toBeNull();
  });

  it("reads a list of hidden series without duplicates", () => {
    expect(parseChartState("hide=lz4~dynamic,none~compressed:8,lz4~dynamic").hide).toEqual([
      "lz4~dynamic",
      "none~compressed:8",
    ]);
  });

  it("keeps unknown parameters in order", () => {
    expect(parseChartState("utm=mail&dataset=json&zoom=2").rest).toEqual([
      ["utm", "mail"],
      ["zoom", "2"],
    ]);
  });

  it("accepts URLSearchParams", () => {
    expect(parseChartState(new URLSearchParams({ concurrency: "16" })).concurrency).toBe(16);
  });
});

describe("serializeChartState", () => {
  it("leaves defaults out", () => {
    expect(serializeChartState(DEFAULT_CHART_STATE)).toBe("");
  });

  it("writes readable names", () => {
    const state: ChartUrlState = { ...DEFAULT_CHART_STATE, dataset: "random:2", y: "log" };
    expect(serializeChartState(state)).toBe("dataset=random:2&y=log");
  });

  it("escapes what must be escaped", () => {
    const state: ChartUrlState = { ...DEFAULT_CHART_STATE, dataset: "a&b c", hide: ["x,y", "z~w"] };
    expect(serializeChartState(state)).toBe("dataset=a%26b%20c&hide=x%2Cy,z~w");
  });

  it("round-trips every field, unknown parameters included", () => {
    const state: ChartUrlState = {
      dataset: "random:62",
      workload: "write",
      concurrency: 8,
      y: "log",
      hide: ["lz4~dynamic", "zstd:3~compressed:8"],
      rest: [
        ["utm", "a b"],
        ["zoom", "2"],
      ],
    };
    expect(parseChartState(serializeChartState(state))).toEqual(state);
  });

  it("normalises a messy query on the way back", () => {
    const once = serializeChartState(parseChartState("y=bogus&dataset=json&hide=a,,a&x=1"));
    expect(once).toBe("dataset=json&hide=a&x=1");
    expect(serializeChartState(parseChartState(once))).toBe(once);
  });
});
