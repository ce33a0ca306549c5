import { formatBytes, formatMBps } from "../../lib/format";
import { metricForWorkload, metricLabel } from "../../lib/throughput";
import { ChartControls } from "./chart-controls";
import { SeriesLegend } from "./series-legend";
import { ThroughputChart } from "./throughput-chart";
import {
  buildSizeSeries,
  fastestBySize,
  seriesStyle,
  type MatrixLike,
  type ResultLike,
  type SeriesStyle,
} from "./transforms";
import type { ChartViewHandle } from "./use-chart-view";

/** Controls, chart, legend and a one-line verdict for one run's results. */
export function RunChartPanel({
  results,
  matrix,
  handle,
  datasetLabels,
}: {
  results: readonly ResultLike[];
  matrix: Partial<MatrixLike>;
  handle: ChartViewHandle;
  /** Readable names for datasets, e.g. a sample's name for `sample:3`. */
  datasetLabels?: Readonly<Record<string, string>>;
}) {
  const { view, dims, state, update } = handle;
  const metric = metricForWorkload(view.workload);
  const order = { methods: matrix.methods ?? [], storages: matrix.storages ?? [] };
  const set = buildSizeSeries(
    results,
    { dataset: view.dataset, workload: view.workload, concurrency: view.concurrency },
    order,
  );
  const styles: Record<string, SeriesStyle> = {};
  for (const s of set.series) styles[s.key] = seriesStyle(s.method, s.storage, order);
  const fastest = fastestBySize(set, view.hidden);

  const toggle = (key: string) => {
    const hide = state.hide.includes(key) ? state.hide.filter((k) => k !== key) : [...state.hide, key];
    update({ hide }, { replace: true });
  };

  return (
    <section className="card chart-panel" data-testid="chart-panel">
      <div className="chart-panel-head">
        <h2>{metricLabel(metric)} throughput by blob size</h2>
        <ChartControls dims={dims} view={view} onChange={(patch) => update(patch)} datasetLabels={datasetLabels} />
      </div>
      {set.series.length === 0 ? (
        <div
          className="chart chart-empty"
          data-testid="throughput-chart"
          data-series-count={0}
          data-dataset={view.dataset ?? ""}
          data-metric={metric}
        >
          <p>
            No measurements {view.dataset ? <>for <code>{view.dataset}</code> </> : null}yet. Points appear as cells finish.
          </p>
        </div>
      ) : (
        <>
          <ThroughputChart
            set={set}
            styles={styles}
            hidden={view.hidden}
            yScale={view.y}
            dataset={view.dataset}
            metric={metric}
          />
          <SeriesLegend series={set.series} styles={styles} hidden={view.hidden} onToggle={toggle} />
        </>
      )}
      {fastest.length ? (
        <p className="verdict" data-testid="fastest">
          <strong>Fastest:</strong>{" "}
          {fastest.map((f, i) => (
            <span key={f.size}>
              {i ? "; " : ""}
              {formatBytes(f.size)} → {f.label} {formatMBps(f.bps)}
              {f.vsNone && f.vsNone > 1.005 ? ` (${f.vsNone.toFixed(2)}× none)` : ""}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
