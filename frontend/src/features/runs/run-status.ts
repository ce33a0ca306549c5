import type { RunStatus } from "../../api/types";
import type { Tone } from "../../components/badge";

const ACTIVE: ReadonlySet<string> = new Set(["queued", "running"]);

/** Queued or running: the run still changes, so its page polls. */
export function isActive(status: RunStatus | undefined | null): boolean {
  return status ? ACTIVE.has(status) : false;
}

export function statusTone(status: RunStatus): Tone {
  switch (status) {
    case "queued":
      return "neutral";
    case "running":
      return "info";
    case "succeeded":
      return "success";
    case "partial":
      return "warning";
    case "failed":
      return "danger";
    case "canceled":
      return "neutral";
  }
}
