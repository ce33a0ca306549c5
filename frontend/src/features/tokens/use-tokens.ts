import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { createToken, listTokens, revokeToken } from "./api";
import { tokenKeys } from "./query-keys";

export function useTokens(enabled = true) {
  return useQuery({ queryKey: tokenKeys.list(), queryFn: listTokens, enabled });
}

/** Creates a token; only the list is cached afterwards, never the secret. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
