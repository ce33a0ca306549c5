import type { UseQueryResult } from "@tanstack/react-query";

import type { CronPreview } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { formatUtc, localAside } from "./schedule-text";

/**
 * The server's reading of a cron expression as it is typed: its next five firing times, or
 * why it cannot be used. `settled` is the debounced text `preview` was asked about.
 */
export function CronFires({
  typed,
  settled,
  preview,
  id,
}: {
  typed: string;
  settled: string;
  preview: UseQueryResult<CronPreview>;
  id?: string;
}) {
  if (!typed.trim()) {
    return (
      <p className="field-hint" id={id}>
        Five fields (minute hour day-of-month month day-of-week) in UTC, or @hourly, @daily, @weekly.
      </p>
    );
  }
  if (settled !== typed.trim() || preview.isFetching) {
    return (
      <p className="field-hint" id={id} aria-live="polite">
        Checking…
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div id={id} aria-live="polite">
        <ErrorMessage error={preview.error} testId="cron-error" />
      </div>
    );
  }
  if (!preview.data) return null;
  return (
    <div className="cron-preview" id={id} aria-live="polite" data-testid="cron-preview">
      <span className="field-hint">Next five firings:</span>
      <ol className="cron-fires" data-testid="cron-next-fires">
        {preview.data.next_fires.map((t) => (
          <li key={t}>
            {formatUtc(t)} {localAside(t) ? <span className="muted small">({localAside(t)} your time)</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
