import { describe, expect, it } from "vitest";

import { formatDetail, formatErrorBody } from "./error-detail";

describe("formatDetail", () => {
  it("passes a sentence through", () => {
    expect(formatDetail("Access denied for user 'bob' — check the user name and password")).toBe(
      "Access denied for user 'bob' — check the user name and password",
    );
  });

  it("renders FastAPI validation errors as field: message", () => {
    const detail = [
      { loc: ["body", "matrix", "sizes", 0], msg: "Input should be a valid integer", type: "int_parsing" },
      { loc: ["body", "name"], msg: "Field required", type: "missing" },
    ];
    expect(formatDetail(detail)).toBe(
      "matrix.sizes[0]: Input should be a valid integer; name: Field required",
    );
  });

  it("keeps a location that is only 'body'", () => {
    expect(formatDetail([{ loc: ["body"], msg: "Invalid JSON" }])).toBe("body: Invalid JSON");
  });

  it("handles items without a location and odd shapes", () => {
    expect(formatDetail([{ msg: "bad" }, "plain"])).toBe("bad; plain");
    expect(formatDetail({ message: "from an object" })).toBe("from an object");
    expect(formatDetail(null, "fallback")).toBe("fallback");
    expect(formatDetail("   ", "fallback")).toBe("fallback");
    expect(formatDetail([], "fallback")).toBe("fallback");
  });
});

describe("formatErrorBody", () => {
  it("uses the detail when there is one", () => {
    expect(formatErrorBody(409, "Conflict", { detail: "Target 'x' exists" })).toBe("Target 'x' exists");
  });

  it("falls back to the status", () => {
    expect(formatErrorBody(502, "Bad Gateway", "<html>nginx</html>")).toBe(
      "The server answered 502 Bad Gateway.",
    );
    expect(formatErrorBody(500, "", null)).toBe("The server answered 500.");
    expect(formatErrorBody(503, "", "Service warming up")).toBe("Service warming up");
  });
});
