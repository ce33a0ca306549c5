import type { ResultRead, RunRead } from "../../api/types";
import type { SeriesOrder } from "./transforms";
import type { ChartViewHandle } from "./use-chart-view";

/** What every view receives from the run page. */
export interface ViewProps {
  run: RunRead;
  results: readonly ResultRead[];
  /** The matrix's order of methods and storages (series keep their place and colour). */
  order: Required<SeriesOrder>;
  handle: ChartViewHandle;
  /** A readable name per dataset id (a sample's name for `sample:3`). */
  datasetLabels: Readonly<Record<string, string>>;
  /** `embed=1`: only the chart, its title and its key. */
  embed: boolean;
}

export function datasetName(labels: Readonly<Record<string, string>>, dataset: string | null): string {
  if (!dataset) return "—";
  return labels[dataset] ?? dataset;
}

/** An embedded chart fills its frame's height (within reason); elsewhere the view's own height. */
export function chartHeight(embed: boolean, normal: number): number {
  if (!embed || typeof window === "undefined") return normal;
  return Math.max(300, Math.min(900, window.innerHeight - 170));
}
