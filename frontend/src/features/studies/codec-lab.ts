// Seed 004's codec lab, from a run's `codec_lab` results: every codec × level with its
// compression and decompression speed and ratio at one dataset and block size, the Pareto
// frontier (A beats B if faster and not larger, or smaller and not slower), the seed's
// "BEST SPEED --- … --- BEST COMPRESSION" line, and the end-to-end projection over a link:
// a read costs compressed bytes / link + decompression, a write compression + compressed / link.
// The engine computes the same (backend/blobbench/engine/codec_lab.py) for the CLI.

/** The fields of a result row this study reads (ResultRead has them all). */
export interface LabResultLike {
  cell_id: number;
  method: string;
  dataset: string;
  size: number;
  workload: string;
  ratio: number | null;
  extra: Record<string, unknown>;
}

export interface LabPoint {
  cellId: number;
  method: string;
  family: string;
  dataset: string;
  /** Block size, bytes. */
  block: number;
  ratio: number;
  /** compressed ÷ original (smaller is better). */
  stored: number;
  /** Uncompressed bytes per second of wall time; null for `none` (nothing to time). */
  compressBps: number | null;
  decompressBps: number | null;
  compressCi: [number, number] | null;
  decompressCi: [number, number] | null;
  /** Uncompressed bytes per second of CPU time. */
  compressCpuBps: number | null;
  decompressCpuBps: number | null;
  converged: boolean;
}

/** Which speed the frontier and the scatter use. */
export type SpeedAxis = "compress" | "decompress";

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function ci(extra: Record<string, unknown>, key: string): [number, number] | null {
  const low = num(extra[`${key}_bps_ci_low`]);
  const high = num(extra[`${key}_bps_ci_high`]);
  return low !== null && high !== null ? [low, high] : null;
}

/** One point per codec-lab result that has a ratio. */
export function labPoints(results: readonly LabResultLike[]): LabPoint[] {
  const out: LabPoint[] = [];
  for (const r of results) {
    if (r.workload !== "codec_lab") continue;
    const ratio = r.ratio ?? num(r.extra.ratio);
    if (ratio === null || !(ratio > 0)) continue;
    const e = r.extra;
    out.push({
      cellId: r.cell_id,
      method: r.method,
      family: r.method.split(":")[0],
      dataset: r.dataset,
      block: r.size,
      ratio,
      stored: num(e.stored_fraction) ?? 1 / ratio,
      compressBps: num(e.compress_bps),
      decompressBps: num(e.decompress_bps),
      compressCi: ci(e, "compress"),
      decompressCi: ci(e, "decompress"),
      compressCpuBps: num(e.compress_cpu_bps),
      decompressCpuBps: num(e.decompress_cpu_bps),
      converged: e.converged === true,
    });
  }
  return out;
}

export interface LabDims {
  datasets: string[];
  blocks: number[];
}

/** The datasets (in first-seen order) and block sizes (ascending) the points cover. */
export function labDims(points: readonly LabPoint[]): LabDims {
  const datasets = [...new Set(points.map((p) => p.dataset))];
  const blocks = [...new Set(points.map((p) => p.block))].sort((a, b) => a - b);
  return { datasets, blocks };
}

export function speedOf(p: LabPoint, axis: SpeedAxis): number | null {
  return axis === "compress" ? p.compressBps : p.decompressBps;
}

/** Seed 004: A is better than B if A is faster and not larger, or smaller and not slower. */
export function dominates(aSpeed: number, aSize: number, bSpeed: number, bSize: number): boolean {
  return (aSpeed > bSpeed && aSize <= bSize) || (aSize < bSize && aSpeed >= bSpeed);
}

/**
 * The points nothing beats on `axis` speed and stored size, fastest first. Points without a
 * speed (`none`) are left out; equal points are all kept.
 */
export function labFrontier(points: readonly LabPoint[], axis: SpeedAxis): LabPoint[] {
  const valid = points.filter((p) => {
    const s = speedOf(p, axis);
    return s !== null && Number.isFinite(p.stored);
  });
  const sorted = [...valid].sort((a, b) => a.stored - b.stored || speedOf(b, axis)! - speedOf(a, axis)!);
  const frontier: LabPoint[] = [];
  let best = -Infinity;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j].stored === sorted[i].stored) j += 1;
    const top = speedOf(sorted[i], axis)!;
    if (top > best) {
      for (let k = i; k < j && speedOf(sorted[k], axis) === top; k += 1) frontier.push(sorted[k]);
      best = top;
    }
    i = j;
  }
  return frontier.sort((a, b) => speedOf(b, axis)! - speedOf(a, axis)! || a.stored - b.stored);
}

/** `BEST SPEED --- lz4:1 --- zstd:1 --- … --- BEST COMPRESSION` for a frontier, fastest first. */
export function speedLine(frontier: readonly { method: string }[]): string {
  return ["BEST SPEED", ...frontier.map((p) => p.method), "BEST COMPRESSION"].join(" --- ");
}

