// The run page's state lives in the URL: `/runs/42?view=tradeoff&dataset=random:2&size=65536`.
// parseChartState reads it once into a typed object — bad values fall back to defaults and are
// reported as notices ("ignored size=abc: not a size") — and serializeChartState writes it back,
// keeping parameters it does not know. Whether a value fits *this run* (is 65536 one of its
// sizes?) is checked later, by resolveView.

export type Scale = "linear" | "log";
/** Kept for the chart components that only know the throughput axis. */
export type YScale = Scale;

export const VIEWS = ["size", "classes", "tradeoff", "heatmap", "compare", "latency"] as const;
export type ViewName = (typeof VIEWS)[number];

/** `throughput`: uncompressed bytes/s (the default); `wire`: bytes/s that crossed the network. */
export type MetricChoice = "throughput" | "wire";
export type Measure = "read" | "write";

export interface ChartUrlState {
  /** Which analytic view the run page shows (`view=`); `size` is throughput vs blob size. */
  view: ViewName;
  /** Dataset shown; null means "the run's first dataset". */
  dataset: string | null;
  /** Workload shown; null means "read" when the run has it, else its first workload. */
  workload: string | null;
  /** Concurrency shown; null means the run's lowest. */
  concurrency: number | null;
  /** Host whose results are shown, for runs measured from several hosts; null = the first. */
  host: string | null;
  /** The one blob size the classes, trade-off, heatmap and latency views show; null = default. */
  size: number | null;
  /** Methods shown (`methods=none,lz4hc:9`); null means every method of the run. */
  methods: string[] | null;
  /** Scale of the blob-size axis. */
  x: Scale;
  /** Scale of the throughput (or latency) axis. */
  y: Scale;
  /** Uncompressed throughput or wire throughput. */
  metric: MetricChoice;
  /** Trade-off view: read or write throughput; null follows the workload. */
  measure: Measure | null;
  /** Series keys (see seriesKey) the person switched off in the legend. */
  hide: string[];
  /** Comparison view: the runs overlaid, first is the reference (`runs=41,42`). */
  runs: number[];
  /** Latency view: the cell whose raw samples are drawn as a histogram. */
  cell: number | null;
  /** Latency histogram bins: log-spaced (default) or linear. */
  bins: Scale;
  /** Confidence-interval bands around the throughput lines (`ci=0` hides them). */
  ci: boolean;
  /** `embed=1`: only the chart, for an iframe. */
  embed: boolean;
  /** Parameters this page does not understand, kept in their order so links survive. */
  rest: Array<[string, string]>;
}

export interface ParsedChartState {
  state: ChartUrlState;
  /** One line per parameter that was ignored, for a small notice on the page. */
  notices: string[];
}

export const DEFAULT_CHART_STATE: ChartUrlState = {
  view: "size",
  dataset: null,
  workload: null,
  concurrency: null,
  host: null,
  size: null,
  methods: null,
  x: "log",
  y: "linear",
  metric: "throughput",
  measure: null,
  hide: [],
  runs: [],
  cell: null,
  bins: "log",
  ci: true,
  embed: false,
  rest: [],
};

const KNOWN = new Set([
  "view",
  "dataset",
  "workload",
  "concurrency",
  "host",
  "size",
  "methods",
  "x",
  "y",
  "metric",
  "measure",
  "hide",
  "runs",
  "cell",
  "bins",
  "ci",
  "embed",
]);
const MAX_VALUE_LENGTH = 200;
const MAX_RUNS = 8;

