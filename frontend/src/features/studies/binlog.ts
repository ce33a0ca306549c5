// Seed 003's comparison from a run's `binlog` results: per cell, what binary-log compression
// saved (binlog bytes per transaction, transactions per binlog file) and what it cost (server
// and client CPU, transactions per second), off → on. Mirrors
// backend/blobbench/engine/binlog.py's summary().

import type { LoadResultLike } from "./load-size";

/** A result as the study reads it: its cell's dimensions and `extra` (disk size not needed). */
export type BinlogResultLike = Omit<LoadResultLike, "disk_bytes">;

/** `binlog` writes in the server's binlog_format, `binlog_row` in ROW. */
export const BINLOG_WORKLOADS = ["binlog", "binlog_row"] as const;

/** One mode's figures (compression off or on). */
export interface BinlogMode {
  binlogBytes: number;
  bytesPerTrx: number;
  trxPerFile: number | null;
  serverCpuS: number | null;
  clientCpuS: number | null;
  tps: number | null;
}

export interface BinlogRow {
  cellId: number;
  /** "json · 2 KiB · none · dynamic" without the size formatting: the view formats it. */
  method: string;
  storage: string;
  dataset: string;
  size: number;
  rows: number | null;
  off: BinlogMode;
  on: BinlogMode;
  /** 1 − on/off of the binlog bytes; negative when compression made it larger. */
  saved: number;
  /** on/off: >1 means compression cost more CPU (server), fewer transactions/s (tps < 1). */
  serverCpuRatio: number | null;
  tpsRatio: number | null;
  algorithm: string | null;
  format: string | null;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function mode(v: unknown): BinlogMode | null {
  if (!v || typeof v !== "object") return null;
  const m = v as Record<string, unknown>;
  const bytes = num(m.binlog_bytes);
  const perTrx = num(m.bytes_per_transaction);
  if (bytes === null || perTrx === null) return null;
  return {
    binlogBytes: bytes,
    bytesPerTrx: perTrx,
    trxPerFile: num(m.transactions_per_file),
    serverCpuS: num(m.server_cpu_s),
    clientCpuS: num(m.client_cpu_s),
    tps: num(m.tps),
  };
}

const rel = (on: number | null, off: number | null) => (on !== null && off ? on / off : null);

/** The table: one row per binlog result with both modes, ordered dataset → size → method →
 *  storage (the run's order within each). */
export function binlogTable(results: readonly BinlogResultLike[]): BinlogRow[] {
  const rows: BinlogRow[] = [];
  for (const r of results) {
    if (!(BINLOG_WORKLOADS as readonly string[]).includes(r.workload)) continue;
    const modes = r.extra.modes as Record<string, unknown> | undefined;
    const off = mode(modes?.off);
    const on = mode(modes?.on);
    if (!off || !on) continue;
    rows.push({
      cellId: r.cell_id,
      method: r.method || "none",
      storage: r.storage,
      dataset: r.dataset,
      size: r.size,
      rows: num(r.extra.rows),
      off,
      on,
      saved: off.binlogBytes ? 1 - on.binlogBytes / off.binlogBytes : 0,
      serverCpuRatio: rel(on.serverCpuS, off.serverCpuS),
      tpsRatio: rel(on.tps, off.tps),
      algorithm: typeof r.extra.binlog_algorithm === "string" ? r.extra.binlog_algorithm : null,
      format: typeof r.extra.binlog_format === "string" ? r.extra.binlog_format : null,
    });
  }
  const datasets = [...new Set(rows.map((r) => r.dataset))];
  const methods = [...new Set(rows.map((r) => r.method))];
  return rows.sort(
    (a, b) =>
      datasets.indexOf(a.dataset) - datasets.indexOf(b.dataset) ||
      a.size - b.size ||
      methods.indexOf(a.method) - methods.indexOf(b.method) ||
      a.storage.localeCompare(b.storage) ||
      (a.format ?? "").localeCompare(b.format ?? ""),
  );
}

/** The bar chart's rows for one dataset: per size × method, a measure off and on. */
export type BinlogMeasure = "bytes" | "cpu" | "tps";

export const BINLOG_MEASURES: Record<BinlogMeasure, { label: string; pick: (m: BinlogMode) => number | null }> = {
  bytes: { label: "binlog bytes per transaction", pick: (m) => m.bytesPerTrx },
  cpu: { label: "server CPU, s", pick: (m) => m.serverCpuS },
  tps: { label: "transactions per second", pick: (m) => m.tps },
};

export function binlogBars(
  rows: readonly BinlogRow[],
  measure: BinlogMeasure,
  label: (r: BinlogRow) => string,
): Array<{ key: string; off: number | null; on: number | null }> {
  const pick = BINLOG_MEASURES[measure].pick;
  return rows.map((r) => ({ key: label(r), off: pick(r.off), on: pick(r.on) }));
}
