// How tokens read in the list.

import type { TokenCreate, TokenRead, TokenScope } from "../../api/types";

type CreatableScope = NonNullable<TokenCreate["scope"]>;
import type { Tone } from "../../components/badge";

/** The scopes a person may mint here; worker tokens come from `blobbench bootstrap`, share
 * keys from a run's share button. */
export const CREATABLE_SCOPES: ReadonlyArray<{ scope: CreatableScope; label: string; note: string }> = [
  { scope: "run", label: "run", note: "start runs and schedules, acknowledge alerts: for CI jobs" },
  { scope: "admin", label: "admin", note: "everything a run token can, plus targets and tokens" },
];

export function scopeTone(scope: TokenScope): Tone {
  switch (scope) {
    case "admin":
      return "accent";
    case "run":
      return "info";
    case "share":
      return "success";
    default:
      return "neutral";
  }
}

/** Whom a token acts for beyond its scope: a worker's host, a share key's run. */
export function tokenFor(token: TokenRead): string | null {
  if (token.host) return `for host ${token.host}`;
  if (token.run_id) return `opens run #${token.run_id}`;
  return null;
}

/** Active tokens first (newest first), then revoked ones. */
export function sortTokens(tokens: TokenRead[]): TokenRead[] {
  return [...tokens].sort((a, b) => Number(Boolean(a.revoked_at)) - Number(Boolean(b.revoked_at)) || b.id - a.id);
}

/** "bbr_AbCd…": enough to tell tokens apart, nothing to use. */
export function maskedPrefix(prefix: string): string {
  return `${prefix}…`;
}