/** "ignored size=abc: not a size" — the value shortened so a pasted novel stays one line. */
export function notice(key: string, value: string, reason: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 39)}…` : value;
  return `ignored ${key}=${shown}: ${reason}`;
}

function isPositiveInt(value: string): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0;
}

function listItems(value: string): string[] {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item && item.length <= MAX_VALUE_LENGTH);
  return [...new Set(items)];
}

/** Reads the query string (with or without "?") into a ChartUrlState and notices. Never throws. */
export function parseChartState(search: string | URLSearchParams): ParsedChartState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const rest: Array<[string, string]> = [];
  params.forEach((value, key) => {
    if (!KNOWN.has(key)) rest.push([key, value]);
  });
  const notices: string[] = [];
  const state: ChartUrlState = { ...DEFAULT_CHART_STATE, hide: [], runs: [], rest };

  function read<T>(key: string, parse: (value: string) => T | null, reason: string): T | null {
    const value = params.get(key);
    if (value === null) return null;
    const parsed = parse(value);
    if (parsed === null) notices.push(notice(key, value, reason));
    return parsed;
  }
  const text = (value: string) => {
    const trimmed = value.trim();
    return trimmed && trimmed.length <= MAX_VALUE_LENGTH ? trimmed : null;
  };
  const int = (value: string) => (isPositiveInt(value) ? Number(value) : null);
  const oneOf =
    <T extends string>(choices: readonly T[]) =>
    (value: string): T | null =>
      (choices as readonly string[]).includes(value) ? (value as T) : null;

  state.view = read("view", oneOf(VIEWS), `not one of ${VIEWS.join(", ")}`) ?? DEFAULT_CHART_STATE.view;
  state.dataset = read("dataset", text, "not a dataset name");
  state.workload = read("workload", text, "not a workload name");
  state.concurrency = read("concurrency", int, "not a number of clients");
  state.host = read("host", text, "not a host name");
  state.size = read("size", int, "not a size (bytes, e.g. 65536)");
  state.methods = read(
    "methods",
    (value) => {
      const items = listItems(value);
      return items.length ? items : null;
    },
    "no method names",
  );
  state.x = read("x", oneOf(["linear", "log"] as const), "not linear or log") ?? DEFAULT_CHART_STATE.x;
  state.y = read("y", oneOf(["linear", "log"] as const), "not linear or log") ?? DEFAULT_CHART_STATE.y;
  state.metric =
    read("metric", oneOf(["throughput", "wire"] as const), "not throughput or wire") ?? DEFAULT_CHART_STATE.metric;
  state.measure = read("measure", oneOf(["read", "write"] as const), "not read or write");
  state.bins = read("bins", oneOf(["linear", "log"] as const), "not linear or log") ?? DEFAULT_CHART_STATE.bins;
  state.cell = read("cell", int, "not a cell id");
  state.ci = read("ci", oneOf(["1", "0"] as const), "not 1 or 0") !== "0";
  const embed = read("embed", oneOf(["1", "0", "true", "false"] as const), "not 1 or 0");
  state.embed = embed === "1" || embed === "true";

  const hide = params.get("hide");
  if (hide !== null) state.hide = listItems(hide);

  const runs = params.get("runs");
  if (runs !== null) {
    const bad: string[] = [];
    for (const item of listItems(runs)) {
      if (!isPositiveInt(item)) bad.push(item);
      else if (!state.runs.includes(Number(item)) && state.runs.length < MAX_RUNS) state.runs.push(Number(item));
    }
    if (bad.length) notices.push(notice("runs", bad.join(","), "not run ids"));
  }
  return { state, notices };
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
  const d = DEFAULT_CHART_STATE;
  const parts: string[] = [];
  if (state.view !== d.view) parts.push(`view=${state.view}`);
  if (state.runs.length) parts.push(`runs=${state.runs.join(",")}`);
  if (state.dataset) parts.push(`dataset=${encode(state.dataset)}`);
  if (state.workload) parts.push(`workload=${encode(state.workload)}`);
  if (state.concurrency) parts.push(`concurrency=${state.concurrency}`);
  if (state.host) parts.push(`host=${encode(state.host)}`);
  if (state.size) parts.push(`size=${state.size}`);
  if (state.measure) parts.push(`measure=${state.measure}`);
  if (state.metric !== d.metric) parts.push(`metric=${state.metric}`);
  if (state.methods && state.methods.length) parts.push(`methods=${state.methods.map(encode).join(",")}`);
  if (state.x !== d.x) parts.push(`x=${state.x}`);
  if (state.y !== d.y) parts.push(`y=${state.y}`);
  if (state.bins !== d.bins) parts.push(`bins=${state.bins}`);
  if (!state.ci) parts.push("ci=0");
  if (state.hide.length) parts.push(`hide=${state.hide.map(encode).join(",")}`);
  if (state.cell) parts.push(`cell=${state.cell}`);
  if (state.embed) parts.push("embed=1");
  for (const [key, value] of state.rest) parts.push(`${encode(key)}=${encode(value)}`);
  return parts.join("&");
}

/** A copy of `state` with `patch` applied. */
export function withChartState(state: ChartUrlState, patch: Partial<ChartUrlState>): ChartUrlState {
  return { ...state, ...patch };
}
