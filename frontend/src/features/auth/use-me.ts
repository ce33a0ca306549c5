import { useQuery } from "@tanstack/react-query";

import { useToken } from "../../lib/token";
import { fetchMe } from "./api";
import { authKeys } from "./query-keys";

/** The signed-in identity, or nothing when no token is stored. */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: authKeys.me(token),
    queryFn: () => fetchMe(),
    enabled: Boolean(token),
    retry: false,
    staleTime: 60_000,
  });
}
