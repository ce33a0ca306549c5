import { describe, expect, it } from "vitest";

import {
  describeUnsupported,
  gate,
  indexCapabilities,
  levelledFamilies,
  unsupportedChoices,
  withCapabilityOptions,
} from "./capabilities";

const PERCONA = "needs Percona Server (COLUMN_FORMAT COMPRESSED is a Percona extension; target is mariadb 10.11)";
const CAPS = {
  methods: [
    { name: "none", supported: true, reason: null, levels: null },
    { name: "zstd", supported: true, reason: null, levels: [-131072, 22, 3] },
    { name: "lz4hc", supported: true, reason: null, levels: [1, 12, 9] },
    { name: "mysql_uncompress", supported: false, reason: "needs the server's UNCOMPRESS() function", levels: null },
    { name: "brotli", supported: false, reason: null, levels: [0, 11, 11] },
  ],
  storages: [
    { name: "dynamic", supported: true, reason: null },
    { name: "page:lz4", supported: false, reason: "lz4 provider plugin not loaded" },
    { name: "percona_column", supported: false, reason: PERCONA },
  ],
  workloads: [
    { name: "read", supported: true, reason: null },
    { name: "read_cold", supported: false, reason: "buffer pool too large" },
    { name: "write", supported: true, reason: null },
  ],
};
const index = indexCapabilities(CAPS);

describe("gate", () => {
  it("greys out storages and workloads the target lacks, with the server's reason", () => {
    expect(gate(index, "storage", "dynamic")).toEqual({ supported: true, reason: null });
    expect(gate(index, "storage", "percona_column")).toEqual({ supported: false, reason: PERCONA });
    expect(gate(index, "workload", "read_cold")).toEqual({ supported: false, reason: "buffer pool too large" });
  });

  it("judges a method by its family and its level", () => {
    expect(gate(index, "method", "zstd:19").supported).toBe(true);
    expect(gate(index, "method", "zstd")).toEqual({ supported: true, reason: null });
    expect(gate(index, "method", "zstd:23")).toEqual({ supported: false, reason: "level 23 is outside zstd's -131072–22" });
    expect(gate(index, "method", "mysql_uncompress").reason).toMatch(/UNCOMPRESS/);
    expect(gate(index, "method", "none:1")).toEqual({ supported: false, reason: "none takes no level" });
    expect(gate(index, "method", "nope")).toEqual({ supported: false, reason: "'nope' is not a method this server knows" });
  });

  it("gives a reason even when the server sent none", () => {
    expect(gate(index, "method", "brotli:5")).toEqual({ supported: false, reason: "not supported by this target" });
  });

  it("leaves the decision to the server when it knows nothing", () => {
    expect(gate(null, "storage", "percona_column").supported).toBe(true);
    expect(gate(index, "storage", "compressed:4").supported).toBe(true);
    expect(gate(indexCapabilities({ methods: [], storages: [], workloads: [] }), "method", "zstd:99").supported).toBe(true);
  });
});

describe("unsupportedChoices", () => {
  it("lists every chosen value the target cannot run", () => {
    const found = unsupportedChoices(index, {
      methods: ["none", "zstd:19", "mysql_uncompress"],
      storages: ["dynamic", "percona_column"],
      workloads: ["read", "read_cold"],
    });
    expect(found.map((c) => `${c.dimension}:${c.value}`)).toEqual([
      "method:mysql_uncompress",
      "storage:percona_column",
      "workload:read_cold",
    ]);
    expect(describeUnsupported(found[1])).toBe(`storage percona_column is not available on this target: ${PERCONA}`);
    expect(unsupportedChoices(null, { methods: ["x"], storages: [], workloads: [] })).toEqual([]);
  });
});

describe("options", () => {
  it("adds what the target describes after the catalog's choices", () => {
    expect(withCapabilityOptions(["dynamic", "page:zlib"], CAPS.storages)).toEqual([
      "dynamic",
      "page:zlib",
      "page:lz4",
      "percona_column",
    ]);
    expect(withCapabilityOptions(["read"], undefined)).toEqual(["read"]);
  });

  it("lists the families that take a level", () => {
    expect(levelledFamilies(index)).toEqual([
      { family: "zstd", range: { min: -131072, max: 22, default: 3 }, supported: true, reason: null },
      { family: "lz4hc", range: { min: 1, max: 12, default: 9 }, supported: true, reason: null },
      { family: "brotli", range: { min: 0, max: 11, default: 11 }, supported: false, reason: "not supported by this target" },
    ]);
    expect(levelledFamilies(null)).toEqual([]);
  });
});
