export const runKeys = {
  all: ["runs"] as const,
  list: () => [...runKeys.all, "list"] as const,
  detail: (runId: number) => [...runKeys.all, "detail", runId] as const,
  /** `version` changes whenever the run advances, so cells and results refetch then (and only then). */
  cells: (runId: number, version: string) => [...runKeys.detail(runId), "cells", version] as const,
  results: (runId: number, version: string) => [...runKeys.detail(runId), "results", version] as const,
};

export const catalogKeys = {
  all: ["catalog"] as const,
};

export const capabilityKeys = {
  all: ["capabilities"] as const,
  target: (targetId: number) => [...capabilityKeys.all, targetId] as const,
};
