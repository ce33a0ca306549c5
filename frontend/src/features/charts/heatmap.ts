// The heatmap view: method (rows) × storage (columns) at one dataset and size, coloured by
// throughput relative to none · dynamic (or to the best cell when the run has no none · dynamic).

import { rowValue } from "./measures";
import { compareBy, inFilter, seriesLabel, type ResultLike, type SeriesFilter, type SeriesOrder } from "./transforms";

export interface HeatmapCell {
  method: string;
  storage: string;
  label: string;
  cellId: number | null;
  /** Throughput, or null when this combination was not measured. */
  bps: number | null;
  /** bps ÷ the reference's bps. */
  relative: number | null;
  color: string;
  textColor: string;
}

export interface Heatmap {
  methods: string[];
  storages: string[];
  /** rows[i][j]: methods[i] on storages[j]. */
  rows: HeatmapCell[][];
  /** What 1.00× means: none · dynamic, or the best cell when none · dynamic was not measured. */
  reference: { kind: "baseline" | "best"; label: string; bps: number } | null;
  /** |log2(relative)| that gets the strongest colour. */
  span: number;
}

// ColorBrewer RdBu (5 classes): slower is red, the reference is near white, faster is blue.
const STOPS: ReadonlyArray<[number, number, number]> = [
  [0xca, 0x00, 0x20],
  [0xf4, 0xa5, 0x82],
  [0xf7, 0xf7, 0xf7],
  [0x92, 0xc5, 0xde],
  [0x05, 0x71, 0xb0],
];

function hex(n: number): string {
  return Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, "0");
}

/** A colour on the diverging scale for t in [-1, 1] (clamped): -1 red, 0 near white, 1 blue. */
export function divergingColor(t: number): string {
  const clamped = Number.isFinite(t) ? Math.min(1, Math.max(-1, t)) : 0;
  const pos = ((clamped + 1) / 2) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(pos));
  const f = pos - i;
  const [a, b] = [STOPS[i], STOPS[i + 1]];
  return `#${hex(a[0] + (b[0] - a[0]) * f)}${hex(a[1] + (b[1] - a[1]) * f)}${hex(a[2] + (b[2] - a[2]) * f)}`;
}

/** Dark text on light backgrounds, white on dark ones (WCAG relative luminance). */
export function textColorFor(background: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background);
  if (!m) return "#1d2430";
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.3 ? "#1d2430" : "#ffffff";
}

const EMPTY_COLOR = "#eef0f3";

/** The grid at one size; the filter's methods choose the rows. */
export function buildHeatmap(
  results: readonly ResultLike[],
  filter: SeriesFilter & { size: number | null },
  order: SeriesOrder = {},
): Heatmap {
  const values = new Map<string, { bps: number; cellId: number | null }>();
  const methods = new Set<string>();
  const storages = new Set<string>();
  let baseline: number | null = null;
  for (const r of results) {
    if (r.size !== filter.size || !inFilter(r, { ...filter, methods: null })) continue;
    const value = rowValue(r, filter.metric ?? "throughput");
    if (!value) continue;
    if (r.method === "none" && r.storage === "dynamic") baseline = value.bps;
    if (filter.methods && !filter.methods.has(r.method)) continue;
    methods.add(r.method);
    storages.add(r.storage);
    values.set(`${r.method}\u0000${r.storage}`, { bps: value.bps, cellId: r.cell_id ?? null });
  }
  const methodList = [...methods].sort(compareBy(order.methods));
  const storageList = [...storages].sort(compareBy(order.storages));

  let reference: Heatmap["reference"] = null;
  if (baseline !== null) {
    reference = { kind: "baseline", label: seriesLabel("none", "dynamic"), bps: baseline };
  } else if (values.size) {
    let best: { key: string; bps: number } | null = null;
    for (const [key, v] of values) if (!best || v.bps > best.bps) best = { key, bps: v.bps };
    const [method, storage] = best!.key.split("\u0000");
    reference = { kind: "best", label: seriesLabel(method, storage), bps: best!.bps };
  }

  let span = 1;
  for (const v of values.values()) if (reference) span = Math.max(span, Math.abs(Math.log2(v.bps / reference.bps)));
  span = Math.min(span, 3);

  const rows = methodList.map((method) =>
    storageList.map((storage): HeatmapCell => {
      const v = values.get(`${method}\u0000${storage}`);
      const relative = v && reference ? v.bps / reference.bps : null;
      const color = relative === null ? EMPTY_COLOR : divergingColor(Math.log2(relative) / span);
      return {
        method,
        storage,
        label: seriesLabel(method, storage),
        cellId: v?.cellId ?? null,
        bps: v?.bps ?? null,
        relative,
        color,
        textColor: textColorFor(color),
      };
    }),
  );
  return { methods: methodList, storages: storageList, rows, reference, span };
}

/** "1.84×", "0.52×" — what each cell prints. */
export function formatRelative(relative: number | null): string {
  if (relative === null || !Number.isFinite(relative)) return "—";
  return `${relative >= 10 ? relative.toFixed(1) : relative.toFixed(2)}×`;
}

/** The cells the heatmap draws, for CSV and JSON. */
export function heatmapRows(h: Heatmap, context: { dataset: string | null; size: number | null; workload: string | null }) {
  return h.rows.flat().map((c) => ({
    method: c.method,
    storage: c.storage,
    dataset: context.dataset,
    size: context.size,
    workload: context.workload,
    bps: c.bps,
    relative: c.relative,
    reference: h.reference?.label ?? null,
  }));
}
