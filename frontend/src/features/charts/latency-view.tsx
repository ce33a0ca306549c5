import { useEffect, useMemo, useRef } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { Segmented } from "../../components/segmented";
import { formatBytes, formatMicros } from "../../lib/format";
import { ErrorMessage } from "../../components/error-message";
import { ChartDownloads } from "./chart-downloads";
import { buildLatencyBars, histogram, histogramRows, latencyRows, type Bin, type LatencyBar } from "./latency";
import { axisTicks, linearTicks } from "./transforms";
import { useCellSamples } from "./use-view-data";
import { AxisScale, SizeSlider, ViewHead } from "./view-controls";
import { datasetName, type ViewProps } from "./view-props";

const PERCENTILES = [
  { key: "p50", label: "p50", color: "#9cc3e6" },
  { key: "p95", label: "p95", color: "#4a8fcc" },
  { key: "p99", label: "p99", color: "#1b4f86" },
] as const;

function latencyDomain(bars: readonly LatencyBar[], scale: "linear" | "log"): [number, number] {
  const values = bars.flatMap((b) => [b.p50, b.p95 ?? b.p50, b.p99 ?? b.p50]);
  if (values.length === 0) return scale === "log" ? [1, 1000] : [0, 1000];
  const max = Math.max(...values);
  if (scale === "linear") return [0, linearTicks(max).at(-1)!];
  return [10 ** Math.floor(Math.log10(Math.min(...values))), 10 ** Math.ceil(Math.log10(max))];
}

const HIST_BINS = 40;

