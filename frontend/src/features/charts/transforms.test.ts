import { describe, expect, it } from "vitest";

import {
  buildSizeSeries,
  axisTicks,
  chartDimensions,
  defaultSize,
  fastestBySize,
  linearSizeTicks,
  sizeAxis,
  sizeSeriesRows,
  linearTicks,
  logTicks,
  resolveView,
  rowsInView,
  rowsOfHost,
  seriesFill,
  seriesKey,
  seriesStyle,
  sizeDomain,
  sizeTicks,
  throughputDomain,
  toChartRows,
  tooltipRows,
  type ResultLike,
} from "./transforms";
import { DEFAULT_CHART_STATE } from "./url-state";
import { DASHES, PALETTE, shade } from "./palette";

function result(overrides: Partial<ResultLike>): ResultLike {
  return {
    method: "none",
    storage: "dynamic",
    dataset: "random:62",
    size: 1024,
    workload: "read",
    concurrency: 1,
    read_bps: 100e6,
    read_bps_ci_low: 98e6,
    read_bps_ci_high: 102e6,
    ...overrides,
  };
}

const KiB = 1024;
const MiB = 1024 * 1024;

describe("buildSizeSeries", () => {
  const results = [
    result({ method: "lz4", size: MiB, read_bps: 900e6 }),
    result({ method: "lz4", size: KiB, read_bps: 50e6 }),
    result({ method: "lz4", size: 64 * KiB, read_bps: 400e6 }),
    result({ method: "none", size: 64 * KiB, read_bps: 300e6 }),
    result({ method: "none", storage: "compressed:8", size: KiB, read_bps: 20e6 }),
    result({ method: "zstd", dataset: "random:2", size: KiB, read_bps: 70e6 }),
  ];

  it("makes one series per method × storage, labelled for people", () => {
    const set = buildSizeSeries(results, { dataset: "random:62" });
    expect(set.series.map((s) => s.label).sort()).toEqual([
      "lz4 · dynamic",
      "none · compressed:8",
      "none · dynamic",
    ]);
    expect(set.series.find((s) => s.method === "lz4")?.key).toBe(seriesKey("lz4", "dynamic"));
  });

  it("sorts points and sizes ascending", () => {
    const set = buildSizeSeries(results, { dataset: "random:62" });
    const lz4 = set.series.find((s) => s.method === "lz4")!;
    expect(lz4.points.map((p) => p.size)).toEqual([KiB, 64 * KiB, MiB]);
    expect(set.sizes).toEqual([KiB, 64 * KiB, MiB]);
  });

  it("keeps only the chosen dataset", () => {
    const set = buildSizeSeries(results, { dataset: "random:2" });
    expect(set.series).toHaveLength(1);
    expect(set.series[0].label).toBe("zstd · dynamic");
    expect(set.sizes).toEqual([KiB]);
  });

  it("filters by workload and concurrency when given", () => {
    const mixed = [
      result({ workload: "read", concurrency: 1, read_bps: 1e6 }),
      result({ workload: "read", concurrency: 8, read_bps: 2e6 }),
      result({ workload: "write", concurrency: 1, read_bps: 3e6 }),
    ];
    const set = buildSizeSeries(mixed, { dataset: "random:62", workload: "read", concurrency: 8 });
    expect(set.series[0].points.map((p) => p.bps)).toEqual([2e6]);
  });

  it("draws write_bps for the write workload", () => {
    const rows = [
      result({ workload: "read", size: KiB, read_bps: 50e6 }),
      result({
        workload: "write",
        size: KiB,
        read_bps: null,
        read_bps_ci_low: null,
        read_bps_ci_high: null,
        write_bps: 7e6,
        write_bps_ci_low: 6e6,
        write_bps_ci_high: 8e6,
      }),
      result({ workload: "write", size: 4 * KiB, read_bps: null, write_bps: null }),
    ];
    const writes = buildSizeSeries(rows, { dataset: "random:62", workload: "write" });
    expect(writes.series).toHaveLength(1);
    expect(writes.series[0].points).toEqual([{ size: KiB, bps: 7e6, ciLow: 6e6, ciHigh: 8e6 }]);
    expect(writes.sizes).toEqual([KiB]);
    const reads = buildSizeSeries(rows, { dataset: "random:62", workload: "read" });
    expect(reads.series[0].points.map((p) => p.bps)).toEqual([50e6]);
  });

  it("maps the confidence interval, falling back to the mean when it is missing", () => {
    const set = buildSizeSeries(
      [
        result({ size: KiB, read_bps: 10e6, read_bps_ci_low: 9e6, read_bps_ci_high: 11e6 }),
        result({ size: 2 * KiB, read_bps: 20e6, read_bps_ci_low: null, read_bps_ci_high: null }),
      ],
      { dataset: "random:62" },
    );
    expect(set.series[0].points).toEqual([
      { size: KiB, bps: 10e6, ciLow: 9e6, ciHigh: 11e6 },
      { size: 2 * KiB, bps: 20e6, ciLow: 20e6, ciHigh: 20e6 },
    ]);
  });

  it("drops results without a positive throughput", () => {
    const set = buildSizeSeries(
      [result({ read_bps: null }), result({ size: 2 * KiB, read_bps: 0 }), result({ size: 4 * KiB })],
      { dataset: "random:62" },
    );
    expect(set.series[0].points.map((p) => p.size)).toEqual([4 * KiB]);
    expect(set.sizes).toEqual([4 * KiB]);
  });

  it("orders series like the matrix", () => {
    const set = buildSizeSeries(results, { dataset: "random:62" }, {
      methods: ["none", "lz4"],
      storages: ["compressed:8", "dynamic"],
    });
    expect(set.series.map((s) => s.label)).toEqual([
      "none · compressed:8",
      "none · dynamic",
      "lz4 · dynamic",
    ]);
  });

  it("returns nothing for an unknown dataset", () => {
    expect(buildSizeSeries(results, { dataset: "json" })).toEqual({ series: [], sizes: [] });
  });
});