/**
 * Uncompressed bytes per second over a link of `linkBits` bits/s when each byte costs
 * 1 / codecBps of codec time plus 1 / ratio bytes on the wire, one after the other.
 * `none` costs no codec time. Null when a speed is unknown.
 */
export function projectedBps(linkBits: number, ratio: number, codecBps: number | null, family: string): number | null {
  if (!(linkBits > 0) || !(ratio > 0)) return null;
  const wire = 8 / (linkBits * ratio);
  if (family === "none") return 1 / wire;
  if (codecBps === null || !(codecBps > 0)) return null;
  return 1 / (wire + 1 / codecBps);
}

export interface ProjectionRow {
  method: string;
  ratio: number;
  read: number | null;
  write: number | null;
  /** Write then read the same bytes: 1 / (1/write + 1/read). */
  roundTrip: number | null;
  bestRead: boolean;
  bestWrite: boolean;
}

/** Every point's projected read and write throughput over the link, best reads first. */
export function projection(points: readonly LabPoint[], linkBits: number): ProjectionRow[] {
  const rows = points.map((p) => {
    const read = projectedBps(linkBits, p.ratio, p.decompressBps, p.family);
    const write = projectedBps(linkBits, p.ratio, p.compressBps, p.family);
    return {
      method: p.method,
      ratio: p.ratio,
      read,
      write,
      roundTrip: read && write ? 1 / (1 / read + 1 / write) : null,
      bestRead: false,
      bestWrite: false,
    };
  });
  const top = (key: "read" | "write") => Math.max(...rows.map((r) => r[key] ?? -Infinity));
  const bestRead = top("read");
  const bestWrite = top("write");
  for (const r of rows) {
    r.bestRead = r.read !== null && r.read === bestRead;
    r.bestWrite = r.write !== null && r.write === bestWrite;
  }
  return rows.sort((a, b) => (b.read ?? -1) - (a.read ?? -1) || a.method.localeCompare(b.method));
}

/** Link speeds offered as buttons (bits per second). */
export const LINK_PRESETS: ReadonlyArray<{ value: string; bits: number }> = [
  { value: "100Mbit", bits: 100e6 },
  { value: "1Gbit", bits: 1e9 },
  { value: "10Gbit", bits: 10e9 },
  { value: "25Gbit", bits: 25e9 },
];

/** Bits per second from "100Mbit", "1Gbit", "2.5G", "10 Gbps" or "1e9"; null for garbage. */
export function parseLinkSpeed(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?(?:e\d+)?)\s*([kmgt]?)\s*(?:bit|b|bps|bit\/s)?\s*$/i.exec(text);
  if (!m) return null;
  const mult = { "": 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 }[m[2].toLowerCase() as "" | "k" | "m" | "g" | "t"];
  const value = Number(m[1]) * mult;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** 1e8 → "100 Mbit/s", 2.5e9 → "2.5 Gbit/s". */
export function formatLink(bits: number): string {
  const units: Array<[number, string]> = [
    [1e12, "Tbit/s"],
    [1e9, "Gbit/s"],
    [1e6, "Mbit/s"],
    [1e3, "kbit/s"],
  ];
  for (const [scale, unit] of units) {
    if (bits >= scale) return `${Number((bits / scale).toFixed(2))} ${unit}`;
  }
  return `${bits} bit/s`;
}

/**
 * Which frontier points get a label on a chart whose x runs 0..xMax and whose log y axis runs
 * yDomain: fastest first, a point is labelled when it is at least `gap` (a fraction of the
 * plot) from the last labelled one; both ends are always labelled. Returns their cell ids.
 */
export function frontierLabels(
  frontier: readonly LabPoint[],
  axis: SpeedAxis,
  xMax: number,
  yDomain: readonly [number, number],
  gap = 0.07,
): Set<number> {
  const [lo, hi] = [Math.log10(yDomain[0]), Math.log10(yDomain[1])];
  const at = (p: LabPoint): [number, number] => [p.stored / (xMax || 1), (Math.log10(speedOf(p, axis)!) - lo) / (hi - lo || 1)];
  const far = (a: LabPoint, b: LabPoint) => {
    const [ax, ay] = at(a);
    const [bx, by] = at(b);
    return Math.hypot(ax - bx, ay - by) >= gap;
  };
  const kept: LabPoint[] = [];
  for (const p of frontier) {
    if (kept.length === 0 || far(kept[kept.length - 1], p)) kept.push(p);
  }
  const last = frontier.at(-1);
  if (last && kept.at(-1) !== last) {
    if (kept.length > 1) kept.pop(); // too close to the end: the end wins
    kept.push(last);
  }
  return new Set(kept.map((p) => p.cellId));
}
