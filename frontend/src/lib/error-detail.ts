// Turns an API error body into one readable sentence for a person.
//
// FastAPI answers with {detail: "..."} for domain errors and with
// {detail: [{loc: ["body", "matrix", "sizes", 0], msg: "..."}, ...]} for validation errors.

interface ValidationItem {
  loc?: unknown;
  msg?: unknown;
}

function isValidationItem(value: unknown): value is ValidationItem {
  return typeof value === "object" && value !== null && "msg" in value;
}

function formatLocation(loc: unknown): string {
  if (!Array.isArray(loc)) return "";
  const parts = loc.filter((part) => typeof part === "string" || typeof part === "number");
  // "body", "query", "path" only say where FastAPI looked; the field is what a person needs.
  if (parts.length > 1 && ["body", "query", "path", "header"].includes(String(parts[0]))) {
    parts.shift();
  }
  return parts.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text ? `${text}.${part}` : part;
  }, "");
}

/** A readable message from a `detail` value (string, validation list, or anything else). */
export function formatDetail(detail: unknown, fallback = "Something went wrong."): string {
  if (typeof detail === "string") return detail.trim() || fallback;
  if (Array.isArray(detail)) {
    const lines = detail.map((item) => {
      if (typeof item === "string") return item;
      if (isValidationItem(item)) {
        const where = formatLocation(item.loc);
        const msg = String(item.msg);
        return where ? `${where}: ${msg}` : msg;
      }
      return JSON.stringify(item);
    });
    return lines.length ? lines.join("; ") : fallback;
  }
  if (typeof detail === "object" && detail !== null) {
    if ("message" in detail && typeof detail.message === "string") return detail.message;
    return JSON.stringify(detail);
  }
  return fallback;
}

/** The message for a failed response: its body's `detail`, else the HTTP status. */
export function formatErrorBody(status: number, statusText: string, body: unknown): string {
  const fallback = `The server answered ${status}${statusText ? ` ${statusText}` : ""}.`;
  if (typeof body === "object" && body !== null && "detail" in body) {
    return formatDetail(body.detail, fallback);
  }
  if (typeof body === "string" && body.trim() && body.length < 300 && !body.includes("<")) {
    return body.trim();
  }
  return fallback;
}
