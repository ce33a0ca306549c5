import { describe, expect, it } from "vitest";

import {
  formatAgo,
  formatBytes,
  formatDuration,
  formatMBps,
  formatMicros,
  formatRate,
  parseSize,
  parseTimestamp,
} from "./format";

describe("formatBytes", () => {
  it("uses binary units", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1024)).toBe("1 KiB");
    expect(formatBytes(64 * 1024)).toBe("64 KiB");
    expect(formatBytes(1024 * 1024)).toBe("1 MiB");
    expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MiB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5 GiB");
  });

  it("keeps three significant digits", () => {
    expect(formatBytes(1000)).toBe("1000 B");
    expect(formatBytes(1234567)).toBe("1.18 MiB");
    expect(formatBytes(150 * 1024 + 300)).toBe("150 KiB");
  });

  it("says so when there is no number", () => {
    expect(formatBytes(Number.NaN)).toBe("—");
  });
});

describe("throughput", () => {
  it("picks a decimal unit", () => {
    expect(formatRate(999)).toBe("999 B/s");
    expect(formatRate(1_234_000)).toBe("1.23 MB/s");
    expect(formatRate(2.5e9)).toBe("2.5 GB/s");
  });

  it("writes MB/s with sensible precision", () => {
    expect(formatMBps(1_234_567)).toBe("1.23 MB/s");
    expect(formatMBps(45_670_000)).toBe("45.7 MB/s");
    expect(formatMBps(1_234_567_890)).toBe("1235 MB/s");
  });
});

describe("parseSize", () => {
  it("reads sizes as people type them", () => {
    expect(parseSize("64KiB")).toBe(65536);
    expect(parseSize("64 k")).toBe(65536);
    expect(parseSize("64KB")).toBe(65536);
    expect(parseSize("1MiB")).toBe(1048576);
    expect(parseSize("1.5 MiB")).toBe(1572864);
    expect(parseSize("100")).toBe(100);
    expect(parseSize(" 7b ")).toBe(7);
  });

  it("rejects the rest", () => {
    for (const bad of ["", "abc", "0", "-1KiB", "1 parsec", "1e3", "KiB"]) {
      expect(parseSize(bad)).toBeNull();
    }
  });
});

describe("times", () => {
  it("formats latencies", () => {
    expect(formatMicros(850)).toBe("850 µs");
    expect(formatMicros(12_500)).toBe("12.5 ms");
    expect(formatMicros(2_000_000)).toBe("2 s");
    expect(formatMicros(null)).toBe("—");
  });

  it("reads zone-less timestamps as UTC", () => {
    expect(parseTimestamp("2025-01-01T00:00:00")).toBe(Date.UTC(2025, 0, 1));
    expect(parseTimestamp("2025-01-01T01:00:00+01:00")).toBe(Date.UTC(2025, 0, 1));
  });

  it("says how long ago", () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(formatAgo("2025-01-01T12:00:00Z", now)).toBe("just now");
    expect(formatAgo("2025-01-01T11:59:30Z", now)).toBe("30 s ago");
    expect(formatAgo("2025-01-01T11:55:00Z", now)).toBe("5 min ago");
    expect(formatAgo("2025-01-01T09:00:00Z", now)).toBe("3 h ago");
    expect(formatAgo(null, now)).toBe("never");
  });

  it("formats durations", () => {
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(185)).toBe("3 min 5 s");
    expect(formatDuration(3720)).toBe("1 h 2 min");
  });
});
