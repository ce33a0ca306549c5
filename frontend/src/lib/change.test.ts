import { describe, expect, it } from "vitest";

import { formatChangePct, formatPValue } from "./change";

describe("formatChangePct", () => {
  it("signs the change with a real minus", () => {
    expect(formatChangePct(-23.44)).toBe("\u221223.4%");
    expect(formatChangePct(3.06)).toBe("+3.1%");
    expect(formatChangePct(0.01)).toBe("0.0%");
  });

  it("says so when there is none", () => {
    expect(formatChangePct(null)).toBe("—");
    expect(formatChangePct(Number.NaN)).toBe("—");
  });
});

describe("formatPValue", () => {
  it("caps tiny values and rounds the others", () => {
    expect(formatPValue(1e-12)).toBe("p < 0.001");
    expect(formatPValue(0.0234)).toBe("p = 0.023");
    expect(formatPValue(undefined)).toBe("—");
  });
});
