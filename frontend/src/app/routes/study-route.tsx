import { useMemo } from "react";
import { useParams } from "react-router-dom";

import type { ResultRead } from "../../api/types";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { useRun, useRunResults } from "../../features/runs/use-runs";
import { sampleDatasetLabels } from "../../features/samples/sample-text";
import { useSamples } from "../../features/samples/use-samples";
import { StudyPage } from "../../features/studies/study-page";

const NO_RESULTS: ResultRead[] = [];

/** /runs/:id/study — a run's seed-style study (codec lab, load and size). */
export function StudyRoute() {
  const { runId } = useParams();
  const id = Number(runId);
  const run = useRun(id);
  const results = useRunResults(run.data);
  const samples = useSamples();
  const datasetLabels = useMemo(() => sampleDatasetLabels(samples.data ?? []), [samples.data]);

  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="page">
        <EmptyState title="No such run">The address should look like /runs/42/study.</EmptyState>
      </div>
    );
  }
  if (run.isPending) return <div className="page"><Loading what="Loading run" /></div>;
  if (run.isError) return <div className="page"><ErrorMessage error={run.error} /></div>;
  return (
    <>
      <StudyPage run={run.data} results={results.data ?? NO_RESULTS} datasetLabels={datasetLabels} />
      <ErrorMessage error={results.error} />
    </>
  );
}