describe("toChartRows and tooltipRows", () => {
  const set = buildSizeSeries(
    [
      result({ method: "none", size: KiB, read_bps: 10e6 }),
      result({ method: "lz4", size: KiB, read_bps: 30e6, read_bps_ci_low: 29e6, read_bps_ci_high: 31e6 }),
      result({ method: "lz4", size: 2 * KiB, read_bps: 40e6 }),
    ],
    { dataset: "random:62" },
  );

  it("builds one row per size keyed by series", () => {
    expect(toChartRows(set)).toEqual([
      {
        size: KiB,
        values: { "none~dynamic": 10e6, "lz4~dynamic": 30e6 },
        bands: { "none~dynamic": [98e6, 102e6], "lz4~dynamic": [29e6, 31e6] },
      },
      { size: 2 * KiB, values: { "lz4~dynamic": 40e6 }, bands: { "lz4~dynamic": [98e6, 102e6] } },
    ]);
  });

  it("lists the series at a size fastest first, with their interval", () => {
    expect(tooltipRows(set, KiB)).toEqual([
      { key: "lz4~dynamic", label: "lz4 · dynamic", bps: 30e6, ciLow: 29e6, ciHigh: 31e6 },
      { key: "none~dynamic", label: "none · dynamic", bps: 10e6, ciLow: 98e6, ciHigh: 102e6 },
    ]);
    expect(tooltipRows(set, KiB, new Set(["lz4~dynamic"])).map((r) => r.key)).toEqual(["none~dynamic"]);
  });

  it("names the fastest series per size and its gain over none", () => {
    expect(fastestBySize(set)).toEqual([
      { size: KiB, label: "lz4 · dynamic", bps: 30e6, vsNone: 3 },
      { size: 2 * KiB, label: "lz4 · dynamic", bps: 40e6, vsNone: null },
    ]);
  });
});

