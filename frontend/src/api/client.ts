// The one typed API client. Types come from schema.d.ts, generated from the API's OpenAPI
// document (`npm run gen:api`); never edit that file by hand.

import createClient, { type Middleware } from "openapi-fetch";

import { formatErrorBody } from "../lib/error-detail";
import { getShareKey } from "../lib/share";
import { getToken } from "../lib/token";
import type { paths } from "./schema";

/** A non-2xx answer, with the server's `detail` rendered as a readable message. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: unknown;

  constructor(status: number, message: string, detail: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError for a non-2xx response, with the server's `detail` made readable. */
async function apiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const detail = typeof body === "object" && body !== null && "detail" in body ? body.detail : body;
  return new ApiError(response.status, formatErrorBody(response.status, response.statusText, body), detail);
}

const authAndErrors: Middleware = {
  onRequest({ request }) {
    // A personal token wins; else the key of the share link this tab was opened with.
    const token = getToken() ?? getShareKey();
    // A caller may send its own token (the sign-in page checks one before storing it).
    if (token && !request.headers.has("Authorization")) {
      request.headers.set("Authorization", `Bearer ${token}`);
    }
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return response;
    throw await apiError(response.clone());
  },
};

export const api = createClient<paths, "application/json">({
  baseUrl: typeof window === "undefined" ? "http://localhost" : window.location.origin,
});
api.use(authAndErrors);

/** The data of a successful call (the middleware has already thrown for the others). */
export function expectData<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new ApiError(result.response.status, "The server sent an empty answer.", null);
  }
  return result.data;
}

/** Where a browser can download a file the API serves (CSV, JSON). */
export function apiUrl(path: string): string {
  return `/api/v1${path}`;
}

/** Fetches an API file with the caller's credentials (reads may need a token) as a Blob. */
export async function fetchApiFile(path: string): Promise<Blob> {
  const token = getToken() ?? getShareKey();
  const response = await fetch(apiUrl(path), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await apiError(response);
  return response.blob();
}

/** Offers a Blob to the person as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
