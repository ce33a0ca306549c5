import { afterEach, describe, expect, it, vi } from "vitest";

import { firingTone, formatIn, formatUtc, localAside, runStatusTone } from "./schedule-text";

describe("schedule times", () => {
  it("shows firing times in UTC, as the cron expression means them", () => {
    expect(formatUtc("2025-11-24T03:00:00Z")).toBe("Mon 2025-11-24 03:00 UTC");
    expect(formatUtc("2025-11-24T03:05:00")).toBe("Mon 2025-11-24 03:05 UTC");
    expect(formatUtc(null)).toBe("—");
  });

  describe("in the browser's zone", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it("adds the local time only where it differs from UTC", () => {
      vi.stubEnv("TZ", "Europe/Paris");
      expect(localAside("2025-11-24T03:00:00Z")).toBe("2025-11-24 04:00");
      vi.stubEnv("TZ", "UTC");
      expect(localAside("2025-11-24T03:00:00Z")).toBeNull();
      expect(localAside(null)).toBeNull();
    });
  });

  it("says how far away the next firing is", () => {
    const now = Date.UTC(2025, 10, 24, 2, 0);
    expect(formatIn("2025-11-24T02:00:10Z", now)).toBe("now");
    expect(formatIn("2025-11-24T02:05:00Z", now)).toBe("in 5 min");
    expect(formatIn("2025-11-24T05:00:00Z", now)).toBe("in 3 h");
    expect(formatIn("2025-11-27T02:00:00Z", now)).toBe("in 3 d");
  });

  it("colours firings by outcome", () => {
    expect(firingTone("created")).toBe("success");
    expect(firingTone("skipped")).toBe("warning");
    expect(firingTone("failed")).toBe("danger");
    expect(runStatusTone("partial")).toBe("warning");
    expect(runStatusTone(null)).toBe("neutral");
  });
});
