import { useMemo, useRef, useState } from "react";
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatBytes, formatMBps, formatRate } from "../../lib/format";
import { metricForWorkload, metricLabel } from "../../lib/throughput";
import { ChartDownloads } from "./chart-downloads";
import { buildClassBars, classRows, type ClassGroup } from "./classes";
import { SeriesLegend } from "./series-legend";
import { axisTicks, linearTicks, seriesFill, type SeriesStyle } from "./transforms";
import { AxisScale, SizeSlider, ViewHead } from "./view-controls";
import { chartHeight, datasetName, type ViewProps } from "./view-props";

function domainOf(groups: readonly ClassGroup[], keys: readonly string[], scale: "linear" | "log"): [number, number] {
  let min = Infinity;
  let max = 0;
  for (const g of groups) {
    for (const k of keys) {
      const v = g.values[k];
      if (v === undefined) continue;
      min = Math.min(min, v);
      max = Math.max(max, g.ciHigh[k] ?? v);
    }
  }
  if (!(max > 0)) return scale === "log" ? [1e6, 1e9] : [0, 1e9];
  if (scale === "linear") return [0, linearTicks(max).at(-1)!];
  return [10 ** Math.floor(Math.log10(min)), 10 ** Math.ceil(Math.log10(max))];
}

/** Seed 000's bar chart: at one size, a group of bars per dataset (ratio class). */
export default function ClassesView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, dims, state, update } = handle;
  const [highlight, setHighlight] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const metric = metricForWorkload(view.workload);

  const bars = useMemo(
    () =>
      buildClassBars(
        results,
        { workload: view.workload, concurrency: view.concurrency, methods: view.methods, metric: view.metric, size: view.size },
        dims.datasets,
        order,
      ),
    [results, view.workload, view.concurrency, view.methods, view.metric, view.size, dims.datasets, order],
  );
  const styles = useMemo(() => {
    const out: Record<string, SeriesStyle> = {};
    for (const s of bars.series) out[s.key] = { color: seriesFill(s.method, s.storage, order), dash: undefined };
    return out;
  }, [bars, order]);
  const visible = bars.series.filter((s) => !view.hidden.has(s.key));
  const domain = domainOf(
    bars.groups,
    visible.map((s) => s.key),
    view.y,
  );
  const rows = useMemo(
    () => classRows(bars, view.hidden, { size: view.size, workload: view.workload, concurrency: view.concurrency }),
    [bars, view.hidden, view.size, view.workload, view.concurrency],
  );
  const sizeText = view.size ? formatBytes(view.size) : "—";
  const title = `${view.metric === "wire" ? "Wire" : metricLabel(metric)} throughput by dataset at ${sizeText}`;
  const toggle = (key: string) =>
    update({ hide: state.hide.includes(key) ? state.hide.filter((k) => k !== key) : [...state.hide, key] });

  const Tick = ({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) => {
    const group = bars.groups.find((g) => g.dataset === payload?.value);
    return (
      <g transform={`translate(${x ?? 0},${y ?? 0})`}>
        <text textAnchor="middle" dy={14} fontSize={12.5} fill="#1d2430">
          {datasetName(datasetLabels, payload?.value ?? "")}
        </text>
        {group?.bestRatio ? (
          <text textAnchor="middle" dy={30} fontSize={11} fill="#5b6472">
            best ratio {group.bestRatio.toFixed(1)}×
          </text>
        ) : null}
      </g>
    );
  };

  return (
    <div
      className="view"
      data-testid="view-classes"
      ref={chartRef}
      data-size={view.size ?? ""}
      data-group-count={bars.groups.length}
      data-series-count={visible.length}
      data-bar-count={rows.length}
    >
      <ViewHead title={embed ? `${title} · run ${run.id}` : title}>
        {embed ? null : (
          <>
            <SizeSlider
              sizes={dims.sizes}
              value={view.size}
              onCommit={(size) => update({ size })}
              onStep={(size) => update({ size }, { replace: true })}
              playable
            />
            <AxisScale axis="y" value={view.y} onChange={(y) => update({ y })} />
          </>
        )}
      </ViewHead>
      {bars.groups.length === 0 ? (
        <div className="chart chart-empty">
          <p>No measurements at {sizeText} yet.</p>
        </div>
      ) : (
        <div className="chart" data-testid="classes-chart">
          <ResponsiveContainer width="100%" height={chartHeight(embed, 420)}>
            <BarChart data={bars.groups} margin={{ top: 12, right: 24, bottom: 36, left: 12 }} barCategoryGap="18%">
              <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="dataset" type="category" tick={<Tick />} interval={0} height={44} />
              <YAxis
                type="number"
                scale={view.y}
                domain={domain}
                ticks={axisTicks(domain, view.y)}
                tickFormatter={(v: number) => formatRate(v)}
                allowDataOverflow
                width={84}
                label={{
                  value: view.metric === "wire" ? "bytes/s on the wire" : `${metric} throughput (uncompressed)`,
                  angle: -90,
                  position: "insideLeft",
                  offset: 0,
                  dy: 100,
                  fill: "#5b6472",
                }}
              />
              <Tooltip
                cursor={{ fill: "rgba(47, 93, 138, 0.06)" }}
                content={({ active, label }) => {
                  const group = bars.groups.find((g) => g.dataset === label);
                  if (!active || !group) return null;
                  const lines = visible
                    .filter((s) => group.values[s.key] !== undefined)
                    .sort((a, b) => group.values[b.key] - group.values[a.key])
                    .slice(0, 16);
                  return (
                    <div className="chart-tooltip" data-testid="chart-tooltip">
                      <div className="chart-tooltip-title">
                        {datasetName(datasetLabels, group.dataset)} · {sizeText} blobs
                      </div>
                      <table>
                        <tbody>
                          {lines.map((s) => (
                            <tr key={s.key}>
                              <td>
                                <svg className="swatch" width="12" height="10" aria-hidden>
                                  <rect width="12" height="10" rx="2" fill={styles[s.key]?.color} />
                                </svg>
                                {s.label}
                              </td>
                              <td className="num">{formatMBps(group.values[s.key])}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  );
                }}
              />
              {visible.map((s) => (
                <Bar
                  key={s.key}
                  name={s.label}
                  dataKey={(g: ClassGroup) => g.values[s.key] ?? null}
                  fill={styles[s.key]?.color}
                  fillOpacity={highlight === null || highlight === s.key ? 1 : 0.2}
                  isAnimationActive={!embed}
                  animationDuration={450}
                  onMouseEnter={() => setHighlight(s.key)}
                  onMouseLeave={() => setHighlight(null)}
                  className={`bar bar-${s.key}`}
                >
                  <ErrorBar
                    dataKey={(g: ClassGroup) => {
                      const v = g.values[s.key];
                      return v === undefined ? [0, 0] : [v - (g.ciLow[s.key] ?? v), (g.ciHigh[s.key] ?? v) - v];
                    }}
                    width={3}
                    stroke="#3b4250"
                    strokeOpacity={0.55}
                  />
                </Bar>
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <SeriesLegend
        series={bars.series}
        styles={styles}
        hidden={view.hidden}
        onToggle={toggle}
        onHover={setHighlight}
        highlight={highlight}
        shape="box"
        interactive={!embed}
      />
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: chartRef,
            rows,
            name: ["blobbench-run", run.id, "classes", view.size],
            title,
            subtitle: `run ${run.id} · ${view.workload ?? ""}`,
            legend: visible.map((s) => ({ label: s.label, color: styles[s.key].color, shape: "box" as const })),
            meta: { run: run.id, view: "classes", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}
    </div>
  );
}
