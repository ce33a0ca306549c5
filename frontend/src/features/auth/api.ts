import { api, expectData } from "../../api/client";
import type { Me } from "../../api/types";

/** Who a token belongs to. With `token`, checks that one instead of the stored one. */
export async function fetchMe(token?: string): Promise<Me> {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  return expectData(await api.GET("/api/v1/auth/me", { headers }));
}
