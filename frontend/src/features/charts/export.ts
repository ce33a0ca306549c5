// Pure pieces of "Download": the rows a view draws as CSV or JSON, and a standalone SVG document
// (title, chart, legend) built around a chart's serialized markup. The DOM half (reading the
// live <svg>, inlining computed styles, drawing a PNG) is in svg-capture.ts.

export type CsvValue = string | number | boolean | null | undefined;
export type DataRow = Record<string, CsvValue>;

/** Column names in order of first appearance across the rows. */
export function csvColumns(rows: readonly DataRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  // A cell a spreadsheet would run as a formula is shown as text instead.
  if (typeof value === "string" && /^[=+@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header line; numbers keep full precision, missing values are empty. */
export function toCsv(rows: readonly DataRow[], columns: readonly string[] = csvColumns(rows)): string {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The rows with what they are: `{view, query, rows}`, indented for people. */
export function toJson(rows: readonly DataRow[], meta: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...meta, rows }, null, 2)}\n`;
}

/** `blobbench-run-41-tradeoff.csv` — readable, safe on every file system. */
export function exportFilename(parts: ReadonlyArray<string | number | null | undefined>, extension: string): string {
  const stem = parts
    .filter((p) => p !== null && p !== undefined && p !== "")
    .map((p) => String(p).replace(/[^A-Za-z0-9._-]+/g, "_"))
    .join("-");
  return `${stem || "chart"}.${extension}`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

export interface SvgLegendItem {
  label: string;
  color: string;
  /** stroke-dasharray of a line swatch; ignored for boxes. */
  dash?: string;
  shape?: "line" | "box";
}

export interface LegendPlacement extends SvgLegendItem {
  x: number;
  y: number;
}

const LEGEND_ROW = 20;
const CHAR_WIDTH = 7; // ≈ 12.5 px system-ui
const SWATCH = 30;

/** Legend items flowed left to right in rows of at most `width`; y is each row's middle. */
export function layoutLegend(items: readonly SvgLegendItem[], width: number, left = 16): { placed: LegendPlacement[]; height: number } {
  const placed: LegendPlacement[] = [];
  let x = left;
  let row = 0;
  for (const item of items) {
    const w = SWATCH + item.label.length * CHAR_WIDTH + 18;
    if (x > left && x + w > width - left) {
      row += 1;
      x = left;
    }
    placed.push({ ...item, x, y: row * LEGEND_ROW + LEGEND_ROW / 2 });
    x += w;
  }
  return { placed, height: items.length ? (row + 1) * LEGEND_ROW : 0 };
}

export interface SvgExportOptions {
  /** The chart's own size (its <svg> width and height). */
  width: number;
  height: number;
  title?: string;
  subtitle?: string;
  legend?: readonly SvgLegendItem[];
  background?: string;
  fontFamily?: string;
}

/**
 * A standalone SVG document: a title, the chart (its inner markup, already carrying inline
 * styles) and a legend underneath, on a solid background so it reads anywhere.
 */
export function buildSvgExport(chartMarkup: string, options: SvgExportOptions): { svg: string; width: number; height: number } {
  const pad = 16;
  const font = options.fontFamily ?? "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
  const width = Math.max(1, Math.round(options.width));
  const parts: string[] = [];
  let y = pad;
  if (options.title) {
    y += 16;
    parts.push(`<text x="${pad}" y="${y}" font-size="16" font-weight="600" fill="#1d2430">${escapeXml(options.title)}</text>`);
  }
  if (options.subtitle) {
    y += 20;
    parts.push(`<text x="${pad}" y="${y}" font-size="12.5" fill="#5b6472">${escapeXml(options.subtitle)}</text>`);
  }
  if (options.title || options.subtitle) y += 10;
  const chartTop = y;
  const chartHeight = Math.max(1, Math.round(options.height));
  parts.push(
    `<svg x="0" y="${chartTop}" width="${width}" height="${chartHeight}" viewBox="0 0 ${width} ${chartHeight}" overflow="visible">${chartMarkup}</svg>`,
  );
  y = chartTop + chartHeight;
  const legend = layoutLegend(options.legend ?? [], width, pad);
  if (legend.height) {
    y += 8;
    for (const item of legend.placed) {
      const cy = y + item.y;
      const swatch =
        item.shape === "box"
          ? `<rect x="${item.x}" y="${cy - 6}" width="${SWATCH - 8}" height="12" rx="2" fill="${escapeXml(item.color)}"/>`
          : `<line x1="${item.x}" y1="${cy}" x2="${item.x + SWATCH - 6}" y2="${cy}" stroke="${escapeXml(item.color)}" stroke-width="2.5"${item.dash ? ` stroke-dasharray="${escapeXml(item.dash)}"` : ""}/>`;
      parts.push(
        `${swatch}<text x="${item.x + SWATCH}" y="${cy + 4}" font-size="12.5" fill="#1d2430">${escapeXml(item.label)}</text>`,
      );
    }
    y += legend.height;
  }
  const height = Math.round(y + pad);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(font)}">` +
    `<rect width="100%" height="100%" fill="${escapeXml(options.background ?? "#ffffff")}"/>` +
    parts.join("") +
    `</svg>`;
  return { svg, width, height };
}
