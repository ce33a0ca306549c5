import { memo, useMemo } from "react";

import type { ResultRead } from "../../api/types";
import { EmptyState } from "../../components/empty-state";
import { Pager, usePage } from "../../components/pager";
import { formatBytes, formatMBps, formatMicros } from "../../lib/format";
import { metricLabel, rowThroughput, type Metric } from "../../lib/throughput";
import { extraNumber, formatShare, optionalColumns } from "./result-columns";

/** Rows per page: a run of 5,000 cells must not put 5,000 rows in the page at once. */
const PAGE_SIZE = 100;

function rank(order: string[], value: string): number {
  const i = order.indexOf(value);
  return i === -1 ? order.length : i;
}

/**
 * One row per measured cell of the chosen dataset and workload (the download links have every
 * row). Throughput is the workload's: reads or writes. Disk size, buffer-pool misses and
 * per-client throughput get a column when some row has them.
 */
export const ResultsTable = memo(function ResultsTable({
  results,
  methods,
  storages,
  caption,
  metric = "read",
}: {
  results: ResultRead[];
  methods: string[];
  storages: string[];
  caption?: string;
  metric?: Metric;
}) {
  const rows = useMemo(
    () =>
      [...results].sort(
        (a, b) =>
          a.size - b.size ||
          rank(methods, a.method) - rank(methods, b.method) ||
          rank(storages, a.storage) - rank(storages, b.storage) ||
          a.concurrency - b.concurrency,
      ),
    [results, methods, storages],
  );
  const optional = useMemo(() => optionalColumns(rows), [rows]);
  const page = usePage(rows, PAGE_SIZE);
  if (results.length === 0) {
    return <EmptyState title="No results yet">Rows appear here as cells finish.</EmptyState>;
  }
  return (
    <div className="table-wrap">
      <table className="table table-dense" data-testid="results-table" data-metric={metric}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th>Size</th>
            <th>Method</th>
            <th>Storage</th>
            <th className="num">{metricLabel(metric)} (mean)</th>
            <th className="num">95% CI</th>
            <th className="num">Median</th>
            <th className="num">p50</th>
            <th className="num">p99</th>
            <th className="num">Ratio</th>
            {optional.disk ? (
              <th className="num" title="Allocated size of the cell's table on the target">
                On disk
              </th>
            ) : null}
            {optional.poolMiss ? (
              <th className="num" title="Share of buffer-pool page requests that had to read from disk">
                Pool misses
              </th>
            ) : null}
            {optional.perClient ? <th className="num">Per client</th> : null}
            <th className="num">Samples</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((r) => {
            const throughput = rowThroughput(r);
            const perClient = extraNumber(r, "per_client_bps");
            return (
              <tr key={r.cell_id} data-testid="result-row" data-workload={r.workload}>
                <td>{formatBytes(r.size)}</td>
                <td>{r.method}</td>
                <td>{r.storage}</td>
                <td className="num" data-testid="result-throughput">
                  {throughput ? formatMBps(throughput.bps) : "—"}
                </td>
                <td
                  className={`num ${r.converged ? "" : "not-converged"}`}
                  title={r.converged ? "CI target met" : "Stopped by the time budget before the CI target was met"}
                >
                  {r.ci_halfwidth_pct !== null ? `±${r.ci_halfwidth_pct.toFixed(1)}%` : "—"}
                  {r.converged ? "" : "*"}
                </td>
                <td className="num">{throughput?.median != null ? formatMBps(throughput.median) : "—"}</td>
                <td className="num">{formatMicros(r.latency_p50_us)}</td>
                <td className="num">{formatMicros(r.latency_p99_us)}</td>
                <td className="num">{r.ratio !== null ? `${r.ratio.toFixed(2)}×` : "—"}</td>
                {optional.disk ? (
                  <td className="num" data-testid="result-disk">
                    {r.disk_bytes !== null ? formatBytes(r.disk_bytes) : "—"}
                  </td>
                ) : null}
                {optional.poolMiss ? (
                  <td className="num" data-testid="result-pool-miss">
                    {formatShare(extraNumber(r, "pool_miss_ratio"))}
                  </td>
                ) : null}
                {optional.perClient ? (
                  <td className="num" data-testid="result-per-client">
                    {perClient !== null && r.concurrency > 1 ? formatMBps(perClient) : "—"}
                  </td>
                ) : null}
                <td className="num">{r.samples}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.some((r) => !r.converged) ? (
        <p className="muted small table-note">
          * stopped by the time budget before the confidence interval reached its target.
        </p>
      ) : null}
      <Pager {...page} testId="results-pager" />
    </div>
  );
});
