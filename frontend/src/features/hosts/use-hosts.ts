import { useQuery } from "@tanstack/react-query";

import { listHosts } from "./api";
import { hostKeys } from "./query-keys";

/** Worker hosts; refreshed every few seconds since heartbeats move `online` and `last seen`. */
export function useHosts() {
  return useQuery({ queryKey: hostKeys.list(), queryFn: listHosts, refetchInterval: 5000 });
}
