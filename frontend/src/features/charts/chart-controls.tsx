import { workloadLabel } from "../../lib/throughput";
import type { ChartDimensions, ChartView } from "./transforms";
import type { ChartUrlState } from "./url-state";

/** Dataset / workload / concurrency selectors and the y-axis scale; each writes the URL. */
export function ChartControls({
  dims,
  view,
  onChange,
  datasetLabels = {},
}: {
  dims: ChartDimensions;
  view: ChartView;
  onChange: (patch: Partial<ChartUrlState>) => void;
  datasetLabels?: Readonly<Record<string, string>>;
}) {
  return (
    <div className="chart-controls">
      <label className="control">
        <span className="control-label">Dataset</span>
        <select
          value={view.dataset ?? ""}
          onChange={(e) => onChange({ dataset: e.target.value })}
          data-testid="dataset-select"
          disabled={dims.datasets.length === 0}
        >
          {dims.datasets.map((d) => (
            <option key={d} value={d}>
              {datasetLabels[d] ? `${datasetLabels[d]} (${d})` : d}
            </option>
          ))}
        </select>
      </label>
      {dims.workloads.length > 1 ? (
        <label className="control">
          <span className="control-label">Workload</span>
          <select value={view.workload ?? ""} onChange={(e) => onChange({ workload: e.target.value })} data-testid="workload-select">
            {dims.workloads.map((w) => (
              <option key={w} value={w}>
                {workloadLabel(w)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {dims.concurrencies.length > 1 ? (
        <label className="control">
          <span className="control-label">Clients</span>
          <select
            value={view.concurrency ?? ""}
            onChange={(e) => onChange({ concurrency: Number(e.target.value) })}
            data-testid="concurrency-select"
          >
            {dims.concurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="control" role="group" aria-label="Throughput axis scale">
        <span className="control-label">Y axis</span>
        <div className="segmented">
          {(["linear", "log"] as const).map((scale) => (
            <button
              key={scale}
              type="button"
              aria-pressed={view.y === scale}
              className={view.y === scale ? "active" : ""}
              onClick={() => onChange({ y: scale })}
              data-testid={`y-scale-${scale}`}
            >
              {scale}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
