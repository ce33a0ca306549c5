export const chartKeys = {
  all: ["charts"] as const,
  /** Another run and its results, for the comparison view. */
  runWithResults: (runId: number) => [...chartKeys.all, "run-with-results", runId] as const,
  /** One cell's result with its raw samples. */
  resultDetail: (runId: number, cellId: number) => [...chartKeys.all, "result-detail", runId, cellId] as const,
};
