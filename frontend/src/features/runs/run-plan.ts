// From what the new-run form holds to what it may send: the cell count over every dimension,
// the problems that block submitting, the warnings that do not, and the request body.
// Pure; the server still validates everything again.

import type { RunCreate } from "../../api/types";
import { formatBytes } from "../../lib/format";
import { describeUnsupported, unsupportedChoices, type CapabilityIndex, type UnsupportedChoice } from "./capabilities";
import { cellCount, parseIntList } from "./matrix";
import { oversizedSizes, runSizes, sizesForRequest } from "./size-presets";

/** Most clients a cell may use (the API's limit). */
export const MAX_CONCURRENCY = 256;

/** Workloads measured with one client only. */
const SINGLE_CLIENT_WORKLOADS = new Set(["write"]);

export interface RunDraft {
  targetId: string;
  host: string;
  name: string;
  methods: string[];
  storages: string[];
  datasets: string[];
  /** Sizes typed by the person, bytes. */
  sizes: number[];
  /** Names of chosen size presets (catalog `size_presets` keys). */
  presets: string[];
  workloads: string[];
  concurrencyText: string;
  timeBudgetText: string;
  ciTargetText: string;
}

export interface PlanContext {
  presetSizes: Readonly<Record<string, readonly number[]>>;
  /** The target's capabilities; null while unknown. */
  capabilities: CapabilityIndex | null;
  /** True while the target's capabilities are being fetched (submitting waits for them). */
  capabilitiesPending?: boolean;
  limits?: { max_blob_size?: number | null; max_concurrency?: number | null } | null;
}

export interface RunPlan {
  cells: number;
  /** Every distinct size of the run, ascending (typed and from presets). */
  sizes: number[];
  /** Parsed concurrency levels, ascending; null when the text is not valid. */
  concurrency: number[] | null;
  unsupported: UnsupportedChoice[];
  /** Reasons the run cannot be submitted, most basic first. */
  problems: string[];
  /** Worth knowing, but the server decides. */
  warnings: string[];
  /** The request, when there are no problems. */
  body: RunCreate | null;
}

/** "1, 4, 16, 64" → [1, 4, 16, 64] (sorted, deduplicated); null when an entry is not 1..256. */
export function parseConcurrency(text: string): number[] | null {
  const values = parseIntList(text);
  if (!values || values.some((v) => v > MAX_CONCURRENCY)) return null;
  return [...values].sort((a, b) => a - b);
}

function optionalNumber(text: string): number | null {
  return text.trim() ? Number(text) : null;
}

export function planRun(draft: RunDraft, ctx: PlanContext): RunPlan {
  const sizes = runSizes(draft.sizes, draft.presets, ctx.presetSizes);
  const concurrency = parseConcurrency(draft.concurrencyText);
  const cells = cellCount({
    methods: draft.methods,
    storages: draft.storages,
    datasets: draft.datasets,
    sizes,
    workloads: draft.workloads,
    concurrency: concurrency ?? [1],
  });
  const budget = optionalNumber(draft.timeBudgetText);
  const ci = optionalNumber(draft.ciTargetText);
  const unsupported = unsupportedChoices(ctx.capabilities, draft);

  const problems: string[] = [];
  if (!draft.targetId) problems.push("Choose a target.");
  if (!draft.host) problems.push("Choose a host.");
  if (cells === 0) problems.push("Choose at least one method, storage, dataset, size and workload.");
  if (!concurrency) problems.push(`Concurrency must be whole numbers from 1 to ${MAX_CONCURRENCY}, such as 1, 4, 16, 64.`);
  const singleClient = draft.workloads.filter((w) => SINGLE_CLIENT_WORKLOADS.has(w));
  if (concurrency && concurrency.some((c) => c > 1) && singleClient.length) {
    problems.push(
      `The ${singleClient.join(" and ")} workload runs with one client: set concurrency to 1, ` +
        "or measure it in a separate run.",
    );
  }
  for (const choice of unsupported) problems.push(`${capitalise(describeUnsupported(choice))}.`);
  if (ctx.capabilitiesPending) problems.push("Checking what the target supports…");
  if (budget !== null && !(budget > 0)) problems.push("The time budget must be a positive number of seconds.");
  if (ci !== null && !(ci > 0 && ci < 100)) problems.push("The CI target must be a percentage between 0 and 100.");

  const warnings: string[] = [];
  const maxBlob = ctx.limits?.max_blob_size ?? null;
  const tooBig = oversizedSizes(sizes, maxBlob);
  if (tooBig.length && maxBlob) {
    warnings.push(
      `${tooBig.map(formatBytes).join(", ")} ${tooBig.length === 1 ? "is" : "are"} larger than the ` +
        `${formatBytes(maxBlob)} this target accepts (its max_allowed_packet); the server will refuse the run.`,
    );
  }
  const maxClients = ctx.limits?.max_concurrency ?? null;
  if (concurrency && maxClients && concurrency.some((c) => c > maxClients)) {
    warnings.push(`This target allows at most ${maxClients} clients (its max_connections); the server will refuse more.`);
  }

  let body: RunCreate | null = null;
  if (problems.length === 0 && concurrency) {
    const settings: NonNullable<RunCreate["settings"]> = {};
    if (budget !== null) settings.time_budget_s = budget;
    if (ci !== null) settings.ci_target = ci / 100;
    body = {
      target_id: Number(draft.targetId),
      host: draft.host,
      matrix: {
        methods: draft.methods,
        storages: draft.storages,
        datasets: draft.datasets,
        sizes: sizesForRequest(draft.sizes, draft.presets),
        workloads: draft.workloads,
        concurrency,
      },
      ...(Object.keys(settings).length ? { settings } : {}),
      ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    };
  }
  return { cells, sizes, concurrency, unsupported, problems, warnings, body };
}

function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 methods × 1 storage × 1 dataset × 3 sizes × 2 workloads × 4 concurrency levels". */
export function cellBreakdown(parts: {
  methods: number;
  storages: number;
  datasets: number;
  sizes: number;
  workloads: number;
  concurrency: number;
}): string {
  return [
    count(parts.methods, "method", "methods"),
    count(parts.storages, "storage", "storages"),
    count(parts.datasets, "dataset", "datasets"),
    count(parts.sizes, "size", "sizes"),
    count(parts.workloads, "workload", "workloads"),
    count(parts.concurrency, "concurrency level", "concurrency levels"),
  ].join(" × ");
}
