// How a comparison reads: a change in percent and a p-value.

/** "−23.4%" / "+3.1%" (a real minus sign), or "—". */
export function formatChangePct(change: number | null | undefined): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return "—";
  const rounded = Math.abs(change).toFixed(1);
  if (Number(rounded) === 0) return "0.0%";
  return `${change > 0 ? "+" : "\u2212"}${rounded}%`;
}

/** "p < 0.001", "p = 0.023", or "—" when there was no test. */
export function formatPValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "—";
  if (p < 0.001) return "p < 0.001";
  return `p = ${p.toFixed(3)}`;
}
