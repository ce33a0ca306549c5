import { describe, expect, it } from "vitest";

import { indexCapabilities } from "./capabilities";
import { cellBreakdown, parseConcurrency, planRun, type PlanContext, type RunDraft } from "./run-plan";

const DRAFT: RunDraft = {
  targetId: "3",
  host: "bench-1",
  name: "",
  methods: ["none", "zstd:19"],
  storages: ["dynamic"],
  datasets: ["sample:7"],
  sizes: [4096],
  presets: [],
  workloads: ["write", "read"],
  concurrencyText: "1",
  timeBudgetText: "0.2",
  ciTargetText: "",
};

const CAPS = indexCapabilities({
  methods: [
    { name: "none", supported: true, levels: null },
    { name: "zstd", supported: true, levels: [-131072, 22, 3] },
  ],
  storages: [
    { name: "dynamic", supported: true },
    { name: "percona_column", supported: false, reason: "needs Percona Server" },
  ],
  workloads: [
    { name: "read", supported: true },
    { name: "write", supported: true },
  ],
});

const CTX: PlanContext = {
  presetSizes: { seed000_real: [34011, 42223, 4072805], quick: [1024, 65536, 1048576] },
  capabilities: CAPS,
  limits: { max_blob_size: 16_128_000, max_concurrency: 146 },
};

describe("parseConcurrency", () => {
  it("reads client counts from 1 to 256, sorted", () => {
    expect(parseConcurrency("1, 4, 16, 64")).toEqual([1, 4, 16, 64]);
    expect(parseConcurrency("16 4 4 1")).toEqual([1, 4, 16]);
    expect(parseConcurrency("256")).toEqual([256]);
    expect(parseConcurrency("257")).toBeNull();
    expect(parseConcurrency("0")).toBeNull();
    expect(parseConcurrency("")).toBeNull();
    expect(parseConcurrency("2x")).toBeNull();
  });
});

describe("planRun", () => {
  it("builds the request for a valid draft", () => {
    const plan = planRun(DRAFT, CTX);
    expect(plan.problems).toEqual([]);
    expect(plan.warnings).toEqual([]);
    expect(plan.cells).toBe(4);
    expect(plan.body).toEqual({
      target_id: 3,
      host: "bench-1",
      matrix: {
        methods: ["none", "zstd:19"],
        storages: ["dynamic"],
        datasets: ["sample:7"],
        sizes: [4096],
        workloads: ["write", "read"],
        concurrency: [1],
      },
      settings: { time_budget_s: 0.2 },
    });
  });

  it("counts cells over every dimension, presets included", () => {
    const plan = planRun(
      { ...DRAFT, workloads: ["read", "read_cold"], presets: ["seed000_real"], sizes: [34011, 8192], concurrencyText: "1, 4, 16" },
      CTX,
    );
    // 2 methods × 1 storage × 1 dataset × 4 distinct sizes × 2 workloads × 3 concurrency levels
    expect(plan.sizes).toEqual([8192, 34011, 42223, 4072805]);
    expect(plan.cells).toBe(48);
    expect(plan.body?.matrix?.sizes).toEqual(["preset:seed000_real", 8192, 34011]);
    expect(plan.body?.matrix?.concurrency).toEqual([1, 4, 16]);
  });

  it("blocks choices the target cannot run, saying why", () => {
    const plan = planRun({ ...DRAFT, storages: ["dynamic", "percona_column"] }, CTX);
    expect(plan.body).toBeNull();
    expect(plan.unsupported).toHaveLength(1);
    expect(plan.problems).toEqual(["Storage percona_column is not available on this target: needs Percona Server."]);
  });

  it("blocks writes with more than one client", () => {
    const plan = planRun({ ...DRAFT, concurrencyText: "1, 4" }, CTX);
    expect(plan.problems[0]).toMatch(/write workload runs with one client/);
    expect(planRun({ ...DRAFT, workloads: ["read"], concurrencyText: "1, 4" }, CTX).problems).toEqual([]);
  });

  it("waits for the target's capabilities", () => {
    const plan = planRun(DRAFT, { ...CTX, capabilities: null, capabilitiesPending: true });
    expect(plan.problems).toEqual(["Checking what the target supports…"]);
    expect(planRun(DRAFT, { ...CTX, capabilities: null }).problems).toEqual([]);
  });

  it("explains empty and malformed fields", () => {
    expect(planRun({ ...DRAFT, targetId: "" }, CTX).problems[0]).toBe("Choose a target.");
    expect(planRun({ ...DRAFT, workloads: [] }, CTX).problems[0]).toMatch(/at least one method, storage, dataset, size and workload/);
    expect(planRun({ ...DRAFT, concurrencyText: "1, 300" }, CTX).problems[0]).toMatch(/1 to 256/);
    expect(planRun({ ...DRAFT, timeBudgetText: "-1" }, CTX).problems[0]).toMatch(/time budget/);
    expect(planRun({ ...DRAFT, ciTargetText: "150" }, CTX).problems[0]).toMatch(/CI target/);
    expect(planRun({ ...DRAFT, ciTargetText: "2", name: " mine " }, CTX).body).toMatchObject({
      name: "mine",
      settings: { ci_target: 0.02, time_budget_s: 0.2 },
    });
  });

  it("warns, without blocking, about sizes and clients beyond the target's limits", () => {
    const plan = planRun({ ...DRAFT, workloads: ["read"], sizes: [4096, 32 << 20], concurrencyText: "1, 200" }, CTX);
    expect(plan.problems).toEqual([]);
    expect(plan.warnings).toEqual([
      "32 MiB is larger than the 15.4 MiB this target accepts (its max_allowed_packet); the server will refuse the run.",
      "This target allows at most 146 clients (its max_connections); the server will refuse more.",
    ]);
    expect(plan.body).not.toBeNull();
  });
});

describe("cellBreakdown", () => {
  it("names every dimension with its count", () => {
    expect(cellBreakdown({ methods: 2, storages: 1, datasets: 1, sizes: 3, workloads: 2, concurrency: 1 })).toBe(
      "2 methods × 1 storage × 1 dataset × 3 sizes × 2 workloads × 1 concurrency level",
    );
  });
});
