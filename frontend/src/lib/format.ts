// Human-readable numbers: blob sizes in binary units, throughput in decimal MB/s, times.

const BINARY_UNITS = ["B", "KiB", "MiB", "GiB", "TiB"] as const;

/** 1024 → "1 KiB", 65536 → "64 KiB", 1572864 → "1.5 MiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return "—";
  const sign = bytes < 0 ? "-" : "";
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sign}${trimNumber(value)} ${BINARY_UNITS[unit]}`;
}

const DECIMAL_RATE_UNITS = ["B/s", "kB/s", "MB/s", "GB/s", "TB/s"] as const;

/** Throughput with a unit chosen for the value: 1_234_000 → "1.23 MB/s". */
export function formatRate(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond)) return "—";
  let value = Math.abs(bytesPerSecond);
  let unit = 0;
  while (value >= 1000 && unit < DECIMAL_RATE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const sign = bytesPerSecond < 0 ? "-" : "";
  return `${sign}${trimNumber(value)} ${DECIMAL_RATE_UNITS[unit]}`;
}

/** Throughput always in MB/s (10^6 bytes per second), the unit the tables compare in. */
export function formatMBps(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond)) return "—";
  const mb = bytesPerSecond / 1e6;
  const digits = mb >= 100 ? 0 : mb >= 10 ? 1 : 2;
  return `${mb.toFixed(digits)} MB/s`;
}

/** Three significant digits at most, without trailing zeros: 1 → "1", 1.5 → "1.5", 123.456 → "123". */
function trimNumber(value: number): string {
  if (value === 0) return "0";
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return String(Number(value.toFixed(digits)));
}

const SIZE_UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/**
 * Parses a blob size typed by a person: "64KiB", "64 k", "1.5 MiB", "1048576".
 * Units are binary (KB and KiB both mean 1024). Returns null for anything else.
 */
export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  if (!match) return null;
  const factor = SIZE_UNITS[match[2].toLowerCase()];
  if (factor === undefined) return null;
  const bytes = Math.round(Number(match[1]) * factor);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : null;
}

/** Microseconds as a latency: 850 → "850 µs", 12_500 → "12.5 ms". */
export function formatMicros(us: number | null | undefined): string {
  if (us === null || us === undefined || !Number.isFinite(us)) return "—";
  if (us < 1000) return `${trimNumber(us)} µs`;
  if (us < 1_000_000) return `${trimNumber(us / 1000)} ms`;
  return `${trimNumber(us / 1_000_000)} s`;
}

/** Milliseconds since the epoch; a timestamp without a zone is read as UTC (what the API stores). */
export function parseTimestamp(iso: string): number {
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/i.test(iso);
  return Date.parse(hasZone ? iso : `${iso}Z`);
}

/** "just now", "5 min ago", "3 h ago", "2 d ago" relative to `now`. */
export function formatAgo(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "never";
  const then = parseTimestamp(iso);
  if (Number.isNaN(then)) return "—";
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 10) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** A timestamp for tables: "2025-11-22 04:47". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(parseTimestamp(iso));
  if (Number.isNaN(date.getTime())) return "—";
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Elapsed time between two timestamps: "42 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
