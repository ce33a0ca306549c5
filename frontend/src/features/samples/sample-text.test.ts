import { describe, expect, it } from "vitest";

import { sampleDatasetLabels, sourceSummary, uploadMessage, type SampleLike } from "./sample-text";

function sample(overrides: Partial<SampleLike>): SampleLike {
  return { id: 1, name: "mine", kind: "upload", size: 5000, source: {}, dataset: "sample:1", ...overrides };
}

describe("sourceSummary", () => {
  it("names the uploaded file when it differs from the sample's name", () => {
    expect(sourceSummary(sample({ source: { filename: "report.bin" } }))).toBe("uploaded file report.bin");
    expect(sourceSummary(sample({ source: { filename: "mine" } }))).toBe("uploaded file");
    expect(sourceSummary(sample({ source: {} }))).toBe("uploaded file");
  });

  it("says which column of which target a table sample read", () => {
    const table = sample({
      kind: "table",
      source: { target_id: 2, schema: "shop", table: "orders", column: "payload", rows: 1204, data_type: "blob", mean_value_bytes: 1800 },
    });
    expect(sourceSummary(table, { 2: "prod-replica" })).toBe("shop.orders.payload on prod-replica · 1,204 rows of blob, ~1.76 KiB each");
    expect(sourceSummary(table)).toBe("shop.orders.payload on target #2 · 1,204 rows of blob, ~1.76 KiB each");
    expect(sourceSummary(sample({ kind: "table", source: { rows: 1 } }))).toBe("a table column · 1 row");
  });
});

describe("labels and messages", () => {
  it("labels sample datasets by name", () => {
    expect(sampleDatasetLabels([sample({}), sample({ id: 4, name: "orders", dataset: "sample:4" })])).toEqual({
      "sample:1": "mine",
      "sample:4": "orders",
    });
  });

  it("tells a new upload from content that was already stored", () => {
    expect(uploadMessage(sample({}), true)).toBe("Uploaded mine (4.88 KiB) as dataset sample:1.");
    expect(uploadMessage(sample({}), false)).toMatch(/already stored as mine \(dataset sample:1\)/);
  });
});
