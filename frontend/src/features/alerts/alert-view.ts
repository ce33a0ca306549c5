// The alerts page's state (from the URL) and how an alert's cells read.

import type { AlertCell } from "../../api/types";
import { formatBytes } from "../../lib/format";

export type AlertFilter = "open" | "all";

/** ?show=all lists every alert; anything else only the unacknowledged ones. */
export function parseAlertFilter(params: URLSearchParams): AlertFilter {
  return params.get("show") === "all" ? "all" : "open";
}

/** "lz4 · dynamic · random:62 · 1 KiB · read · 1 client". */
export function cellLabel(cell: AlertCell): string {
  const clients = `${cell.concurrency} ${cell.concurrency === 1 ? "client" : "clients"}`;
  return [cell.method, cell.storage, cell.dataset, formatBytes(cell.size), cell.workload, clients].join(" · ");
}

/** The alert's cells, worst first (the largest drop in throughput, or rise in latency). */
export function worstFirst(cells: AlertCell[]): AlertCell[] {
  const badness = (c: AlertCell) => {
    const change = c.change_pct ?? 0;
    return c.measure.startsWith("latency") ? change : -change;
  };
  return [...cells].sort((a, b) => badness(b) - badness(a));
}