describe("chartDimensions and resolveView", () => {
  const results = [
    result({ dataset: "random:2", workload: "write" }),
    result({ dataset: "json", workload: "read", concurrency: 4 }),
  ];
  const matrix = {
    methods: ["none"],
    storages: ["dynamic"],
    datasets: ["random:62", "random:2"],
    workloads: ["read", "write"],
    concurrency: [8, 1],
  };

  it("lists the matrix's choices first, then any extra from results", () => {
    expect(chartDimensions(results, matrix)).toEqual({
      datasets: ["random:62", "random:2", "json"],
      workloads: ["read", "write"],
      concurrencies: [1, 4, 8],
      hosts: [],
      sizes: [1024],
      methods: ["none"],
      storages: ["dynamic"],
      cellIds: null,
    });
    expect(chartDimensions(results).datasets).toEqual(["random:2", "json"]);
  });

  it("keeps valid URL choices", () => {
    const dims = chartDimensions(results, matrix);
    const view = resolveView(
      { ...DEFAULT_CHART_STATE, dataset: "random:2", workload: "write", concurrency: 8, y: "log", hide: ["a~b"] },
      dims,
    );
    expect(view).toMatchObject({ dataset: "random:2", workload: "write", concurrency: 8, y: "log" });
    expect([...view.hidden]).toEqual(["a~b"]);
  });

  it("falls back to the first dataset, the read workload and the lowest concurrency", () => {
    const dims = chartDimensions(results, { ...matrix, workloads: ["write", "read"] });
    const view = resolveView({ ...DEFAULT_CHART_STATE, dataset: "nope", workload: "nope", concurrency: 3 }, dims);
    expect(view).toMatchObject({ dataset: "random:62", workload: "read", concurrency: 1 });
  });

  it("copes with a run that has nothing yet", () => {
    const view = resolveView(DEFAULT_CHART_STATE, chartDimensions([]));
    expect(view).toMatchObject({ dataset: null, workload: null, concurrency: null, size: null, notices: [] });
  });

  it("says which choices do not fit this run", () => {
    const dims = chartDimensions(results, matrix);
    const view = resolveView({ ...DEFAULT_CHART_STATE, dataset: "nope", size: 12345, concurrency: 3 }, dims);
    expect(view.notices).toEqual([
      "ignored dataset=nope: not a dataset of this run",
      "ignored concurrency=3: not a concurrency of this run",
      "ignored size=12345: not a size of this run",
    ]);
    expect(view.rejected).toEqual({ dataset: null, concurrency: null, size: null });
    expect(resolveView(DEFAULT_CHART_STATE, dims).rejected).toEqual({});
  });

  it("shows one host's rows when several measured the run", () => {
    const two = [result({ host: "box-a", read_bps: 1 }), result({ host: "box-b", read_bps: 2 }), result({ host: "box-b", dataset: "json" })];
    const dims = chartDimensions(two, matrix);
    expect(dims.hosts).toEqual(["box-a", "box-b"]);
    expect(resolveView(DEFAULT_CHART_STATE, dims).host).toBe("box-a");
    const b = resolveView({ ...DEFAULT_CHART_STATE, host: "box-b" }, dims);
    expect(b.host).toBe("box-b");
    expect(rowsOfHost(two, b.host).map((r) => r.read_bps)).toEqual([2, two[2].read_bps]);
    const unknown = resolveView({ ...DEFAULT_CHART_STATE, host: "box-z" }, dims);
    expect(unknown).toMatchObject({ host: "box-a", notices: ["ignored host=box-z: not a host of this run"], rejected: { host: null } });
    // one host: no choice to make, every row shown
    const one = chartDimensions([result({ host: "box-a" })], matrix);
    expect(resolveView({ ...DEFAULT_CHART_STATE, host: "box-z" }, one)).toMatchObject({ host: null, notices: [] });
    expect(rowsOfHost(two, null)).toHaveLength(3);
  });

  it("picks the middle size by default and keeps a valid one", () => {
    const dims = chartDimensions([], { ...matrix, sizes: [65536, 1024, 1048576] });
    expect(dims.sizes).toEqual([1024, 65536, 1048576]);
    expect(resolveView(DEFAULT_CHART_STATE, dims).size).toBe(65536);
    expect(resolveView({ ...DEFAULT_CHART_STATE, size: 1024 }, dims).size).toBe(1024);
    expect(defaultSize([1024, 4096])).toBe(4096);
    expect(defaultSize([])).toBeNull();
  });

  it("keeps known methods and reports unknown ones", () => {
    const dims = chartDimensions([], { ...matrix, methods: ["none", "lz4hc:9"] });
    const view = resolveView({ ...DEFAULT_CHART_STATE, methods: ["lz4hc:9", "brotli"] }, dims);
    expect([...view.methods!]).toEqual(["lz4hc:9"]);
    expect(view.notices).toEqual(["ignored methods=brotli: not methods of this run"]);
    expect(resolveView({ ...DEFAULT_CHART_STATE, methods: ["brotli"] }, dims).methods).toBeNull();
    expect(resolveView(DEFAULT_CHART_STATE, dims).methods).toBeNull();
  });

  it("resolves the trade-off measure to a workload the run has", () => {
    const both = chartDimensions(results, matrix);
    expect(resolveView({ ...DEFAULT_CHART_STATE, measure: "write" }, both)).toMatchObject({ measure: "write", measureWorkload: "write" });
    expect(resolveView(DEFAULT_CHART_STATE, both)).toMatchObject({ measure: "read", measureWorkload: "read" });
    expect(resolveView({ ...DEFAULT_CHART_STATE, workload: "write" }, both)).toMatchObject({ measure: "write" });
    const readOnly = chartDimensions([], { ...matrix, workloads: ["read_cold"] });
    const view = resolveView({ ...DEFAULT_CHART_STATE, measure: "write" }, readOnly);
    expect(view).toMatchObject({ measure: "read", measureWorkload: "read_cold" });
    expect(view.notices).toEqual(["ignored measure=write: this run has no write workload"]);
  });

  it("checks a cell id against the results once there are some", () => {
    const withIds = chartDimensions([result({ cell_id: 5 })]);
    expect(resolveView({ ...DEFAULT_CHART_STATE, cell: 5 }, withIds).cell).toBe(5);
    const view = resolveView({ ...DEFAULT_CHART_STATE, cell: 6 }, withIds);
    expect(view.cell).toBeNull();
    expect(view.notices).toEqual(["ignored cell=6: not a measured cell of this run"]);
    expect(resolveView({ ...DEFAULT_CHART_STATE, cell: 6 }, chartDimensions([])).cell).toBe(6);
  });
});

