import { useMemo } from "react";
import { useParams } from "react-router-dom";

import type { ResultRead } from "../../api/types";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { RecommendationPanel } from "../../features/charts/recommendation-panel";
import { RunViews } from "../../features/charts/run-views";
import { rowsInView, rowsOfHost } from "../../features/charts/transforms";
import { useChartView } from "../../features/charts/use-chart-view";
import { CellErrors } from "../../features/runs/cell-errors";
import { DownloadLinks } from "../../features/runs/download-links";
import { ResultsTable } from "../../features/runs/results-table";
import { RunHeader } from "../../features/runs/run-header";
import { useRun, useRunCells, useRunResults } from "../../features/runs/use-runs";
import { sampleDatasetLabels } from "../../features/samples/sample-text";
import { useSamples } from "../../features/samples/use-samples";
import { metricForWorkload } from "../../lib/throughput";

const NO_RESULTS: ResultRead[] = [];
const NO_NAMES: string[] = [];

/**
 * /runs/:id — the run's header, recommendation, analytic views and results; the views' state is
 * the query string. With `?embed=1` only the chosen view's chart (for an iframe).
 */
export function RunDetailRoute() {
  const { runId } = useParams();
  const id = Number(runId);
  const run = useRun(id);
  const results = useRunResults(run.data);
  const cells = useRunCells(run.data);
  const rows = results.data ?? NO_RESULTS;
  const chart = useChartView(rows, run.data?.matrix);
  const samples = useSamples();
  const datasetLabels = useMemo(() => sampleDatasetLabels(samples.data ?? []), [samples.data]);
  const methods = run.data?.matrix.methods ?? NO_NAMES;
  const storages = run.data?.matrix.storages ?? NO_NAMES;
  const order = useMemo(() => ({ methods, storages }), [methods, storages]);
  const { view } = chart;
  // Only what picks the table's rows: toggling a series or a scale must not rebuild the table.
  const { dataset, workload, concurrency, host } = view;
  // A run measured from several hosts has a row per cell and host: the views show one host's.
  const hostRows = useMemo(() => rowsOfHost(rows, host), [rows, host]);
  const shown = useMemo(() => rowsInView(hostRows, { dataset, workload, concurrency }), [hostRows, dataset, workload, concurrency]);

  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="page">
        <EmptyState title="No such run">The address should look like /runs/42.</EmptyState>
      </div>
    );
  }
  if (run.isPending) return <div className="page"><Loading what="Loading run" /></div>;
  if (run.isError) return <div className="page"><ErrorMessage error={run.error} /></div>;

  const viewProps = { run: run.data, results: hostRows, order, handle: chart, datasetLabels, embed: view.embed };
  if (view.embed) {
    return (
      <div className="embed-page" data-testid="embed-page">
        <RunViews {...viewProps} />
        <ErrorMessage error={results.error} />
      </div>
    );
  }

  const datasetName = view.dataset ? (datasetLabels[view.dataset] ?? view.dataset) : null;
  return (
    <div className="page">
      <RunHeader run={run.data} />
      <RecommendationPanel results={hostRows} view={view} datasetLabel={datasetName ?? undefined} />
      <RunViews {...viewProps} />
      <ErrorMessage error={results.error} />
      {cells.data ? <CellErrors cells={cells.data} /> : null}
      <section className="section">
        <div className="section-head">
          <h2>
            Results{datasetName ? <span className="muted"> · {datasetName}</span> : null}
            {view.workload && chart.dims.workloads.length > 1 ? <span className="muted"> · {view.workload}</span> : null}
            {host ? <span className="muted"> · from {host}</span> : null}
            {view.concurrency && chart.dims.concurrencies.length > 1 ? (
              <span className="muted"> · {view.concurrency} clients</span>
            ) : null}
          </h2>
          <DownloadLinks runId={run.data.id} />
        </div>
        <ResultsTable
          results={shown}
          methods={run.data.matrix.methods}
          storages={run.data.matrix.storages}
          metric={metricForWorkload(view.workload)}
        />
      </section>
    </div>
  );
}
