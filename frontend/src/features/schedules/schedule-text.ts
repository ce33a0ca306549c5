// How schedule times and firings read. Cron expressions are evaluated in UTC, so firing
// times are shown in UTC first (what the expression says) and in the browser's zone second.

import type { FiringRead } from "../../api/types";
import type { Tone } from "../../components/badge";
import { formatDateTime, parseTimestamp } from "../../lib/format";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Mon 2025-11-24 03:00 UTC". */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(parseTimestamp(iso));
  if (Number.isNaN(date.getTime())) return "—";
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${DAYS[date.getUTCDay()]} ${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-` +
    `${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  );
}

/** The same moment in the browser's zone, "2025-11-24 04:00"; null where that zone is UTC. */
export function localAside(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(parseTimestamp(iso));
  if (Number.isNaN(date.getTime()) || date.getTimezoneOffset() === 0) return null;
  return formatDateTime(iso);
}

/** "in 5 min", "in 3 h", "in 2 d" (or "now" when due). */
export function formatIn(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "—";
  const then = parseTimestamp(iso);
  if (Number.isNaN(then)) return "—";
  const seconds = Math.round((then - now) / 1000);
  if (seconds <= 30) return "now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.round(hours / 24)} d`;
}

export function firingTone(outcome: FiringRead["outcome"]): Tone {
  switch (outcome) {
    case "created":
      return "success";
    case "skipped":
      return "warning";
    case "failed":
      return "danger";
  }
}

/** A run status as a badge tone (the runs list uses the same colours). */
export function runStatusTone(status: string | null | undefined): Tone {
  switch (status) {
    case "running":
      return "info";
    case "succeeded":
      return "success";
    case "partial":
      return "warning";
    case "failed":
      return "danger";
    default:
      return "neutral";
  }
}