describe("buildSizeSeries options", () => {
  const results = [
    result({ method: "lz4", read_bps: 200e6, wire_bps: 50e6 }),
    result({ method: "none", read_bps: 100e6, wire_bps: 100e6 }),
    result({ method: "zstd", read_bps: 90e6, wire_bps: null }),
  ];

  it("draws wire throughput when asked, leaving out rows without it", () => {
    const set = buildSizeSeries(results, { dataset: "random:62", metric: "wire" });
    expect(set.series.map((s) => [s.method, s.points[0].bps, s.points[0].ciLow])).toEqual([
      ["lz4", 50e6, 50e6],
      ["none", 100e6, 100e6],
    ]);
  });

  it("shows only the chosen methods", () => {
    const set = buildSizeSeries(results, { dataset: "random:62", methods: new Set(["zstd", "none"]) });
    expect(set.series.map((s) => s.method)).toEqual(["none", "zstd"]);
  });

  it("exports the points it draws", () => {
    const set = buildSizeSeries(results, { dataset: "random:62" });
    const rows = sizeSeriesRows(set, new Set(["lz4~dynamic"]), { dataset: "random:62", workload: "read", concurrency: 1, metric: "throughput" });
    expect(rows.map((r) => r.method)).toEqual(["none", "zstd"]);
    expect(rows[0]).toEqual({
      method: "none",
      storage: "dynamic",
      dataset: "random:62",
      workload: "read",
      concurrency: 1,
      size: 1024,
      metric: "bps",
      bps: 100e6,
      ci_low: 98e6,
      ci_high: 102e6,
    });
  });
});

describe("axisTicks", () => {
  it("stops at the end of the domain", () => {
    expect(axisTicks([0, 600e6], "linear")).toEqual([0, 200e6, 400e6, 600e6]);
    expect(axisTicks([0, 500e6], "linear")).toEqual([0, 100e6, 200e6, 300e6, 400e6, 500e6]);
    expect(axisTicks([1e6, 1e9], "log")).toEqual(logTicks([1e6, 1e9]));
  });
});

describe("size axis", () => {
  it("steps a linear axis in powers of two", () => {
    expect(linearSizeTicks(1024 * 1024)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * 262144).slice(0, 5));
    expect(linearSizeTicks(0)).toEqual([0]);
    expect(sizeAxis([1024, 1048576], "linear").domain).toEqual([0, 1048576]);
    expect(sizeAxis([1024, 1048576], "log").ticks[0]).toBe(1024);
  });
});

describe("seriesFill", () => {
  it("keeps the method's hue and shades it by storage", () => {
    const order = { methods: ["none", "lz4"], storages: ["dynamic", "compressed:8", "page:zlib"] };
    expect(seriesFill("lz4", "dynamic", order)).toBe(PALETTE[1]);
    expect(seriesFill("lz4", "compressed:8", order)).toBe(shade(PALETTE[1], 0.45));
    expect(seriesFill("lz4", "page:zlib", order)).toBe(shade(PALETTE[1], -0.35));
    expect(seriesFill("none", "compressed:8", { methods: ["none"], storages: order.storages })).toBe(PALETTE[1]);
  });

  it("mixes towards white or black", () => {
    expect(shade("#204060", 0)).toBe("#204060");
    expect(shade("#204060", 1)).toBe("#ffffff");
    expect(shade("#204060", -1)).toBe("#000000");
    expect(shade("#000000", 0.5)).toBe("#808080");
    expect(shade("red", 0.5)).toBe("red");
  });
});

