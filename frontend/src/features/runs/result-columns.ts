// Which of the results table's optional columns a set of rows fills, and how to read `extra`.

export interface ResultColumnsLike {
  disk_bytes?: number | null;
  concurrency: number;
  extra?: Record<string, unknown> | null;
}

/** A finite number from the row's `extra` (pool_miss_ratio, per_client_bps …), else null. */
export function extraNumber(row: { extra?: Record<string, unknown> | null }, key: string): number | null {
  const value = row.extra?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export interface OptionalColumns {
  /** Allocated size of the cell's table. */
  disk: boolean;
  /** Share of buffer-pool reads that went to disk (cold-cache reads show it best). */
  poolMiss: boolean;
  /** Throughput per client, for cells with more than one. */
  perClient: boolean;
}

/** Show a column only when some row has its value. */
export function optionalColumns(rows: readonly ResultColumnsLike[]): OptionalColumns {
  return {
    disk: rows.some((r) => typeof r.disk_bytes === "number"),
    poolMiss: rows.some((r) => extraNumber(r, "pool_miss_ratio") !== null),
    perClient: rows.some((r) => r.concurrency > 1 && extraNumber(r, "per_client_bps") !== null),
  };
}

/** 0.0123 → "1.23%", 0 → "0%", 1 → "100%". */
export function formatShare(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return "—";
  const pct = ratio * 100;
  if (pct === 0) return "0%";
  const digits = pct >= 10 ? 1 : pct >= 1 ? 2 : 3;
  return `${Number(pct.toFixed(digits))}%`;
}
