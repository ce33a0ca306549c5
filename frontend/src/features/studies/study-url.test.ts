import { describe, expect, it } from "vitest";

import { parseStudyQuery, resolveStudy, serializeStudyQuery, studiesOf } from "./study-url";

describe("study URL state", () => {
  it("parses, keeps unknown parameters and writes back", () => {
    const { query, notices } = parseStudyQuery("study=codec_lab&dataset=tpch&block=16384&speed=decompress&link=10Gbit&x=1");
    expect(notices).toEqual([]);
    expect(query).toMatchObject({ study: "codec_lab", dataset: "tpch", block: 16384, speed: "decompress", link: "10Gbit", linkBits: 10e9 });
    expect(serializeStudyQuery(query)).toBe("study=codec_lab&dataset=tpch&block=16384&speed=decompress&link=10Gbit&x=1");
  });

  it("ignores bad values with a notice", () => {
    const { query, notices } = parseStudyQuery("study=nope&block=abc&speed=up&link=fast");
    expect(query.study).toBeNull();
    expect(query.block).toBeNull();
    expect(query.speed).toBe("compress");
    expect(query.linkBits).toBe(1e9);
    expect(notices).toHaveLength(4);
    expect(serializeStudyQuery(query)).toBe("");
  });

  it("fits the query to the run", () => {
    const { query } = parseStudyQuery("dataset=json&block=999");
    const r = resolveStudy(query, { studies: ["codec_lab"], datasets: ["tpch", "json"], blocks: [4096, 16384] });
    expect(r).toMatchObject({ study: "codec_lab", dataset: "json", block: 16384 });
    expect(r.notices).toEqual(["ignored block=999: not in this run"]);
    const other = resolveStudy(parseStudyQuery("study=load_size").query, { studies: ["codec_lab"], datasets: [], blocks: [] });
    expect(other.study).toBe("codec_lab");
    expect(other.notices).toHaveLength(1);
  });

  it("knows which studies a run holds", () => {
    expect(studiesOf(["codec_lab"])).toEqual(["codec_lab"]);
    expect(studiesOf(["load_then_index", "read"])).toEqual(["load_size"]);
    expect(studiesOf(["read"])).toEqual([]);
    expect(studiesOf(["read"], [1, 4, 32])).toEqual(["concurrency"]);
    expect(studiesOf(["write"], [1, 4])).toEqual([]);
    expect(studiesOf(["binlog"])).toEqual(["binlog"]);
    expect(studiesOf(["binlog_row"])).toEqual(["binlog"]);
    expect(studiesOf(["read", "load"], [1, 4])).toEqual(["concurrency", "load_size"]); // seed001
  });

  it("carries the binlog chart's measure", () => {
    const { query, notices } = parseStudyQuery("study=binlog&dataset=records&measure=cpu");
    expect(notices).toEqual([]);
    expect(query).toMatchObject({ study: "binlog", dataset: "records", measure: "cpu" });
    expect(serializeStudyQuery(query)).toBe("study=binlog&dataset=records&measure=cpu");
    const bad = parseStudyQuery("measure=watts");
    expect(bad.query.measure).toBe("bytes");
    expect(bad.notices).toEqual(["ignored measure=watts: choose bytes, cpu, tps"]);
  });
});
