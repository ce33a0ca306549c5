// How the views read a result row: which throughput (own workload's or wire), and how much of the
// original a cell's blobs take when stored.

import { rowThroughput, type Throughput } from "../../lib/throughput";
import type { ResultLike } from "./transforms";
import type { MetricChoice } from "./url-state";

/** The row's throughput for the chosen metric, or null when it has none. */
export function rowValue(row: ResultLike, metric: MetricChoice): Throughput | null {
  if (metric === "wire") {
    const w = row.wire_bps;
    return typeof w === "number" && w > 0 ? { bps: w, median: null, ciLow: w, ciHigh: w } : null;
  }
  return rowThroughput(row);
}

/**
 * `encoded`: the bytes the client stores per blob ÷ the blob's size — exact for what the method
 * does, blind to what the server does. `disk`: the cell's allocated table size ÷ none · dynamic's
 * — sees server-side compression, but tables of a few MiB are allocated in coarse extents.
 */
export type StoredBasis = "disk" | "encoded";

/** Bytes of one encoded blob (falls back to size ÷ ratio, then to the size itself). */
export function encodedBytes(row: ResultLike): number {
  if (typeof row.encoded_bytes === "number" && row.encoded_bytes > 0) return row.encoded_bytes;
  if (typeof row.ratio === "number" && row.ratio > 0) return row.size / row.ratio;
  return row.size;
}

const hasDisk = (row: ResultLike | undefined): row is ResultLike =>
  row !== undefined && typeof row.disk_bytes === "number" && row.disk_bytes > 0;

/**
 * The share of the original a cell stores. A `dynamic` table stores what the method produced, so
 * the encoded size says it exactly; any other storage compresses on the server, which only the
 * allocated size (relative to none · dynamic's, at the same size) shows.
 */
export function storedFraction(row: ResultLike, baseline: ResultLike | undefined): { fraction: number; basis: StoredBasis } {
  if (row.storage !== "dynamic" && hasDisk(row) && hasDisk(baseline)) {
    return { fraction: row.disk_bytes! / baseline.disk_bytes!, basis: "disk" };
  }
  return { fraction: encodedBytes(row) / row.size, basis: "encoded" };
}

/** Words for a basis, for labels and sentences. */
export function basisLabel(basis: StoredBasis): string {
  return basis === "disk" ? "allocated table size vs none · dynamic" : "encoded size";
}
