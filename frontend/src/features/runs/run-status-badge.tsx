import type { RunStatus } from "../../api/types";
import { Badge } from "../../components/badge";
import { statusTone } from "./run-status";

export function RunStatusBadge({ status, testId }: { status: RunStatus; testId?: string }) {
  return (
    <span data-status={status} data-testid={testId}>
      <Badge tone={statusTone(status)}>{status}</Badge>
    </span>
  );
}
