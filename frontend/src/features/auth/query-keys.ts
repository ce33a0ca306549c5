export const authKeys = {
  all: ["auth"] as const,
  /** Keyed by the token's tail so that signing in with another token refetches. */
  me: (token: string | null) => [...authKeys.all, "me", token ? token.slice(-8) : null] as const,
};
