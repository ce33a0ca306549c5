import { describe, expect, it } from "vitest";

import { shareKeyFrom } from "./share";

describe("shareKeyFrom", () => {
  it("reads a share key from the query", () => {
    const key = "bbs_" + "a".repeat(43);
    expect(shareKeyFrom(`?view=size&share=${key}`)).toBe(key);
  });

  it("ignores anything that is not a share key", () => {
    expect(shareKeyFrom("?view=size")).toBeNull();
    expect(shareKeyFrom("?share=bba_" + "a".repeat(43))).toBeNull();
    expect(shareKeyFrom("?share=bbs_short")).toBeNull();
    expect(shareKeyFrom("?share=bbs_" + "a".repeat(40) + "<script>")).toBeNull();
  });
});
