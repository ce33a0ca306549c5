import { describe, expect, it } from "vitest";

import type { AlertCell } from "../../api/types";
import { cellLabel, parseAlertFilter, worstFirst } from "./alert-view";

function cell(change: Partial<AlertCell> = {}): AlertCell {
  return {
    cell_id: 1,
    host: "host-a",
    method: "lz4",
    storage: "dynamic",
    dataset: "random:62",
    size: 1024,
    workload: "read",
    concurrency: 1,
    measure: "read_bps",
    baseline_mean: 1e9,
    current_mean: 0.8e9,
    change_pct: -20,
    p_value: 1e-9,
    ...change,
  };
}

describe("the alerts filter", () => {
  it("shows open alerts unless the URL asks for all", () => {
    expect(parseAlertFilter(new URLSearchParams(""))).toBe("open");
    expect(parseAlertFilter(new URLSearchParams("show=all"))).toBe("all");
    expect(parseAlertFilter(new URLSearchParams("show=bogus"))).toBe("open");
  });
});

describe("alert cells", () => {
  it("read as their dimensions", () => {
    expect(cellLabel(cell())).toBe("lz4 · dynamic · random:62 · 1 KiB · read · 1 client");
    expect(cellLabel(cell({ concurrency: 8, size: 65536 }))).toContain("64 KiB · read · 8 clients");
  });

  it("put the worst change first, whichever way the measure points", () => {
    const order = worstFirst([cell({ cell_id: 1, change_pct: -6 }), cell({ cell_id: 2, change_pct: -30 })]);
    expect(order.map((c) => c.cell_id)).toEqual([2, 1]);
    const latency = worstFirst([
      cell({ cell_id: 1, measure: "latency_p99_us", change_pct: 10 }),
      cell({ cell_id: 2, measure: "latency_p99_us", change_pct: 40 }),
    ]);
    expect(latency.map((c) => c.cell_id)).toEqual([2, 1]);
  });
});