describe("seriesStyle", () => {
  const order = { methods: ["none", "lz4"], storages: ["dynamic", "compressed:8"] };

  it("colours by method and dashes by storage", () => {
    expect(seriesStyle("lz4", "dynamic", order)).toEqual({ color: PALETTE[1], dash: DASHES[0] });
    expect(seriesStyle("lz4", "compressed:8", order)).toEqual({ color: PALETTE[1], dash: DASHES[1] });
  });

  it("colours by storage when there is a single method", () => {
    const style = seriesStyle("none", "compressed:8", { methods: ["none"], storages: order.storages });
    expect(style).toEqual({ color: PALETTE[1], dash: undefined });
  });

  it("cycles the palette beyond twelve methods", () => {
    const methods = Array.from({ length: 14 }, (_, i) => `m${i}`);
    expect(seriesStyle("m13", "dynamic", { methods, storages: ["dynamic"] }).color).toBe(PALETTE[1]);
  });
});

describe("axes", () => {
  it("puts power-of-two ticks on the size axis", () => {
    expect(sizeTicks([KiB, 64 * KiB, MiB])).toEqual([KiB, 4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB]);
    expect(sizeTicks([KiB, 2 * KiB, 4 * KiB])).toEqual([KiB, 2 * KiB, 4 * KiB]);
  });

  it("thins ticks over a wide range", () => {
    const ticks = sizeTicks([1, 1024 * MiB]);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(ticks).toContain(MiB);
  });

  it("uses the sizes themselves when no power of two is in range", () => {
    expect(sizeTicks([1100, 1500])).toEqual([1100, 1500]);
    expect(sizeTicks([])).toEqual([]);
  });

  it("widens the size domain around the data", () => {
    const [lo, hi] = sizeDomain([KiB, MiB]);
    expect(lo).toBeLessThan(KiB);
    expect(hi).toBeGreaterThan(MiB);
  });

  it("spans whole decades on a log throughput axis and starts at 0 on a linear one", () => {
    const set = buildSizeSeries(
      [result({ read_bps: 3e6 }), result({ size: 2 * KiB, read_bps: 420e6 })],
      { dataset: "random:62" },
    );
    expect(throughputDomain(set, "log")).toEqual([1e6, 1e9]);
    expect(throughputDomain(set, "linear")).toEqual([0, 5e8]);
  });

  it("puts round steps on a linear throughput axis", () => {
    expect(linearTicks(1.98e9)).toEqual([0, 5e8, 1e9, 1.5e9, 2e9, 2.5e9]);
    expect(linearTicks(420e6)).toEqual([0, 1e8, 2e8, 3e8, 4e8, 5e8]);
    expect(linearTicks(97e6)).toEqual([0, 2e7, 4e7, 6e7, 8e7, 1e8]);
    expect(linearTicks(0)).toEqual([0]);
  });

  it("puts decades on a log throughput axis, with 2× and 5× when there are few", () => {
    expect(logTicks([1e6, 1e9])).toEqual([1e6, 1e7, 1e8, 1e9]);
    expect(logTicks([1e7, 1e9])).toEqual([1e7, 2e7, 5e7, 1e8, 2e8, 5e8, 1e9]);
    expect(logTicks([0, 1e9])).toEqual([]);
  });
});

describe("rowsInView", () => {
  it("keeps the rows of the chosen dataset, workload and concurrency", () => {
    const rows = [
      result({ dataset: "random:62", workload: "read", concurrency: 1 }),
      result({ dataset: "random:62", workload: "read", concurrency: 4 }),
      result({ dataset: "random:62", workload: "write", concurrency: 1 }),
      result({ dataset: "random:2", workload: "read", concurrency: 1 }),
    ];
    expect(rowsInView(rows, { dataset: "random:62", workload: "read", concurrency: 4 })).toEqual([rows[1]]);
    expect(rowsInView(rows, { dataset: "random:62", workload: "write", concurrency: 1 })).toEqual([rows[2]]);
    expect(rowsInView(rows, { dataset: "random:62", workload: null, concurrency: null })).toHaveLength(3);
    expect(rowsInView(rows, { dataset: null, workload: null, concurrency: null })).toEqual([]);
  });
});
