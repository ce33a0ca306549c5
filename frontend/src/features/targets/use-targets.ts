import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { TargetRead } from "../../api/types";
import { createTarget, deleteTarget, listTargets } from "./api";
import { targetKeys } from "./query-keys";

export function useTargets() {
  return useQuery({ queryKey: targetKeys.list(), queryFn: listTargets });
}

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTarget,
    onSuccess: (target) => {
      queryClient.setQueryData<TargetRead[]>(targetKeys.list(), (old) =>
        old ? [...old.filter((t) => t.id !== target.id), target] : [target],
      );
      void queryClient.invalidateQueries({ queryKey: targetKeys.all });
    },
  });
}

export function useDeleteTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.all }),
  });
}
