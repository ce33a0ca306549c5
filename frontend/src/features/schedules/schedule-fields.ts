// The schedule form's state as text fields, and the pure steps between it and the API:
// a schedule → fields (to edit it), fields → a request body or the problems that stop one.
// The server validates everything again (methods, storages, hosts, the target's limits).

import type { RunSettings, ScheduleCreate, ScheduleRead } from "../../api/types";
import { parseSize } from "../../lib/format";

export type MatrixMode = "preset" | "matrix";
export type BaselineKind = "none" | "run" | "last";

/** The preset offered first (the catalog lists them all). */
export const DEFAULT_PRESET = "quick";

/** The smallest change that counts, by default (the API's default too). */
export const DEFAULT_THRESHOLD_PCT = 5;
export const MAX_LAST_RUNS = 50;

export const DEFAULT_SETTINGS: RunSettings = { ci_target: 0.02, time_budget_s: 5, warmup_s: 0.25, seed: 0 };

export interface ScheduleFields {
  name: string;
  cron: string;
  targetId: string;
  /** In the order runs visit them. */
  hosts: string[];
  enabled: boolean;
  matrixMode: MatrixMode;
  preset: string;
  /** Comma-separated lists, as typed. */
  methods: string;
  storages: string;
  datasets: string;
  sizes: string;
  workloads: string;
  concurrency: string;
  timeBudget: string;
  ciTargetPct: string;
  warmup: string;
  seed: string;
  baselineKind: BaselineKind;
  baselineRun: string;
  baselineLast: string;
  thresholdPct: string;
}

/** "none, lz4 ,zstd:3" → ["none", "lz4", "zstd:3"]; duplicates and blanks dropped. */
export function splitList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const value = part.trim();
    if (value && !out.includes(value)) out.push(value);
  }
  return out;
}

const UNITS: Array<[string, number]> = [
  ["GiB", 1024 ** 3],
  ["MiB", 1024 ** 2],
  ["KiB", 1024],
];

/** A size as text that parses back to exactly the same bytes: 65536 → "64KiB", 1200 → "1200". */
export function sizeText(bytes: number): string {
  for (const [unit, factor] of UNITS) {
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor}${unit}`;
  }
  return String(bytes);
}

/** A number for display in an input: 0.25 → "0.25", 5 → "5" (no float noise from ×100). */
function numberText(value: number): string {
  return String(Number(value.toPrecision(10)));
}

export interface BaselineParts {
  kind: BaselineKind;
  run: string;
  last: string;
}

/** The API's baseline ("123", "last:3" or null) as form parts. */
export function parseBaseline(spec: string | null | undefined): BaselineParts {
  const last = /^last:(\d+)$/.exec(spec ?? "");
  if (last) return { kind: "last", run: "", last: last[1] };
  if (spec && /^\d+$/.test(spec)) return { kind: "run", run: spec, last: "3" };
  return { kind: "none", run: "", last: "3" };
}

/** How a baseline reads in a table: "previous 3 runs", "run #12", "none (no alerts)". */
export function describeBaseline(spec: string | null | undefined): string {
  const parts = parseBaseline(spec);
  if (parts.kind === "last") return parts.last === "1" ? "previous run" : `previous ${parts.last} runs`;
  if (parts.kind === "run") return `run #${parts.run}`;
  return "none (no alerts)";
}

export function emptyFields(targetIds: number[], hostNames: string[]): ScheduleFields {
  return {
    name: "",
    cron: "0 3 * * *",
    targetId: targetIds.length ? String(targetIds[0]) : "",
    hosts: hostNames.slice(0, 1),
    enabled: true,
    matrixMode: "matrix",
    preset: DEFAULT_PRESET,
    methods: "none, lz4, zstd",
    storages: "dynamic",
    datasets: "random:62",
    sizes: "1KiB, 64KiB",
    workloads: "read",
    concurrency: "1",
    timeBudget: numberText(DEFAULT_SETTINGS.time_budget_s ?? 5),
    ciTargetPct: numberText((DEFAULT_SETTINGS.ci_target ?? 0.02) * 100),
    warmup: numberText(DEFAULT_SETTINGS.warmup_s ?? 0.25),
    seed: String(DEFAULT_SETTINGS.seed ?? 0),
    baselineKind: "last",
    baselineRun: "",
    baselineLast: "3",
    thresholdPct: String(DEFAULT_THRESHOLD_PCT),
  };
}

