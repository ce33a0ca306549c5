// The chart's state lives in the URL: `/runs/42?dataset=random:2&y=log`.
// parseChartState reads it once into a typed object (bad values fall back to defaults) and
// serializeChartState writes it back, keeping parameters it does not know.

export type YScale = "linear" | "log";

export interface ChartUrlState {
  /** Dataset shown; null means "the run's first dataset". */
  dataset: string | null;
  /** Workload shown; null means "read" when the run has it, else its first workload. */
  workload: string | null;
  /** Concurrency shown; null means the run's lowest. */
  concurrency: number | null;
  /** Scale of the throughput axis. */
  y: YScale;
  /** Series keys (see seriesKey) the person switched off in the legend. */
  hide: string[];
  /** Parameters this page does not understand, kept in their order so links survive. */
  rest: Array<[string, string]>;
}

export const DEFAULT_CHART_STATE: ChartUrlState = {
  dataset: null,
  workload: null,
  concurrency: null,
  y: "linear",
  hide: [],
  rest: [],
};

const KNOWN = new Set(["dataset", "workload", "concurrency", "y", "hide"]);
const MAX_VALUE_LENGTH = 200;

function text(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= MAX_VALUE_LENGTH ? trimmed : null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function yScale(value: string | null): YScale {
  return value === "log" || value === "linear" ? value : DEFAULT_CHART_STATE.y;
}

function list(value: string | null): string[] {
  if (value === null) return [];
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item && item.length <= MAX_VALUE_LENGTH);
  return [...new Set(items)];
}

/** Reads the query string (with or without "?") into a ChartUrlState. Never throws. */
export function parseChartState(search: string | URLSearchParams): ChartUrlState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const rest: Array<[string, string]> = [];
  params.forEach((value, key) => {
    if (!KNOWN.has(key)) rest.push([key, value]);
  });
  return {
    dataset: text(params.get("dataset")),
    workload: text(params.get("workload")),
    concurrency: positiveInt(params.get("concurrency")),
    y: yScale(params.get("y")),
    hide: list(params.get("hide")),
    rest,
  };
}

/**
 * Percent-encodes a value but leaves the characters our names are made of readable
 * (`random:2`, `compressed:8`, `lz4~dynamic`), as RFC 3986 allows in a query.
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%40/gi, "@").replace(/%2F/gi, "/");
}

/** The query string (without "?") for a state; defaults are left out. */
export function serializeChartState(state: ChartUrlState): string {
  const parts: string[] = [];
  if (state.dataset) parts.push(`dataset=${encode(state.dataset)}`);
  if (state.workload) parts.push(`workload=${encode(state.workload)}`);
  if (state.concurrency) parts.push(`concurrency=${state.concurrency}`);
  if (state.y !== DEFAULT_CHART_STATE.y) parts.push(`y=${state.y}`);
  if (state.hide.length) parts.push(`hide=${state.hide.map(encode).join(",")}`);
  for (const [key, value] of state.rest) parts.push(`${encode(key)}=${encode(value)}`);
  return parts.join("&");
}

/** A copy of `state` with `patch` applied. */
export function withChartState(state: ChartUrlState, patch: Partial<ChartUrlState>): ChartUrlState {
  return { ...state, ...patch };
}
