import { useOpenAlerts } from "./use-alerts";

/** The number of open alerts, for the navigation; nothing when there are none. */
export function AlertsBadge() {
  const open = useOpenAlerts();
  const count = open.data?.length ?? 0;
  if (!count) return null;
  return (
    <span className="nav-badge" data-testid="alerts-badge" aria-label={`${count} unacknowledged`}>
      {count}
    </span>
  );
}
