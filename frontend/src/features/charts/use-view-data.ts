import { useQueries, useQuery } from "@tanstack/react-query";

import type { ResultRead, RunRead } from "../../api/types";
import { fetchResultDetail, fetchRunWithResults } from "./api";
import { chartKeys } from "./query-keys";

export interface ComparedRun {
  runId: number;
  run: RunRead | null;
  results: readonly ResultRead[];
  loading: boolean;
  error: unknown;
}

const NONE: readonly ResultRead[] = [];
const stillRunning = (run: RunRead | undefined) => run?.status === "queued" || run?.status === "running";

/** Each run of a comparison with its results; the run page's own run comes from `own`. */
export function useComparedRuns(runIds: readonly number[], own: { runId: number; run: RunRead; results: readonly ResultRead[] }): ComparedRun[] {
  const others = runIds.filter((id) => id !== own.runId);
  const queries = useQueries({
    queries: others.map((runId) => ({
      queryKey: chartKeys.runWithResults(runId),
      queryFn: () => fetchRunWithResults(runId),
      staleTime: 30_000,
      refetchInterval: (query: { state: { data?: { run: RunRead } } }) => (stillRunning(query.state.data?.run) ? 5000 : false),
    })),
  });
  return runIds.map((runId) => {
    if (runId === own.runId) return { runId, run: own.run, results: own.results, loading: false, error: null };
    const q = queries[others.indexOf(runId)];
    return { runId, run: q?.data?.run ?? null, results: q?.data?.results ?? NONE, loading: q?.isPending ?? true, error: q?.error ?? null };
  });
}

/** One cell's raw latency samples (microseconds), fetched when a cell is chosen. */
export function useCellSamples(runId: number, cellId: number | null) {
  const query = useQuery({
    queryKey: chartKeys.resultDetail(runId, cellId ?? -1),
    queryFn: () => fetchResultDetail(runId, cellId!),
    enabled: cellId !== null,
    staleTime: Infinity,
  });
  return {
    samples: query.data?.raw_samples_us ?? null,
    detail: query.data ?? null,
    loading: cellId !== null && query.isPending,
    error: query.error,
  };
}
