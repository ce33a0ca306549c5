import { describe, expect, it } from "vitest";

import type { HistoryPoint } from "../../api/types";
import { niceCeil, regressionMarkers, throughputAxis, timeDomain, timeTickUnit, toHistoryRows } from "./history-series";

function point(runId: number, at: string, change: Partial<HistoryPoint> = {}): HistoryPoint {
  return {
    run_id: runId,
    run_status: "succeeded",
    at,
    mean: 1e9,
    median: 0.99e9,
    ci_low: 0.98e9,
    ci_high: 1.02e9,
    samples: 100,
    converged: true,
    regressed: false,
    change_pct: null,
    alert_id: null,
    ...change,
  };
}

describe("toHistoryRows", () => {
  it("orders runs by time and carries the median, band and flags", () => {
    const rows = toHistoryRows([
      point(2, "2025-11-21T03:00:00Z", { regressed: true, change_pct: -12.5, alert_id: 9, median: 0.8e9 }),
      point(1, "2025-11-20T03:00:00"),
    ]);
    expect(rows.map((r) => r.runId)).toEqual([1, 2]);
    expect(rows[0].t).toBe(Date.UTC(2025, 10, 20, 3));
    expect(rows[0]).toMatchObject({ median: 0.99e9, band: [0.98e9, 1.02e9], regressed: false });
    expect(rows[1]).toMatchObject({ median: 0.8e9, regressed: true, changePct: -12.5, alertId: 9 });
  });

  it("falls back to the mean without a median and drops a band it cannot draw", () => {
    const [row] = toHistoryRows([point(1, "2025-11-20T03:00:00Z", { median: null, ci_low: null })]);
    expect(row.median).toBe(1e9);
    expect(row.band).toBeNull();
  });

  it("keeps a run that measured nothing as a gap", () => {
    const [row] = toHistoryRows([point(1, "2025-11-20T03:00:00Z", { mean: null, median: null, ci_low: null, ci_high: null })]);
    expect(row.median).toBeNull();
  });
});

describe("regressionMarkers", () => {
  it("marks only flagged runs, on the median line", () => {
    const rows = toHistoryRows([
      point(1, "2025-11-20T03:00:00Z"),
      point(2, "2025-11-21T03:00:00Z", { regressed: true, change_pct: -20, alert_id: 4, median: 0.7e9 }),
      point(3, "2025-11-22T03:00:00Z", { regressed: true, mean: null, median: null }),
    ]);
    expect(regressionMarkers(rows)).toEqual([
      { t: Date.UTC(2025, 10, 21, 3), y: 0.7e9, runId: 2, changePct: -20, alertId: 4 },
    ]);
  });
});

describe("domains", () => {
  it("pads the time span, or gives a single run two hours", () => {
    const one = toHistoryRows([point(1, "2025-11-20T03:00:00Z")]);
    expect(timeDomain(one)).toEqual([one[0].t - 3_600_000, one[0].t + 3_600_000]);
    const two = toHistoryRows([point(1, "2025-11-20T03:00:00Z"), point(2, "2025-11-21T03:00:00Z")]);
    const [lo, hi] = timeDomain(two);
    expect(lo).toBeLessThan(two[0].t);
    expect(hi).toBeGreaterThan(two[1].t);
    // runs a minute apart (a '* * * * *' schedule) keep that minute readable
    const close = toHistoryRows([point(1, "2025-11-20T03:00:02Z"), point(2, "2025-11-20T03:01:01Z")]);
    const [a, b] = timeDomain(close);
    expect(b - a).toBeLessThan(2 * 60_000);
    expect(timeTickUnit([a, b])).toBe("second");
  });

  it("labels time by day over long spans and by minute in between", () => {
    expect(timeTickUnit([0, 3 * 24 * 3_600_000])).toBe("day");
    expect(timeTickUnit([0, 3_600_000])).toBe("minute");
  });

  it("starts throughput at zero and steps roundly past the band", () => {
    const axis = throughputAxis(toHistoryRows([point(1, "2025-11-20T03:00:00Z")]));
    expect(axis.ticks).toEqual([0, 0.25e9, 0.5e9, 0.75e9, 1e9, 1.25e9]);
    expect(axis.domain).toEqual([0, 1.25e9]);
    const slow = throughputAxis(toHistoryRows([point(1, "2025-11-20T03:00:00Z", { mean: 4.3e6, median: 4.3e6, ci_low: 1.4e6, ci_high: 1.9e6 })]));
    expect(slow.ticks).toEqual([0, 1e6, 2e6, 3e6, 4e6, 5e6]);
    expect(throughputAxis([])).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(niceCeil(3.2e6)).toBe(5e6);
    expect(niceCeil(1e6)).toBe(1e6);
    expect(niceCeil(2.1)).toBe(2.5);
  });
});
