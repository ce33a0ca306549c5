import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { acknowledgeAlert, listAlerts } from "./api";
import type { AlertFilter } from "./alert-view";
import { alertKeys } from "./query-keys";

export function useAlerts(filter: AlertFilter) {
  return useQuery({
    queryKey: alertKeys.list(filter),
    queryFn: () => listAlerts(filter === "open" ? false : undefined),
    refetchInterval: 30_000,
  });
}

/** The open alerts, for the navigation's badge. */
export function useOpenAlerts() {
  return useAlerts("open");
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
