import { describe, expect, it } from "vitest";

import type { TokenRead } from "../../api/types";
import { CREATABLE_SCOPES, maskedPrefix, scopeTone, sortTokens, tokenFor } from "./token-view";

function token(id: number, revoked = false): TokenRead {
  return {
    id,
    name: `t${id}`,
    scope: "run",
    prefix: "bbr_abcd",
    host: null,
    run_id: null,
    created_at: "2025-11-20T10:00:00",
    last_used_at: null,
    revoked_at: revoked ? "2025-11-21T10:00:00" : null,
  };
}

describe("tokens", () => {
  it("lists active tokens newest first, revoked ones last", () => {
    expect(sortTokens([token(1), token(2, true), token(3)]).map((t) => t.id)).toEqual([3, 1, 2]);
  });

  it("offers run and admin scopes only", () => {
    expect(CREATABLE_SCOPES.map((s) => s.scope)).toEqual(["run", "admin"]);
    expect(scopeTone("admin")).toBe("accent");
    expect(scopeTone("share")).toBe("success");
  });

  it("says whom a worker token or share key is for", () => {
    expect(tokenFor({ ...token(1), scope: "worker", host: "host-a" })).toBe("for host host-a");
    expect(tokenFor({ ...token(1), scope: "share", run_id: 12 })).toBe("opens run #12");
    expect(tokenFor(token(1))).toBeNull();
  });

  it("shows a prefix, never a secret", () => {
    expect(maskedPrefix("bbr_abcd")).toBe("bbr_abcd…");
  });
});
