import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { RunRead } from "../../api/types";
import { cancelRun, createRun, fetchCapabilities, fetchCatalog, getRun, listCells, listResults, listRuns } from "./api";
import { capabilityKeys, catalogKeys, runKeys } from "./query-keys";
import { isActive } from "./run-status";

export function useCatalog() {
  return useQuery({ queryKey: catalogKeys.all, queryFn: fetchCatalog, staleTime: 5 * 60_000 });
}

/** What the chosen target supports; refetched when another target is chosen. */
export function useCapabilities(targetId: number | null) {
  return useQuery({
    queryKey: capabilityKeys.target(targetId ?? -1),
    queryFn: () => fetchCapabilities(targetId!),
    enabled: targetId !== null && Number.isInteger(targetId) && targetId > 0,
    staleTime: 60_000,
  });
}

/** All runs, newest first; refreshed every 2 s while one of them is active. */
export function useRuns() {
  return useQuery({
    queryKey: runKeys.list(),
    queryFn: listRuns,
    refetchInterval: (query) => (query.state.data?.some((r) => isActive(r.status)) ? 2000 : 15_000),
  });
}

/** One run; polled every second while queued or running so its progress bar moves. */
export function useRun(runId: number) {
  return useQuery({
    queryKey: runKeys.detail(runId),
    queryFn: () => getRun(runId),
    enabled: Number.isFinite(runId),
    refetchInterval: (query) => (isActive(query.state.data?.status) ? 1000 : false),
  });
}

function version(run: RunRead): string {
  return `${run.status}:${run.progress.done}`;
}

/** A run's results, refetched each time the run advances; the previous list stays up meanwhile. */
export function useRunResults(run: RunRead | undefined) {
  return useQuery({
    queryKey: runKeys.results(run?.id ?? -1, run ? version(run) : ""),
    queryFn: () => listResults(run!.id),
    enabled: Boolean(run),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useRunCells(run: RunRead | undefined) {
  return useQuery({
    queryKey: runKeys.cells(run?.id ?? -1, run ? version(run) : ""),
    queryFn: () => listCells(run!.id),
    enabled: Boolean(run),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRun,
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.detail(run.id), run);
      void queryClient.invalidateQueries({ queryKey: runKeys.list() });
    },
  });
}

export function useCancelRun(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRun(runId),
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.detail(run.id), run);
      void queryClient.invalidateQueries({ queryKey: runKeys.list() });
    },
  });
}
