/** A progress bar with the numbers screen readers and tests need (aria-valuenow/max). */
export function ProgressBar({
  value,
  max,
  failed = 0,
  label,
  testId,
  size = "normal",
}: {
  value: number;
  max: number;
  failed?: number;
  label?: string;
  testId?: string;
  size?: "normal" | "small";
}) {
  const safeMax = Math.max(0, max);
  const clamped = Math.min(Math.max(0, value), safeMax);
  const okShare = safeMax ? ((clamped - Math.min(failed, clamped)) / safeMax) * 100 : 0;
  const failedShare = safeMax ? (Math.min(failed, clamped) / safeMax) * 100 : 0;
  return (
    <div
      className={`progress progress-${size}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      aria-label={label ?? "Progress"}
      data-testid={testId}
    >
      <div className="progress-done" style={{ width: `${okShare}%` }} />
      <div className="progress-failed" style={{ width: `${failedShare}%` }} />
    </div>
  );
}
