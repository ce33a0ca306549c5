import { useQuery } from "@tanstack/react-query";

import { getShareKey } from "../../lib/share";
import { useToken } from "../../lib/token";
import { fetchMe } from "../auth/api";

/**
 * The run this tab may see through a read-only share link, or null for a normal session (a
 * personal token is stored, or the tab was not opened from a share link).
 */
export function useSharedRun(): { runId: number | null; pending: boolean } {
  const token = useToken();
  const shareKey = token ? null : getShareKey();
  const me = useQuery({
    queryKey: ["auth", "share", shareKey],
    queryFn: () => fetchMe(shareKey ?? undefined),
    enabled: Boolean(shareKey),
    retry: false,
    staleTime: Infinity,
  });
  if (!shareKey) return { runId: null, pending: false };
  return { runId: me.data?.run_id ?? null, pending: me.isPending };
}
