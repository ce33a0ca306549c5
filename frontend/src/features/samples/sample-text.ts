// How a sample reads in lists and run forms: where it came from, and its dataset's label.

import { formatBytes } from "../../lib/format";

export interface SampleLike {
  id: number;
  name: string;
  kind: "upload" | "table";
  size: number;
  source: Record<string, unknown>;
  dataset: string;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function number(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * One line on where the sample came from: "uploaded file report.bin", or
 * "shop.orders.payload on prod-replica · 1,204 rows of blob, ~1.76 KiB each".
 * `targetNames` maps target ids to names; an unknown target reads "target #3".
 */
export function sourceSummary(sample: SampleLike, targetNames: Readonly<Record<number, string>> = {}): string {
  const src = sample.source ?? {};
  if (sample.kind === "upload") {
    const file = text(src.filename);
    return file && file !== sample.name ? `uploaded file ${file}` : "uploaded file";
  }
  const where = [text(src.schema), text(src.table), text(src.column)].filter(Boolean).join(".");
  const targetId = number(src.target_id);
  const target = targetId === null ? null : (targetNames[targetId] ?? `target #${targetId}`);
  const parts = [`${where || "a table column"}${target ? ` on ${target}` : ""}`];
  const rows = number(src.rows);
  const type = text(src.data_type);
  const mean = number(src.mean_value_bytes);
  const detail = [
    rows !== null ? `${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"}${type ? ` of ${type}` : ""}` : type,
    mean !== null ? `~${formatBytes(mean)} each` : null,
  ].filter(Boolean);
  if (detail.length) parts.push(detail.join(", "));
  return parts.join(" · ");
}

/** `sample:3` → the sample's name, for dataset selectors. */
export function sampleDatasetLabels(samples: readonly SampleLike[]): Record<string, string> {
  return Object.fromEntries(samples.map((s) => [s.dataset, s.name]));
}

/** What the upload form says after the server answered. */
export function uploadMessage(sample: SampleLike, created: boolean): string {
  return created
    ? `Uploaded ${sample.name} (${formatBytes(sample.size)}) as dataset ${sample.dataset}.`
    : `This content is already stored as ${sample.name} (dataset ${sample.dataset}); nothing new was saved.`;
}
