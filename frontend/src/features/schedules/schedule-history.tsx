import { useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";

import type { CellKey, ScheduleRead } from "../../api/types";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { formatChangePct } from "../../lib/change";
import { formatBytes, formatDateTime, formatMBps } from "../../lib/format";
import { workloadLabel } from "../../lib/throughput";
import {
  CELL_DIMENSIONS,
  cellToQuery,
  DIMENSION_LABELS,
  mergeChoices,
  parseCellQuery,
  resolveCell,
  templateChoices,
  withDimension,
  type CellChoices,
  type CellDimension,
} from "./history-cell";
import { HistoryChart } from "./history-chart";
import { toHistoryRows } from "./history-series";
import { useHistory } from "./use-schedules";

function valueLabel(dim: CellDimension, value: string | number): string {
  if (dim === "size") return formatBytes(Number(value));
  if (dim === "workload") return workloadLabel(String(value));
  if (dim === "concurrency") return `${value} ${Number(value) === 1 ? "client" : "clients"}`;
  return String(value);
}

function CellPicker({ cell, choices, onChange }: { cell: CellKey; choices: CellChoices; onChange: (dim: CellDimension, value: string) => void }) {
  return (
    <div className="chart-controls" data-testid="history-cell-picker">
      {CELL_DIMENSIONS.map((dim) => {
        const options = choices[dim];
        const current = cell[dim];
        // A value from the URL that the schedule never had still shows, so the picker tells the truth.
        const all = options.some((o) => String(o) === String(current)) ? options : [current, ...options];
        return (
          <label key={dim} className="control">
            <span className="control-label">{DIMENSION_LABELS[dim]}</span>
            <select
              value={String(current)}
              onChange={(e) => onChange(dim, e.target.value)}
              disabled={all.length < 2}
              data-testid={`history-${dim}`}
            >
              {all.map((o) => (
                <option key={String(o)} value={String(o)}>
                  {valueLabel(dim, o)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}

/** The schedule's runs for one cell over time; the cell is the URL query (?method=lz4&size=1024…). */
export function ScheduleHistorySection({ schedule }: { schedule: ScheduleRead }) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCellQuery(params), [params]);
  const template = useMemo(() => templateChoices(schedule), [schedule]);
  // Unnamed dimensions take the template's first value; past runs' values join the pickers.
  const cell = useMemo(() => resolveCell(query, template), [query, template]);
  const history = useHistory(schedule.id, cell);
  const choices = useMemo(() => mergeChoices(template, history.data?.choices), [template, history.data]);
  const rows = useMemo(() => toHistoryRows(history.data?.points ?? []), [history.data]);

  const pick = (dim: CellDimension, value: string) => {
    if (cell) setParams(cellToQuery(withDimension(cell, dim, value), params), { replace: true });
  };

  return (
    <section className="section card chart-panel" data-testid="schedule-history">
      <div className="chart-panel-head">
        <h2>History</h2>
        {cell ? <CellPicker cell={cell} choices={choices} onChange={pick} /> : null}
      </div>
      {!cell ? (
        <EmptyState title="Nothing to chart">The schedule's matrix has no cell.</EmptyState>
      ) : history.isPending ? (
        <Loading what="Loading history" />
      ) : history.isError ? (
        <ErrorMessage error={history.error} />
      ) : rows.length === 0 ? (
        <EmptyState title="No results for this cell yet" testId="history-empty">
          Each run the schedule starts adds a point here once it has measured this cell
          {history.data.target_name ? ` on ${history.data.target_name}` : ""}.
        </EmptyState>
      ) : (
        <>
          <p className="verdict">
            <strong>{history.data.target_name}</strong> from <strong>{cell.host}</strong>: {rows.length}{" "}
            {rows.length === 1 ? "run" : "runs"}, {rows.filter((r) => r.regressed).length} flagged as regressions.
          </p>
          <HistoryChart rows={rows} measure={history.data.measure} />
          <div className="table-wrap">
            <table className="table table-dense" data-testid="history-table">
              <thead>
                <tr>
                  <th>Run</th>
                  <th>Started</th>
                  <th className="num">Median</th>
                  <th className="num">95% CI of mean</th>
                  <th className="num">Samples</th>
                  <th>Verdict</th>
                </tr>
              </thead>
              <tbody>
                {[...rows].reverse().map((r) => (
                  <tr key={r.runId} data-testid="history-row" data-run-id={r.runId} data-regressed={r.regressed}>
                    <td>
                      <Link to={`/runs/${r.runId}`}>#{r.runId}</Link> <span className="muted small">{r.status}</span>
                    </td>
                    <td>{formatDateTime(new Date(r.t).toISOString())}</td>
                    <td className="num">{r.median !== null ? formatMBps(r.median) : "—"}</td>
                    <td className="num muted">
                      {r.band ? `${formatMBps(r.band[0]).replace(" MB/s", "")}–${formatMBps(r.band[1])}` : "—"}
                    </td>
                    <td className="num">{r.samples}</td>
                    <td>
                      {r.regressed ? (
                        <span className="danger" data-testid="history-regressed">
                          regressed {formatChangePct(r.changePct)}
                        </span>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
