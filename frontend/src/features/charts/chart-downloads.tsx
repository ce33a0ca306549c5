import { useState, type RefObject } from "react";

import { buildSvgExport, exportFilename, toCsv, toJson, type DataRow, type SvgLegendItem } from "./export";
import { downloadBlob, findChartSvg, serializeChart, svgToPng } from "./svg-capture";

export interface DownloadSpec {
  /** Where the chart is drawn (the view's root). */
  chart: RefObject<HTMLElement | null>;
  /** Exactly the rows the chart draws. */
  rows: readonly DataRow[];
  /** File name parts: ["blobbench-run", 41, "tradeoff", "random:2"]. */
  name: ReadonlyArray<string | number | null | undefined>;
  title: string;
  subtitle?: string;
  legend?: readonly SvgLegendItem[];
  /** What the JSON says the rows are (run, view, query). */
  meta?: Record<string, unknown>;
}

/** PNG · SVG · CSV · JSON for one chart. */
export function ChartDownloads({ spec, testId = "view-downloads" }: { spec: DownloadSpec; testId?: string }) {
  const [error, setError] = useState<string | null>(null);

  function svgDocument() {
    const svg = findChartSvg(spec.chart.current);
    if (!svg) throw new Error("There is no chart to download yet.");
    const chart = serializeChart(svg);
    return buildSvgExport(chart.markup, {
      width: chart.width,
      height: chart.height,
      title: spec.title,
      subtitle: spec.subtitle,
      legend: spec.legend,
      fontFamily: getComputedStyle(svg).fontFamily || undefined,
    });
  }

  async function run(kind: "png" | "svg" | "csv" | "json") {
    setError(null);
    try {
      const filename = exportFilename(spec.name, kind);
      if (kind === "csv") downloadBlob(new Blob([toCsv(spec.rows)], { type: "text/csv;charset=utf-8" }), filename);
      else if (kind === "json")
        downloadBlob(new Blob([toJson(spec.rows, spec.meta)], { type: "application/json" }), filename);
      else {
        const doc = svgDocument();
        if (kind === "svg") downloadBlob(new Blob([doc.svg], { type: "image/svg+xml;charset=utf-8" }), filename);
        else downloadBlob(await svgToPng(doc.svg, doc.width, doc.height), filename);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div className="chart-downloads" data-testid={testId} data-row-count={spec.rows.length}>
      <span className="control-label">Download</span>
      {(["png", "svg", "csv", "json"] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="button button-small"
          onClick={() => void run(kind)}
          data-testid={`view-download-${kind}`}
          title={kind === "png" || kind === "svg" ? `The chart as ${kind.toUpperCase()}` : `The ${spec.rows.length} rows this chart draws`}
        >
          {kind.toUpperCase()}
        </button>
      ))}
      {error ? <span className="field-error small">{error}</span> : null}
    </div>
  );
}
