import { useHosts } from "../../features/hosts/use-hosts";
import { useCatalog } from "../../features/runs/use-runs";
import { SchedulesPage } from "../../features/schedules/schedules-page";
import { useTargets } from "../../features/targets/use-targets";

/** /schedules: the list and form, fed with targets, hosts and the catalog (features meet here). */
export function SchedulesRoute() {
  const targets = useTargets();
  const hosts = useHosts();
  const catalog = useCatalog();
  return <SchedulesPage targets={targets.data} hosts={hosts.data} hints={catalog.data ?? null} />;
}