/** p50/p95/p99 per cell at one dataset and size, and the distribution of one cell's samples. */
export default function LatencyView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, dims, update } = handle;
  const barsRef = useRef<HTMLDivElement>(null);
  const histRef = useRef<HTMLDivElement>(null);
  const bars = useMemo(
    () =>
      buildLatencyBars(
        results,
        { dataset: view.dataset, workload: view.workload, concurrency: view.concurrency, methods: view.methods, size: view.size },
        order,
      ),
    [results, view.dataset, view.workload, view.concurrency, view.methods, view.size, order],
  );
  const rows = useMemo(
    () => latencyRows(bars, { dataset: view.dataset, size: view.size, workload: view.workload }),
    [bars, view.dataset, view.size, view.workload],
  );
  // With no cell chosen, show the first one's distribution (and say so in the URL).
  const firstCell = bars.find((b) => b.cellId !== null)?.cellId ?? null;
  useEffect(() => {
    if (view.cell === null && firstCell !== null && !embed) update({ cell: firstCell }, { replace: true });
  }, [view.cell, firstCell, embed, update]);
  const cellId = view.cell ?? firstCell;
  const chosen = results.find((r) => r.cell_id === cellId) ?? null;
  const samples = useCellSamples(run.id, cellId);
  const bins = useMemo(() => histogram(samples.samples ?? [], { bins: HIST_BINS, scale: view.bins }), [samples.samples, view.bins]);
  const binRows = useMemo(() => histogramRows(bins, cellId), [bins, cellId]);
  const domain = latencyDomain(bars, view.y);
  const sizeText = view.size ? formatBytes(view.size) : "—";
  const title = `Latency per operation · ${datasetName(datasetLabels, view.dataset)} · ${sizeText}`;
  const chosenLabel = chosen ? `${chosen.method} · ${chosen.storage} · ${datasetName(datasetLabels, chosen.dataset)} · ${formatBytes(chosen.size)}` : "";

  return (
    <div className="view" data-testid="view-latency" data-bar-count={bars.length} data-cell={cellId ?? ""} data-size={view.size ?? ""}>
      <ViewHead title={embed ? `${title} · run ${run.id}` : title}>
        {embed ? null : (
          <>
            <SizeSlider sizes={dims.sizes} value={view.size} onCommit={(size) => update({ size, cell: null })} />
            <AxisScale axis="y" value={view.y} onChange={(y) => update({ y })} />
          </>
        )}
      </ViewHead>
      <div ref={barsRef}>
        {bars.length === 0 ? (
          <div className="chart chart-empty">
            <p>No latency measurements at {sizeText} yet.</p>
          </div>
        ) : (
          <div className="chart" data-testid="latency-chart">
            <ResponsiveContainer width="100%" height={embed ? 340 : 360}>
              <BarChart
                data={bars}
                margin={{ top: 12, right: 24, bottom: bars.length > 8 ? 70 : 28, left: 12 }}
                barCategoryGap="20%"
                onClick={(state) => {
                  const index = Number(state?.activeTooltipIndex);
                  const bar = Number.isInteger(index) ? bars[index] : undefined;
                  if (bar?.cellId && !embed) update({ cell: bar.cellId });
                }}
              >
                <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="label"
                  type="category"
                  interval={0}
                  angle={bars.length > 8 ? -35 : 0}
                  textAnchor={bars.length > 8 ? "end" : "middle"}
                  height={bars.length > 8 ? 80 : 30}
                  tick={{ fontSize: 12 }}
                />
                <YAxis
                  type="number"
                  scale={view.y}
                  domain={domain}
                  ticks={axisTicks(domain, view.y)}
                  tickFormatter={(v: number) => formatMicros(v)}
                  allowDataOverflow
                  width={72}
                  label={{ value: "latency per operation", angle: -90, position: "insideLeft", offset: 0, dy: 80, fill: "#5b6472" }}
                />
                <Tooltip
                  cursor={{ fill: "rgba(47, 93, 138, 0.06)" }}
                  content={({ active, payload }) => {
                    const b = payload?.[0]?.payload as LatencyBar | undefined;
                    if (!active || !b) return null;
                    return (
                      <div className="chart-tooltip" data-testid="chart-tooltip">
                        <div className="chart-tooltip-title">{b.label}</div>
                        <table>
                          <tbody>
                            <tr><td>p50</td><td className="num">{formatMicros(b.p50)}</td></tr>
                            <tr><td>p95</td><td className="num">{formatMicros(b.p95)}</td></tr>
                            <tr><td>p99</td><td className="num">{formatMicros(b.p99)}</td></tr>
                            <tr><td>mean</td><td className="num">{formatMicros(b.mean)}</td></tr>
                          </tbody>
                        </table>
                        <div className="muted small">click for its distribution</div>
                      </div>
                    );
                  }}
                />
                {PERCENTILES.map((p) => (
                  <Bar
                    key={p.key}
                    name={p.label}
                    dataKey={(b: LatencyBar) => b[p.key] ?? null}
                    fill={p.color}
                    isAnimationActive={false}
                    cursor={embed ? undefined : "pointer"}
                    className={`bar bar-${p.key}`}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
            <ul className="legend legend-static">
              {PERCENTILES.map((p) => (
                <li key={p.key} className="legend-item">
                  <svg width="14" height="10" aria-hidden>
                    <rect width="14" height="10" rx="2" fill={p.color} />
                  </svg>
                  {p.label}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: barsRef,
            rows,
            name: ["blobbench-run", run.id, "latency", view.dataset, view.size],
            title,
            subtitle: `run ${run.id} · ${view.workload ?? ""}`,
            legend: PERCENTILES.map((p) => ({ label: p.label, color: p.color, shape: "box" as const })),
            meta: { run: run.id, view: "latency", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}

      <div className="view-subsection" ref={histRef} data-testid="latency-histogram" data-cell={cellId ?? ""} data-bin-count={bins.length} data-sample-count={samples.samples?.length ?? 0}>
        <ViewHead title={<>Distribution of {chosenLabel ? <span data-testid="histogram-cell-label">{chosenLabel}</span> : "a cell"}</>}>
          {embed ? null : (
            <>
              <label className="control">
                <span className="control-label">Cell</span>
                <select
                  value={cellId ?? ""}
                  onChange={(e) => update({ cell: Number(e.target.value) })}
                  data-testid="cell-select"
                  disabled={bars.length === 0}
                >
                  {bars.map((b) => (
                    <option key={b.key} value={b.cellId ?? ""}>
                      {b.label}
                    </option>
                  ))}
                  {chosen && !bars.some((b) => b.cellId === cellId) ? <option value={cellId ?? ""}>{chosenLabel}</option> : null}
                </select>
              </label>
              <Segmented
                label="Bins"
                value={view.bins}
                options={[
                  { value: "log", label: "log-spaced" },
                  { value: "linear", label: "linear" },
                ]}
                onChange={(b) => update({ bins: b })}
                testId="bins"
              />
            </>
          )}
        </ViewHead>
        {cellId === null ? (
          <div className="chart chart-empty">
            <p>Click a bar above to see that cell's distribution.</p>
          </div>
        ) : samples.loading ? (
          <div className="chart chart-empty">
            <p>Loading samples…</p>
          </div>
        ) : samples.error ? (
          <ErrorMessage error={samples.error} />
        ) : bins.length === 0 ? (
          <div className="chart chart-empty">
            <p>This cell kept no raw samples.</p>
          </div>
        ) : (
          <>
            <div className="chart" data-testid="histogram-chart">
              <ResponsiveContainer width="100%" height={embed ? 260 : 280}>
                <BarChart data={bins} margin={{ top: 8, right: 24, bottom: 28, left: 12 }} barCategoryGap={1}>
                  <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" vertical={false} />
                  <XAxis
                    dataKey={(b: Bin) => b.lo}
                    type="category"
                    tickFormatter={(v: number) => formatMicros(v)}
                    interval={Math.max(0, Math.ceil(bins.length / 8) - 1)}
                    tick={{ fontSize: 12 }}
                    label={{ value: `latency per operation (${view.bins === "log" ? "log-spaced bins" : "linear bins"})`, position: "insideBottom", offset: -16, fill: "#5b6472" }}
                  />
                  <YAxis type="number" allowDecimals={false} width={72} label={{ value: "operations", angle: -90, position: "insideLeft", dy: 40, fill: "#5b6472" }} />
                  <Tooltip
                    cursor={{ fill: "rgba(47, 93, 138, 0.06)" }}
                    content={({ active, payload }) => {
                      const b = payload?.[0]?.payload as Bin | undefined;
                      if (!active || !b) return null;
                      return (
                        <div className="chart-tooltip">
                          {formatMicros(b.lo)} – {formatMicros(b.hi)}: <strong>{b.count}</strong> operations
                        </div>
                      );
                    }}
                  />
                  <Bar dataKey="count" fill="#4a8fcc" isAnimationActive={false} className="histogram-bar" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            {chosen ? (
              <p className="verdict">
                {samples.samples?.length.toLocaleString()} samples kept · p50 {formatMicros(chosen.latency_p50_us)} · p95{" "}
                {formatMicros(chosen.latency_p95_us)} · p99 {formatMicros(chosen.latency_p99_us)}
              </p>
            ) : null}
            {embed ? null : (
              <ChartDownloads
                testId="histogram-downloads"
                spec={{
                  chart: histRef,
                  rows: binRows,
                  name: ["blobbench-run", run.id, "cell", cellId, "histogram"],
                  title: `Latency distribution · ${chosenLabel}`,
                  subtitle: `run ${run.id} · cell ${cellId} · ${view.bins === "log" ? "log-spaced" : "linear"} bins`,
                  meta: { run: run.id, cell: cellId, view: "latency", query: handle.href().split("?")[1] ?? "" },
                }}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
