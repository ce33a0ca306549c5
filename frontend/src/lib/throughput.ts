// Which throughput a result row reports: reads fill read_bps*, writes fill write_bps*.
// Shared by the chart and the results table, so both always show the same number.

export type Metric = "read" | "write";

/** The fields of a result row that carry throughput (ResultRead has them all). */
export interface ThroughputFields {
  workload: string;
  read_bps: number | null;
  read_bps_median?: number | null;
  read_bps_ci_low: number | null;
  read_bps_ci_high: number | null;
  write_bps?: number | null;
  write_bps_median?: number | null;
  write_bps_ci_low?: number | null;
  write_bps_ci_high?: number | null;
}

export interface Throughput {
  /** Mean throughput, uncompressed bytes per second. */
  bps: number;
  median: number | null;
  /** 95% confidence interval of the mean; equal to bps when the API had none. */
  ciLow: number;
  ciHigh: number;
}

/** `write` measures INSERTs; every other workload (read, read_cold) measures reads. */
export function metricForWorkload(workload: string | null | undefined): Metric {
  return workload === "write" ? "write" : "read";
}

/** "Read" / "Write", for headings and axis labels. */
export function metricLabel(metric: Metric): string {
  return metric === "write" ? "Write" : "Read";
}

/** The row's throughput for its own workload, or null when it has no positive measurement. */
export function rowThroughput(row: ThroughputFields): Throughput | null {
  const write = metricForWorkload(row.workload) === "write";
  const bps = write ? row.write_bps : row.read_bps;
  if (bps === null || bps === undefined || !(bps > 0)) return null;
  const median = write ? row.write_bps_median : row.read_bps_median;
  const low = write ? row.write_bps_ci_low : row.read_bps_ci_low;
  const high = write ? row.write_bps_ci_high : row.read_bps_ci_high;
  return {
    bps,
    median: median ?? null,
    ciLow: low ?? bps,
    ciHigh: high ?? bps,
  };
}

const WORKLOAD_LABELS: Record<string, string> = {
  read: "read (warm cache)",
  read_cold: "read (cold cache)",
  write: "write",
  codec_lab: "codec lab (in memory)",
  load: "bulk load",
  load_then_index: "load, then index",
  binlog: "binlog compression off/on",
  binlog_row: "binlog compression off/on, ROW format",
};

/** How a workload reads in selectors: "read (cold cache)" for `read_cold`. */
export function workloadLabel(workload: string): string {
  return WORKLOAD_LABELS[workload] ?? workload;
}
