import { useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";

import { Pager, usePage } from "../../components/pager";
import { isApiError } from "../../api/client";
import { formatBytes, formatMBps } from "../../lib/format";
import { metricForWorkload, metricLabel } from "../../lib/throughput";
import { ChartDownloads } from "./chart-downloads";
import { buildComparison, compareStyles, comparisonRows } from "./compare";
import { SeriesLegend } from "./series-legend";
import { ThroughputChart } from "./throughput-chart";
import type { SeriesStyle } from "./transforms";
import { useComparedRuns } from "./use-view-data";
import { AxisScale, ViewHead } from "./view-controls";
import { chartHeight, datasetName, type ViewProps } from "./view-props";
import { DASHES } from "./palette";

function ratioClass(r: number | null): string {
  if (r === null) return "";
  return r >= 1.05 ? "ratio-up" : r <= 0.95 ? "ratio-down" : "";
}

function errorText(error: unknown): string {
  if (isApiError(error)) return error.status === 404 ? "no such run" : error.message;
  return error instanceof Error ? error.message : "could not load";
}

/** Two or more runs overlaid: colour = method × storage, dash = run; and per-cell ratios. */
export default function CompareView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, state, update } = handle;
  const chartRef = useRef<HTMLDivElement>(null);
  const [adding, setAdding] = useState("");
  const [highlight, setHighlight] = useState<string | null>(null);
  const runIds = useMemo(() => (view.runs.length ? view.runs : [run.id]), [view.runs, run.id]);
  const compared = useComparedRuns(runIds, { runId: run.id, run, results });
  const ready = compared.filter((c) => !c.loading && !c.error);
  const readyKey = ready.map((c) => `${c.runId}:${c.results.length}:${c.run?.progress.done ?? ""}`).join("|");
  const metric = metricForWorkload(view.workload);

  const comparison = useMemo(
    () =>
      buildComparison(
        ready.map((c) => ({ runId: c.runId, results: c.results })),
        { dataset: view.dataset, workload: view.workload, concurrency: view.concurrency, methods: view.methods, metric: view.metric },
        order,
      ),
    // `ready` is rebuilt each render; readyKey says when its content changed.
    [readyKey, view.dataset, view.workload, view.concurrency, view.methods, view.metric, order],
  );
  const styles = useMemo(() => compareStyles(comparison.set.series), [comparison]);
  const hiddenRunSeries = useMemo(
    () => new Set(comparison.set.series.filter((s) => view.hidden.has(s.baseKey)).map((s) => s.key)),
    [comparison, view.hidden],
  );
  const baseSeries = useMemo(() => {
    const seen = new Map<string, { key: string; label: string; method: string; storage: string }>();
    for (const s of comparison.set.series) {
      if (!seen.has(s.baseKey)) seen.set(s.baseKey, { key: s.baseKey, label: `${s.method} · ${s.storage}`, method: s.method, storage: s.storage });
    }
    return [...seen.values()];
  }, [comparison]);
  const baseStyles = useMemo(() => {
    const out: Record<string, SeriesStyle> = {};
    for (const s of comparison.set.series) out[s.baseKey] = { color: styles[s.key].color, dash: undefined };
    return out;
  }, [comparison, styles]);
  const tableRows = useMemo(() => comparison.rows.filter((r) => !view.hidden.has(`${r.method}~${r.storage}`)), [comparison, view.hidden]);
  const page = usePage(tableRows, 50);
  const rows = useMemo(
    () => comparisonRows({ ...comparison, rows: tableRows }, { dataset: view.dataset, workload: view.workload }),
    [comparison, tableRows, view.dataset, view.workload],
  );

  const title = `${view.metric === "wire" ? "Wire" : metricLabel(metric)} throughput: runs ${runIds.join(", ")}`;
  const toggle = (key: string) =>
    update({ hide: state.hide.includes(key) ? state.hide.filter((k) => k !== key) : [...state.hide, key] });
  const addRun = () => {
    const id = Number(adding.trim().replace(/^#/, ""));
    if (!Number.isSafeInteger(id) || id <= 0) return;
    setAdding("");
    if (!runIds.includes(id)) update({ runs: [...runIds, id] });
  };
  const removeRun = (id: number) => {
    const next = runIds.filter((r) => r !== id);
    update({ runs: next.length ? next : [] });
  };
  // Hovering a legend entry highlights that method × storage in every run.
  const chartHighlight = highlight ? comparison.set.series.find((s) => s.baseKey === highlight)?.key ?? null : null;

  return (
    <div
      className="view"
      data-testid="view-compare"
      ref={chartRef}
      data-run-count={ready.length}
      data-runs={runIds.join(",")}
      data-series-count={comparison.set.series.filter((s) => !hiddenRunSeries.has(s.key)).length}
    >
      <ViewHead title={embed ? `${title} · ${datasetName(datasetLabels, view.dataset)}` : title}>
        {embed ? null : (
          <>
            <form
              className="control compare-add"
              onSubmit={(e) => {
                e.preventDefault();
                addRun();
              }}
            >
              <span className="control-label">Add a run</span>
              <span className="compare-add-row">
                <input
                  type="number"
                  min={1}
                  inputMode="numeric"
                  placeholder="run id"
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                  aria-label="Run id to compare"
                  data-testid="compare-add-input"
                />
                <button type="submit" className="button button-small" data-testid="compare-add-button" disabled={!adding.trim()}>
                  Add
                </button>
              </span>
            </form>
            <AxisScale axis="x" value={view.x} onChange={(x) => update({ x })} />
            <AxisScale axis="y" value={view.y} onChange={(y) => update({ y })} />
          </>
        )}
      </ViewHead>
      <ul className="compare-runs" data-testid="compare-runs">
        {compared.map((c, i) => (
          <li key={c.runId} className="compare-run" data-testid="compare-run" data-run-id={c.runId} data-state={c.loading ? "loading" : c.error ? "error" : "ready"}>
            <svg width="30" height="10" aria-hidden>
              <line x1="1" y1="5" x2="29" y2="5" stroke="#1d2430" strokeWidth="2" strokeDasharray={DASHES[i % DASHES.length]} />
            </svg>
            <Link to={`/runs/${c.runId}`}>run {c.runId}</Link>
            {c.run?.name ? <span className="muted"> {c.run.name}</span> : null}
            {i === 0 ? <span className="muted small"> (reference)</span> : null}
            {c.loading ? <span className="muted small"> loading…</span> : null}
            {c.error ? <span className="field-error small"> {errorText(c.error)}</span> : null}
            {i > 0 && comparison.summary[ready.findIndex((r) => r.runId === c.runId)] ? (
              <span className="small" data-testid="compare-summary">
                {" "}
                {comparison.summary[ready.findIndex((r) => r.runId === c.runId)]!.toFixed(2)}× run {runIds[0]} (geometric mean)
              </span>
            ) : null}
            {!embed && runIds.length > 1 ? (
              <button type="button" className="button-quiet compare-remove" onClick={() => removeRun(c.runId)} aria-label={`Remove run ${c.runId}`}>
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {runIds.length < 2 && !embed ? (
        <p className="view-note">Add another run's id to overlay its lines on this run's (dashed per run).</p>
      ) : null}
      {comparison.set.series.length === 0 ? (
        <div className="chart chart-empty">
          <p>No measurements for {datasetName(datasetLabels, view.dataset)} in these runs.</p>
        </div>
      ) : (
        <>
          <ThroughputChart
            set={comparison.set}
            styles={styles}
            hidden={hiddenRunSeries}
            yScale={view.y}
            xScale={view.x}
            dataset={view.dataset}
            metric={view.metric === "wire" ? "wire" : metric}
            highlight={chartHighlight}
            bands={false}
            height={chartHeight(embed, 400)}
            testId="compare-chart"
          />
          <SeriesLegend
            series={baseSeries}
            styles={baseStyles}
            hidden={view.hidden}
            onToggle={toggle}
            onHover={setHighlight}
            highlight={highlight}
            interactive={!embed}
          />
        </>
      )}
      {!embed && tableRows.length && comparison.runIds.length > 1 ? (
        <div className="table-wrap">
          <table className="table table-dense" data-testid="compare-table">
            <thead>
              <tr>
                <th>Method</th>
                <th>Storage</th>
                <th>Size</th>
                {comparison.runIds.map((id, i) => (
                  <th key={id} className="num">
                    run {id}
                    {i > 0 ? ` ÷ run ${comparison.runIds[0]}` : ""}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={`${r.method}~${r.storage}@${r.size}`} data-testid="compare-row">
                  <td>
                    <svg className="swatch" width="12" height="10" aria-hidden>
                      <rect width="12" height="10" rx="2" fill={baseStyles[`${r.method}~${r.storage}`]?.color} />
                    </svg>
                    {r.method}
                  </td>
                  <td>{r.storage}</td>
                  <td>{formatBytes(r.size)}</td>
                  {r.values.map((v, i) => (
                    <td key={i} className={`num ${i > 0 ? ratioClass(r.ratios[i]) : ""}`} data-testid={i > 0 ? "compare-ratio" : undefined}>
                      {v === null ? "—" : i === 0 ? formatMBps(v) : r.ratios[i] !== null ? `${r.ratios[i]!.toFixed(2)}× (${formatMBps(v)})` : formatMBps(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Pager {...page} testId="compare-pager" />
        </div>
      ) : null}
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: chartRef,
            rows,
            name: ["blobbench-runs", runIds.join("-"), "compare", view.dataset],
            title,
            subtitle: `${datasetName(datasetLabels, view.dataset)} · ${view.workload ?? ""} · line style = run (${runIds
              .map((id, i) => `run ${id}: ${["solid", "dashed", "dotted", "dash-dot"][i % 4]}`)
              .join(", ")})`,
            legend: baseSeries.filter((s) => !view.hidden.has(s.key)).map((s) => ({ label: s.label, color: baseStyles[s.key].color })),
            meta: { runs: runIds, view: "compare", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}
    </div>
  );
}
