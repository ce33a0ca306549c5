// A read-only share link carries its key in the URL (`/runs/42?share=bbs_…`). The key is kept for
// this tab (sessionStorage), so moving between views of the run keeps working, and it is sent as
// the bearer token whenever no personal token is stored.

export const SHARE_STORAGE_KEY = "blobbench.share";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads `share=` from a query string; a key is URL-safe base64 after its `bbs_` prefix. */
export function shareKeyFrom(search: string): string | null {
  const key = new URLSearchParams(search).get("share");
  return key && /^bbs_[A-Za-z0-9_-]{16,100}$/.test(key) ? key : null;
}

/** Called once at start-up: remembers the share key of the address the tab was opened with. */
export function captureShareKey(search: string): void {
  const key = shareKeyFrom(search);
  if (key) storage()?.setItem(SHARE_STORAGE_KEY, key);
}

export function getShareKey(): string | null {
  return storage()?.getItem(SHARE_STORAGE_KEY) || null;
}

export function forgetShareKey(): void {
  storage()?.removeItem(SHARE_STORAGE_KEY);
}