/** The form filled with a stored schedule, to edit it. */
export function fieldsFromSchedule(schedule: ScheduleRead): ScheduleFields {
  const { matrix, settings } = schedule;
  const baseline = parseBaseline(schedule.baseline);
  return {
    name: schedule.name,
    cron: schedule.cron,
    targetId: String(schedule.target_id),
    hosts: [...schedule.hosts],
    enabled: schedule.enabled,
    matrixMode: schedule.preset ? "preset" : "matrix",
    preset: schedule.preset ?? DEFAULT_PRESET,
    methods: matrix.methods.join(", "),
    storages: matrix.storages.join(", "),
    datasets: matrix.datasets.join(", "),
    sizes: matrix.sizes.map(sizeText).join(", "),
    workloads: matrix.workloads.join(", "),
    concurrency: matrix.concurrency.join(", "),
    timeBudget: numberText(settings.time_budget_s ?? 5),
    ciTargetPct: numberText((settings.ci_target ?? 0.02) * 100),
    warmup: numberText(settings.warmup_s ?? 0.25),
    seed: String(settings.seed ?? 0),
    baselineKind: baseline.kind,
    baselineRun: baseline.run,
    baselineLast: baseline.last,
    thresholdPct: numberText(schedule.threshold_pct),
  };
}

export interface SchedulePlan {
  /** Ready to send (create or update), or null while a problem remains. */
  body: ScheduleCreate | null;
  problems: string[];
}

function positiveInts(text: string): number[] | null {
  const values = splitList(text);
  if (!values.length || !values.every((v) => /^\d+$/.test(v) && Number(v) > 0)) return null;
  return values.map(Number);
}

function numberIn(text: string, min: number, max: number): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** The request body for the fields, or the problems a person must fix first. */
export function planSchedule(fields: ScheduleFields): SchedulePlan {
  const problems: string[] = [];
  const name = fields.name.trim();
  if (!name) problems.push("Give the schedule a name.");
  const targetId = Number(fields.targetId);
  if (!Number.isInteger(targetId) || targetId <= 0) problems.push("Choose a target.");
  if (!fields.hosts.length) problems.push("Choose at least one host to run from.");

  let matrix: ScheduleCreate["matrix"] = null;
  let preset: string | null = null;
  if (fields.matrixMode === "preset") {
    preset = fields.preset.trim();
    if (!preset) problems.push("Choose a preset.");
  } else {
    const lists = {
      methods: splitList(fields.methods),
      storages: splitList(fields.storages),
      datasets: splitList(fields.datasets),
      workloads: splitList(fields.workloads),
    };
    for (const [key, values] of Object.entries(lists)) {
      if (!values.length) problems.push(`Name at least one of the ${key}.`);
    }
    const sizeTexts = splitList(fields.sizes);
    const sizes = sizeTexts.map((s) => parseSize(s));
    const bad = sizeTexts.filter((_, i) => sizes[i] === null);
    if (!sizeTexts.length) problems.push("Name at least one size, e.g. 1KiB, 64KiB.");
    else if (bad.length) problems.push(`Not a size: ${bad.join(", ")} (write e.g. 1024, 64KiB or 1MiB).`);
    const concurrency = positiveInts(fields.concurrency);
    if (!concurrency) problems.push("Concurrency is a list of client counts, e.g. 1, 4, 16.");
    matrix = {
      ...lists,
      sizes: sizes.filter((s): s is number => s !== null),
      concurrency: concurrency ?? [1],
    };
  }

  const timeBudget = numberIn(fields.timeBudget, 0.05, 600);
  if (timeBudget === null) problems.push("Time budget per cell is between 0.05 and 600 seconds.");
  const ciPct = numberIn(fields.ciTargetPct, 0.1, 50);
  if (ciPct === null) problems.push("CI target is between 0.1 and 50 %.");
  const warmup = numberIn(fields.warmup, 0, 60);
  if (warmup === null) problems.push("Warm-up is between 0 and 60 seconds.");
  const seed = numberIn(fields.seed, 0, 2 ** 31 - 1);
  if (seed === null || !Number.isInteger(seed)) problems.push("The seed is a whole number from 0.");

  let baseline: string | null = null;
  if (fields.baselineKind === "run") {
    const run = fields.baselineRun.trim();
    if (/^\d+$/.test(run) && Number(run) > 0) baseline = String(Number(run));
    else problems.push("Pin the baseline to a run id, e.g. 42.");
  } else if (fields.baselineKind === "last") {
    const n = numberIn(fields.baselineLast, 1, MAX_LAST_RUNS);
    if (n !== null && Number.isInteger(n)) baseline = `last:${n}`;
    else problems.push(`Compare with the last 1 to ${MAX_LAST_RUNS} runs.`);
  }
  const threshold = numberIn(fields.thresholdPct, Number.MIN_VALUE, 1000);
  if (threshold === null) problems.push("The threshold is a percentage above 0 (up to 1000).");

  if (problems.length) return { body: null, problems };
  const body: ScheduleCreate = {
    name,
    cron: fields.cron.trim(),
    target_id: targetId,
    hosts: fields.hosts,
    enabled: fields.enabled,
    settings: { time_budget_s: timeBudget!, ci_target: ciPct! / 100, warmup_s: warmup!, seed: seed! },
    baseline,
    threshold_pct: threshold!,
  };
  if (preset) body.preset = preset;
  else body.matrix = matrix;
  return { body, problems };
}

/** Toggles a host in the ordered selection: added at the end, or removed. */
export function toggleHost(hosts: string[], name: string): string[] {
  return hosts.includes(name) ? hosts.filter((h) => h !== name) : [...hosts, name];
}
