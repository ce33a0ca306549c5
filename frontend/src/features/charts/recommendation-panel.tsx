import { useMemo } from "react";

import { workloadLabel } from "../../lib/throughput";
import { basisLabel } from "./measures";
import { bandSizesText, formatTimes, recommend } from "./recommend";
import type { ResultLike } from "./transforms";
import type { ChartView } from "./transforms";

/** Per band of blob sizes: what to use for this dataset and workload, and why. */
export function RecommendationPanel({
  results,
  view,
  datasetLabel,
}: {
  results: readonly ResultLike[];
  view: Pick<ChartView, "dataset" | "workload" | "concurrency">;
  datasetLabel?: string;
}) {
  const bands = useMemo(
    () =>
      recommend(results, {
        dataset: view.dataset,
        workload: view.workload,
        concurrency: view.concurrency,
        datasetLabel,
      }),
    [results, view.dataset, view.workload, view.concurrency, datasetLabel],
  );
  if (bands.length === 0) return null;
  return (
    <section className="card recommendation-panel" data-testid="recommendation-panel" data-band-count={bands.length}>
      <div className="section-head">
        <h2>Recommendation</h2>
        <span className="muted small">
          {datasetLabel ?? view.dataset} · {view.workload ? workloadLabel(view.workload) : ""}
          {view.concurrency && view.concurrency > 1 ? ` · ${view.concurrency} clients` : ""} · winners store no more than
          none · dynamic (±5 %)
        </span>
      </div>
      <ul className="recommendations">
        {bands.map((b) => (
          <li
            key={b.band.label}
            className={`recommendation recommendation-${b.kind}`}
            data-testid="recommendation"
            data-band={b.band.label}
            data-winner={b.winner.label}
            data-kind={b.kind}
          >
            <div className="recommendation-band">
              <span className="recommendation-band-label">{b.band.label}</span>
              <span className="muted small" title="The sizes of this run in this band">
                {bandSizesText(b.sizes)}
              </span>
            </div>
            <div className="recommendation-winner">
              <strong>{b.winner.label}</strong>
              <span className="recommendation-figures">
                {b.speedup !== null && b.kind !== "baseline" ? (
                  <span className="figure" data-testid="recommendation-speedup">
                    {formatTimes(b.speedup)} speed
                  </span>
                ) : null}
                {b.saving !== null && b.kind !== "baseline" ? (
                  <span className="figure" title={b.basis ? `by ${basisLabel(b.basis)}` : undefined}>
                    {b.saving >= 0 ? "−" : "+"}
                    {Math.round(Math.abs(b.saving) * 100)} % stored
                  </span>
                ) : null}
              </span>
            </div>
            <p className="recommendation-reason" data-testid="recommendation-reason">
              {b.reason}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
