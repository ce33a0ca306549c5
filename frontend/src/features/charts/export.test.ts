import { describe, expect, it } from "vitest";

import { buildSvgExport, csvColumns, escapeXml, exportFilename, layoutLegend, toCsv, toJson } from "./export";

describe("toCsv", () => {
  it("writes a header and one line per row, columns in order of appearance", () => {
    const csv = toCsv([
      { method: "lz4", size: 1024, bps: 123456789.5 },
      { method: "none", size: 2048, bps: null, extra: true },
    ]);
    expect(csv).toBe("method,size,bps,extra\r\nlz4,1024,123456789.5,\r\nnone,2048,,true\r\n");
  });

  it("quotes what needs quoting and defuses formulas", () => {
    expect(toCsv([{ a: 'say "hi", twice', b: "line\nbreak", c: "=SUM(A1)", d: -5 }])).toBe(
      'a,b,c,d\r\n"say ""hi"", twice","line\nbreak",\'=SUM(A1),-5\r\n',
    );
  });

  it("follows explicit columns and handles no rows", () => {
    expect(toCsv([{ a: 1, b: 2 }], ["b"])).toBe("b\r\n2\r\n");
    expect(toCsv([], ["a", "b"])).toBe("a,b\r\n");
    expect(toCsv([{ x: NaN }])).toBe("x\r\n\r\n");
    expect(csvColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(["a", "b"]);
  });
});

describe("toJson", () => {
  it("wraps the rows with what they are", () => {
    expect(JSON.parse(toJson([{ a: 1 }], { run: 4, view: "size" }))).toEqual({ run: 4, view: "size", rows: [{ a: 1 }] });
  });
});

describe("exportFilename", () => {
  it("joins readable, safe parts", () => {
    expect(exportFilename(["blobbench-run", 41, "tradeoff", "random:2", null], "csv")).toBe(
      "blobbench-run-41-tradeoff-random_2.csv",
    );
    expect(exportFilename([], "svg")).toBe("chart.svg");
  });
});

describe("layoutLegend", () => {
  it("flows items into rows that fit the width", () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ label: `method-${i} · dynamic`, color: "#000" }));
    const { placed, height } = layoutLegend(items, 600);
    expect(placed[0]).toMatchObject({ x: 16, y: 10 });
    const rows = new Set(placed.map((p) => p.y));
    expect(rows.size).toBeGreaterThan(1);
    expect(height).toBe(rows.size * 20);
    for (const p of placed) expect(p.x).toBeLessThan(600);
    expect(layoutLegend([], 600)).toEqual({ placed: [], height: 0 });
  });
});

describe("buildSvgExport", () => {
  it("makes a standalone document with title, chart and legend", () => {
    const { svg, width, height } = buildSvgExport('<g><path d="M0,0L10,10" style="stroke: red"/></g>', {
      width: 800,
      height: 400,
      title: "Read throughput <by> size",
      subtitle: "random:2",
      legend: [
        { label: "lz4 · dynamic", color: "#2563a8", dash: "7 4" },
        { label: "none & co", color: "#e8710a", shape: "box" },
      ],
    });
    expect(width).toBe(800);
    expect(height).toBeGreaterThan(400 + 20 + 40);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800"')).toBe(true);
    expect(svg).toContain("Read throughput &lt;by&gt; size");
    expect(svg).toContain('<path d="M0,0L10,10" style="stroke: red"/>');
    expect(svg).toContain('stroke-dasharray="7 4"');
    expect(svg).toContain("none &amp; co");
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("escapes XML", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
  });
});
