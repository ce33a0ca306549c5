import { api, expectData } from "../../api/client";
import type { TokenCreate, TokenCreated, TokenRead } from "../../api/types";

export async function listTokens(): Promise<TokenRead[]> {
  return expectData(await api.GET("/api/v1/tokens"));
}

/** The answer carries the secret: the only time it is ever sent. */
export async function createToken(body: TokenCreate): Promise<TokenCreated> {
  return expectData(await api.POST("/api/v1/tokens", { body }));
}

export async function revokeToken(tokenId: number): Promise<void> {
  await api.DELETE("/api/v1/tokens/{token_id}", { params: { path: { token_id: tokenId } } });
}
