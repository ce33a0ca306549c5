// The API token a person pasted on /signin, kept in localStorage and observable by React.

import { useSyncExternalStore } from "react";

export const TOKEN_STORAGE_KEY = "blobbench.token";

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
}

export function setToken(token: string | null): void {
  const store = storage();
  if (!store) return;
  if (token) store.setItem(TOKEN_STORAGE_KEY, token);
  else store.removeItem(TOKEN_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current token (or null), re-rendering when it changes in this or another tab. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
