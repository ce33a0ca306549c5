import { describe, expect, it } from "vitest";

import type { ScheduleRead } from "../../api/types";
import {
  describeBaseline,
  emptyFields,
  fieldsFromSchedule,
  parseBaseline,
  planSchedule,
  sizeText,
  splitList,
  toggleHost,
  type ScheduleFields,
} from "./schedule-fields";

const SCHEDULE: ScheduleRead = {
  id: 3,
  name: "nightly",
  cron: "0 3 * * *",
  target_id: 7,
  target_name: "replica",
  hosts: ["host-a", "host-b"],
  matrix: {
    methods: ["none", "zstd:3"],
    storages: ["dynamic"],
    datasets: ["random:62"],
    sizes: [1024, 65536, 1200],
    workloads: ["read"],
    concurrency: [1, 4],
  },
  preset: null,
  settings: { ci_target: 0.03, time_budget_s: 0.5, warmup_s: 0.1, seed: 9 },
  enabled: false,
  baseline: "last:4",
  threshold_pct: 7.5,
  next_fire_at: null,
  next_fires: [],
  last_fire_at: null,
  last_run_id: null,
  last_run_status: null,
  created_at: "2025-11-20T10:00:00",
  updated_at: "2025-11-20T10:00:00",
};

function filled(change: Partial<ScheduleFields> = {}): ScheduleFields {
  return { ...emptyFields([7], ["host-a"]), name: "nightly", ...change };
}

describe("lists and sizes", () => {
  it("splits on commas and new lines, dropping blanks and repeats", () => {
    expect(splitList(" none, lz4 ,,zstd:3\nlz4 ")).toEqual(["none", "lz4", "zstd:3"]);
    expect(splitList("  ")).toEqual([]);
  });

  it("writes sizes so they parse back exactly", () => {
    expect(sizeText(1024)).toBe("1KiB");
    expect(sizeText(65536)).toBe("64KiB");
    expect(sizeText(5 * 1024 * 1024)).toBe("5MiB");
    expect(sizeText(1200)).toBe("1200");
    expect(sizeText(1536)).toBe("1536");
  });
});

describe("baselines", () => {
  it("reads the API's spec into form parts and words", () => {
    expect(parseBaseline("last:3")).toMatchObject({ kind: "last", last: "3" });
    expect(parseBaseline("42")).toMatchObject({ kind: "run", run: "42" });
    expect(parseBaseline(null).kind).toBe("none");
    expect(describeBaseline("last:1")).toBe("previous run");
    expect(describeBaseline("last:5")).toBe("previous 5 runs");
    expect(describeBaseline("42")).toBe("run #42");
    expect(describeBaseline(null)).toBe("none (no alerts)");
  });
});

describe("planSchedule", () => {
  it("builds a matrix body with sizes in bytes and the CI target as a fraction", () => {
    const plan = planSchedule(filled({ sizes: "1KiB, 64 KiB, 1200", concurrency: "1, 4", ciTargetPct: "3" }));
    expect(plan.problems).toEqual([]);
    expect(plan.body).toMatchObject({
      name: "nightly",
      cron: "0 3 * * *",
      target_id: 7,
      hosts: ["host-a"],
      enabled: true,
      baseline: "last:3",
      threshold_pct: 5,
      matrix: { methods: ["none", "lz4", "zstd"], sizes: [1024, 65536, 1200], concurrency: [1, 4] },
    });
    expect(plan.body!.settings!.ci_target).toBeCloseTo(0.03);
    expect(plan.body).not.toHaveProperty("preset");
  });

  it("sends a preset instead of a matrix", () => {
    const plan = planSchedule(filled({ matrixMode: "preset", preset: "quick", sizes: "nonsense" }));
    expect(plan.problems).toEqual([]);
    expect(plan.body).toMatchObject({ preset: "quick" });
    expect(plan.body).not.toHaveProperty("matrix");
  });

  it("pins a run or clears the baseline", () => {
    expect(planSchedule(filled({ baselineKind: "run", baselineRun: " 42 " })).body?.baseline).toBe("42");
    expect(planSchedule(filled({ baselineKind: "none" })).body?.baseline).toBeNull();
  });

  it("lists what to fix instead of a body", () => {
    const plan = planSchedule(
      filled({
        name: " ",
        hosts: [],
        sizes: "1KiB, huge",
        concurrency: "0",
        baselineKind: "last",
        baselineLast: "51",
        thresholdPct: "0",
        timeBudget: "",
      }),
    );
    expect(plan.body).toBeNull();
    expect(plan.problems).toEqual([
      "Give the schedule a name.",
      "Choose at least one host to run from.",
      "Not a size: huge (write e.g. 1024, 64KiB or 1MiB).",
      "Concurrency is a list of client counts, e.g. 1, 4, 16.",
      "Time budget per cell is between 0.05 and 600 seconds.",
      "Compare with the last 1 to 50 runs.",
      "The threshold is a percentage above 0 (up to 1000).",
    ]);
  });

  it("round-trips a stored schedule through the form", () => {
    const fields = fieldsFromSchedule(SCHEDULE);
    expect(fields).toMatchObject({
      sizes: "1KiB, 64KiB, 1200",
      ciTargetPct: "3",
      baselineKind: "last",
      baselineLast: "4",
      thresholdPct: "7.5",
      hosts: ["host-a", "host-b"],
      enabled: false,
    });
    const body = planSchedule(fields).body!;
    expect(body.matrix).toEqual({ ...SCHEDULE.matrix });
    expect(body.settings).toEqual(SCHEDULE.settings);
    expect(body).toMatchObject({ baseline: "last:4", threshold_pct: 7.5, target_id: 7, enabled: false });
  });

  it("edits a preset schedule as a preset", () => {
    expect(fieldsFromSchedule({ ...SCHEDULE, preset: "quick" })).toMatchObject({ matrixMode: "preset", preset: "quick" });
  });
});

describe("toggleHost", () => {
  it("keeps the order hosts were chosen in", () => {
    expect(toggleHost(["b"], "a")).toEqual(["b", "a"]);
    expect(toggleHost(["b", "a"], "b")).toEqual(["a"]);
  });
});
