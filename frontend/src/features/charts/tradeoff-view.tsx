import { useMemo, useRef } from "react";
import {
  CartesianGrid,
  Cell,
  ComposedChart,
  LabelList,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { Segmented } from "../../components/segmented";
import { formatBytes, formatMBps, formatRate } from "../../lib/format";
import { ChartDownloads } from "./chart-downloads";
import { buildTradeoff, tradeoffRows, type TradeoffCell } from "./pareto";
import { axisTicks, linearTicks, seriesFill } from "./transforms";
import { AxisScale, SizeSlider, ViewHead } from "./view-controls";
import { chartHeight, datasetName, type ViewProps } from "./view-props";

function xDomain(points: readonly TradeoffCell[]): [number, number] {
  const max = Math.max(1, ...points.map((p) => p.x));
  return [0, Math.ceil(max * 10 + 0.5) / 10];
}

function yDomain(points: readonly TradeoffCell[], scale: "linear" | "log"): [number, number] {
  const ys = points.map((p) => p.y);
  if (ys.length === 0) return scale === "log" ? [1e6, 1e9] : [0, 1e9];
  const max = Math.max(...ys);
  if (scale === "linear") return [0, linearTicks(max).at(-1)!];
  return [10 ** Math.floor(Math.log10(Math.min(...ys))), 10 ** Math.ceil(Math.log10(max))];
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** Compression against speed at one dataset and size, with the Pareto frontier drawn and named. */
export default function TradeoffView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, dims, update } = handle;
  const chartRef = useRef<HTMLDivElement>(null);
  const t = useMemo(
    () =>
      buildTradeoff(
        results,
        {
          dataset: view.dataset,
          workload: view.measureWorkload,
          concurrency: view.concurrency,
          methods: view.methods,
          metric: view.metric,
          size: view.size,
        },
        order,
      ),
    [results, view.dataset, view.measureWorkload, view.concurrency, view.methods, view.metric, view.size, order],
  );
  const rows = useMemo(
    () => tradeoffRows(t, { dataset: view.dataset, size: view.size, workload: view.measureWorkload }),
    [t, view.dataset, view.size, view.measureWorkload],
  );
  const xd = xDomain(t.points);
  const yd = yDomain(t.points, view.y);
  const frontierText = t.frontier.map((p) => p.label).join(",");
  const measureLabel = view.metric === "wire" ? "wire" : view.measure;
  const xLabel = "stored ÷ original (left = smaller)";
  const basisNote =
    t.basis === "encoded"
      ? "Stored ÷ original is the encoded blob size ÷ the blob size."
      : t.basis === "disk"
        ? "Stored ÷ original is each table's allocated size ÷ none · dynamic's (server-side compression shows only there)."
        : "Stored ÷ original: encoded size ÷ blob size for dynamic tables; allocated table size ÷ none · dynamic's for server-compressed storages (small tables are allocated in coarse steps).";
  const title = `Compression vs ${measureLabel} speed · ${datasetName(datasetLabels, view.dataset)} · ${view.size ? formatBytes(view.size) : "—"}`;
  const hasBoth = dims.workloads.includes("write") && dims.workloads.some((w) => w !== "write");

  return (
    <div
      className="view"
      data-testid="view-tradeoff"
      ref={chartRef}
      data-point-count={t.points.length}
      data-frontier={frontierText}
      data-basis={t.basis}
      data-measure={view.measure}
      data-size={view.size ?? ""}
    >
      <ViewHead title={embed ? `${title} · run ${run.id}` : title}>
        {embed ? null : (
          <>
            <SizeSlider sizes={dims.sizes} value={view.size} onCommit={(size) => update({ size })} />
            {hasBoth ? (
              <Segmented
                label="Speed"
                value={view.measure}
                options={[
                  { value: "read", label: "read" },
                  { value: "write", label: "write" },
                ]}
                onChange={(measure) => update({ measure })}
                testId="measure"
              />
            ) : null}
            <AxisScale axis="y" value={view.y} onChange={(y) => update({ y })} />
          </>
        )}
      </ViewHead>
      {t.points.length === 0 ? (
        <div className="chart chart-empty">
          <p>No {view.measure} measurements for this dataset and size yet.</p>
        </div>
      ) : (
        <div className="chart" data-testid="tradeoff-chart">
          <ResponsiveContainer width="100%" height={chartHeight(embed, 440)}>
            <ComposedChart margin={{ top: 24, right: 40, bottom: 32, left: 12 }}>
              <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="x"
                domain={xd}
                ticks={Array.from({ length: Math.round(xd[1] * 10) + 1 }, (_, i) => i / 10).filter((_, i, all) => all.length <= 13 || i % 2 === 0)}
                tickFormatter={pct}
                allowDataOverflow
                label={{ value: xLabel, position: "insideBottom", offset: -18, fill: "#5b6472" }}
              />
              <YAxis
                type="number"
                dataKey="y"
                scale={view.y}
                domain={yd}
                ticks={axisTicks(yd, view.y)}
                tickFormatter={(v: number) => formatRate(v)}
                allowDataOverflow
                width={84}
                label={{
                  value: `${measureLabel} throughput (higher = faster)`,
                  angle: -90,
                  position: "insideLeft",
                  offset: 0,
                  dy: 110,
                  fill: "#5b6472",
                }}
              />
              <Tooltip
                cursor={{ strokeDasharray: "3 3" }}
                content={({ active, payload }) => {
                  const p = payload?.[0]?.payload as TradeoffCell | undefined;
                  if (!active || !p) return null;
                  return (
                    <div className="chart-tooltip" data-testid="chart-tooltip">
                      <div className="chart-tooltip-title">{p.label}</div>
                      <div>
                        {formatMBps(p.y)} · stores {pct(p.x)} of the original
                        <span className="muted"> ({p.basis === "disk" ? "allocated size vs none · dynamic" : "encoded size"})</span>
                      </div>
                      <div className="muted">{p.pareto ? "on the Pareto frontier" : "dominated"}</div>
                    </div>
                  );
                }}
              />
              <Scatter
                name="frontier"
                data={t.frontier}
                line={{ stroke: "#1d2430", strokeWidth: 1.5, strokeDasharray: "5 4" }}
                lineType="joint"
                shape={() => <g />}
                isAnimationActive={false}
                legendType="none"
                className="pareto-line"
              />
              <Scatter name="cells" data={t.points} isAnimationActive={false} className="tradeoff-points">
                {t.points.map((p) => {
                  return (
                    <Cell
                      key={p.key}
                      fill={seriesFill(p.method, p.storage, order)}
                      stroke={p.pareto ? "#1d2430" : "#ffffff"}
                      strokeWidth={p.pareto ? 2 : 1}
                      fillOpacity={p.pareto ? 1 : 0.75}
                    />
                  );
                })}
              </Scatter>
              <Scatter data={t.frontier} shape={() => <g />} isAnimationActive={false} legendType="none">
                <LabelList
                  dataKey="label"
                  content={(props) => {
                    const { x, y, value } = props as { x?: number | string; y?: number | string; value?: string | number };
                    if (x === undefined || y === undefined || value === undefined) return null;
                    const nx = Number(x);
                    const at = (t.frontier.find((p) => p.label === value)?.x ?? 0) / xd[1];
                    const anchor = at > 0.8 ? "end" : at < 0.12 ? "start" : "middle";
                    return (
                      <text x={nx} y={Number(y) - 12} textAnchor={anchor} fontSize={12} fontWeight={600} fill="#1d2430" className="pareto-label" paintOrder="stroke" stroke="#ffffff" strokeWidth={4}>
                        {String(value)}
                      </text>
                    );
                  }}
                />
              </Scatter>
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
      {t.points.length ? (
        <ul className="legend legend-static" data-testid="tradeoff-legend">
          {t.points.map((p) => (
            <li key={p.key} className={`legend-item ${p.pareto ? "legend-item-strong" : ""}`}>
              <svg width="12" height="12" aria-hidden>
                <circle cx="6" cy="6" r="5" fill={seriesFill(p.method, p.storage, order)} stroke={p.pareto ? "#1d2430" : "none"} strokeWidth="1.5" />
              </svg>
              {p.label}
            </li>
          ))}
        </ul>
      ) : null}
      {t.points.length ? <p className="verdict small">{basisNote}</p> : null}
      {t.frontier.length ? (
        <p className="verdict" data-testid="pareto-members">
          <strong>Pareto frontier</strong> (nothing is both smaller and faster), smallest first:{" "}
          {t.frontier.map((p, i) => (
            <span key={p.key}>
              {i ? " → " : ""}
              <span className="pareto-member">{p.label}</span> ({pct(p.x)}, {formatMBps(p.y)})
            </span>
          ))}
        </p>
      ) : null}
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: chartRef,
            rows,
            name: ["blobbench-run", run.id, "tradeoff", view.dataset, view.size, view.measure],
            title,
            subtitle: `run ${run.id} · dashed line: Pareto frontier · ${basisNote}`,
            legend: t.points.map((p) => ({ label: p.label, color: seriesFill(p.method, p.storage, order), shape: "box" as const })),
            meta: { run: run.id, view: "tradeoff", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}
    </div>
  );
}
