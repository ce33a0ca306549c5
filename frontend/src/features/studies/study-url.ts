// The study page's state is its query string: `/runs/42/study?study=codec_lab&dataset=tpch&
// block=16384&speed=decompress&link=10Gbit`. parseStudyQuery reads it once into a typed object
// (bad values fall back to defaults, with a notice); resolveStudy then fits it to the run
// (a dataset or block the run does not have is ignored, with a notice); serializeStudyQuery
// writes it back, keeping parameters it does not know.

import { BINLOG_MEASURES, type BinlogMeasure } from "./binlog";
import { LINK_PRESETS, parseLinkSpeed, type SpeedAxis } from "./codec-lab";

export const STUDIES = ["codec_lab", "load_size", "concurrency", "binlog"] as const;
export type StudyName = (typeof STUDIES)[number];

export interface StudyQuery {
  study: StudyName | null;
  dataset: string | null;
  block: number | null;
  speed: SpeedAxis;
  /** The link as written (`1Gbit`), and its speed in bits per second. */
  link: string;
  linkBits: number;
  /** The binlog study's bar chart measure. */
  measure: BinlogMeasure;
  rest: Array<[string, string]>;
}

export const DEFAULT_LINK = "1Gbit";

export const DEFAULT_QUERY: StudyQuery = {
  study: null,
  dataset: null,
  block: null,
  speed: "compress",
  link: DEFAULT_LINK,
  linkBits: 1e9,
  measure: "bytes",
  rest: [],
};

const KNOWN = new Set(["study", "dataset", "block", "speed", "link", "measure"]);

export function parseStudyQuery(search: string | URLSearchParams): { query: StudyQuery; notices: string[] } {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const query: StudyQuery = { ...DEFAULT_QUERY, rest: [] };
  const notices: string[] = [];
  for (const [key, value] of params) {
    if (!KNOWN.has(key)) {
      query.rest.push([key, value]);
      continue;
    }
    if (key === "study") {
      if ((STUDIES as readonly string[]).includes(value)) query.study = value as StudyName;
      else notices.push(`ignored study=${value}: choose ${STUDIES.join(" or ")}`);
    } else if (key === "dataset") {
      query.dataset = value || null;
    } else if (key === "block") {
      const n = Number(value);
      if (Number.isInteger(n) && n > 0) query.block = n;
      else notices.push(`ignored block=${value}: not a size in bytes`);
    } else if (key === "speed") {
      if (value === "compress" || value === "decompress") query.speed = value;
      else notices.push(`ignored speed=${value}: choose compress or decompress`);
    } else if (key === "link") {
      const bits = parseLinkSpeed(value);
      if (bits !== null) {
        query.link = value;
        query.linkBits = bits;
      } else notices.push(`ignored link=${value}: use a speed like 100Mbit or 10Gbit`);
    } else if (key === "measure") {
      if (value in BINLOG_MEASURES) query.measure = value as BinlogMeasure;
      else notices.push(`ignored measure=${value}: choose ${Object.keys(BINLOG_MEASURES).join(", ")}`);
    }
  }
  return { query, notices };
}

export function serializeStudyQuery(query: StudyQuery): string {
  const params = new URLSearchParams();
  if (query.study) params.set("study", query.study);
  if (query.dataset) params.set("dataset", query.dataset);
  if (query.block) params.set("block", String(query.block));
  if (query.speed !== DEFAULT_QUERY.speed) params.set("speed", query.speed);
  if (query.link !== DEFAULT_LINK) params.set("link", query.link);
  if (query.measure !== DEFAULT_QUERY.measure) params.set("measure", query.measure);
  for (const [k, v] of query.rest) params.append(k, v);
  return params.toString();
}

/** Which studies a run holds: from its workloads, and a concurrency curve (seed 001) when it
 *  read with more than one client count. */
export function studiesOf(workloads: readonly string[], concurrency: readonly number[] = []): StudyName[] {
  const out: StudyName[] = [];
  if (workloads.includes("codec_lab")) out.push("codec_lab");
  // seed 001 loads its pairs only for their size: its client curves come first
  if (concurrency.length > 1 && workloads.some((w) => w === "read" || w === "read_cold")) out.push("concurrency");
  if (workloads.includes("load") || workloads.includes("load_then_index")) out.push("load_size");
  if (workloads.includes("binlog") || workloads.includes("binlog_row")) out.push("binlog");
  return out;
}

export interface ResolvedStudy {
  study: StudyName | null;
  dataset: string | null;
  block: number | null;
  notices: string[];
}

/**
 * The study, dataset and block the page shows: the query's when the run has them, else the
 * run's first (the codec lab's default block is InnoDB's 16 KiB page when the run has it).
 */
export function resolveStudy(
  query: StudyQuery,
  available: { studies: readonly StudyName[]; datasets: readonly string[]; blocks: readonly number[] },
): ResolvedStudy {
  const notices: string[] = [];
  let study = query.study;
  if (study && !available.studies.includes(study)) {
    notices.push(`this run has no ${study} results; showing ${available.studies[0] ?? "nothing"}`);
    study = null;
  }
  study = study ?? available.studies[0] ?? null;
  let dataset = query.dataset;
  if (dataset && available.datasets.length && !available.datasets.includes(dataset)) {
    notices.push(`ignored dataset=${dataset}: not in this run`);
    dataset = null;
  }
  let block = query.block;
  if (block && available.blocks.length && !available.blocks.includes(block)) {
    notices.push(`ignored block=${block}: not in this run`);
    block = null;
  }
  const page = available.blocks.includes(16384) ? 16384 : (available.blocks[0] ?? null);
  return { study, dataset: dataset ?? available.datasets[0] ?? null, block: block ?? page, notices };
}

export { LINK_PRESETS };
