import { describe, expect, it } from "vitest";

import { binlogBars, binlogTable, type BinlogResultLike } from "./binlog";

let id = 0;
function mode(bytes: number, cpu: number | null, tps: number) {
  return { binlog_bytes: bytes, bytes_per_transaction: bytes / 200, transactions_per_file: 2 ** 30 / (bytes / 200), server_cpu_s: cpu, client_cpu_s: 0.1, tps };
}
function result(method: string, size: number, off: number, on: number, extra: Record<string, unknown> = {}, dataset = "json"): BinlogResultLike {
  id += 1;
  return {
    cell_id: id,
    method,
    storage: "dynamic",
    dataset,
    size,
    workload: "binlog",
    extra: { rows: 100, binlog_algorithm: "zlib", binlog_format: "MIXED", modes: { off: mode(off, 1, 1000), on: mode(on, 1.5, 800) }, ...extra },
  };
}

describe("binlogTable", () => {
  it("compares compression on with off per cell", () => {
    const [row] = binlogTable([result("none", 2048, 10_000_000, 4_000_000)]);
    expect(row.saved).toBeCloseTo(0.6);
    expect(row.off.bytesPerTrx).toBe(50_000);
    expect(row.on.trxPerFile! / row.off.trxPerFile!).toBeCloseTo(2.5);
    expect(row.serverCpuRatio).toBeCloseTo(1.5);
    expect(row.tpsRatio).toBeCloseTo(0.8);
    expect([row.algorithm, row.format, row.rows]).toEqual(["zlib", "MIXED", 100]);
  });

  it("orders by dataset (the run's order), size, method; skips other workloads and incomplete rows", () => {
    const rows = binlogTable([
      result("zstd:3", 2048, 5, 5),
      result("none", 16384, 9, 3),
      result("none", 2048, 8, 4, {}, "records"),
      result("none", 2048, 8, 4),
      { ...result("none", 256, 1, 1), workload: "write" },
      result("none", 256, 1, 1, { modes: { off: null } }),
    ]);
    expect(rows.map((r) => `${r.dataset} ${r.size} ${r.method}`)).toEqual([
      "json 2048 zstd:3",
      "json 2048 none",
      "json 16384 none",
      "records 2048 none",
    ]);
  });

  it("takes both binlog workloads, ROW after the server's format", () => {
    const row = result("none", 2048, 12, 9, { binlog_format: "ROW" });
    row.workload = "binlog_row";
    const rows = binlogTable([row, result("none", 2048, 8, 4)]);
    expect(rows.map((r) => r.format)).toEqual(["MIXED", "ROW"]);
  });

  it("keeps a missing server CPU as null, not zero", () => {
    const r = result("none", 2048, 10, 5);
    (r.extra.modes as { on: { server_cpu_s: number | null } }).on.server_cpu_s = null;
    const [row] = binlogTable([r]);
    expect(row.on.serverCpuS).toBeNull();
    expect(row.serverCpuRatio).toBeNull();
  });
});

describe("binlogBars", () => {
  it("gives each cell its off and on value of the chosen measure", () => {
    const rows = binlogTable([result("none", 2048, 10_000, 2_000)]);
    expect(binlogBars(rows, "bytes", (r) => r.method)).toEqual([{ key: "none", off: 50, on: 10 }]);
    expect(binlogBars(rows, "cpu", (r) => r.method)).toEqual([{ key: "none", off: 1, on: 1.5 }]);
    expect(binlogBars(rows, "tps", (r) => r.method)).toEqual([{ key: "none", off: 1000, on: 800 }]);
  });
});
