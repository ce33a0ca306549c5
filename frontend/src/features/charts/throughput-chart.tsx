import { memo, useMemo } from "react";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { formatBytes, formatMBps, formatRate } from "../../lib/format";
import {
  axisTicks,
  sizeAxis,
  throughputDomain,
  toChartRows,
  tooltipRows,
  type ChartRow,
  type Scale,
  type SeriesSet,
  type SeriesStyle,
  type YScale,
} from "./transforms";

interface TooltipProps {
  active?: boolean;
  label?: unknown;
  set: SeriesSet;
  hidden: ReadonlySet<string>;
  styles: Record<string, SeriesStyle>;
}

function ChartTooltip({ active, label, set, hidden, styles }: TooltipProps) {
  const size = Number(label);
  if (!active || !Number.isFinite(size)) return null;
  const rows = tooltipRows(set, size, hidden);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, 16);
  return (
    <div className="chart-tooltip" data-testid="chart-tooltip">
      <div className="chart-tooltip-title">{formatBytes(size)} blobs</div>
      <table>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              <td>
                <svg className="swatch" width="18" height="8" aria-hidden>
                  <line
                    x1="1"
                    y1="4"
                    x2="17"
                    y2="4"
                    stroke={styles[row.key]?.color}
                    strokeWidth="2.5"
                    strokeDasharray={styles[row.key]?.dash}
                  />
                </svg>
                {row.label}
              </td>
              <td className="num">{formatMBps(row.bps)}</td>
              <td className="num muted">
                95% CI {formatMBps(row.ciLow).replace(" MB/s", "")}–{formatMBps(row.ciHigh)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? <div className="muted small">…and {rows.length - shown.length} more</div> : null}
    </div>
  );
}

/** Above this many drawn points the dots go (lines alone stay readable and fast). */
const MAX_DOTS = 600;
/**
 * Above this many visible series, only the highlighted series shows its CI band: a dozen
 * overlapping translucent bands say nothing, and each costs a full area's geometry per redraw.
 */
export const MAX_BANDS = 8;

/**
 * Throughput (uncompressed or wire bytes/s) against blob size, with a band for each series'
 * 95% confidence interval. Draws what it is given: series from buildSizeSeries, styles from
 * seriesStyle; `highlight` dims every other series.
 */
const MARGIN = { top: 12, right: 24, bottom: 28, left: 12 };
const ACTIVE_DOT = { r: 5 };

export const ThroughputChart = memo(function ThroughputChart({
  set,
  styles,
  hidden,
  yScale,
  xScale = "log",
  dataset,
  metric = "read",
  yLabel,
  highlight: wanted = null,
  onHighlight,
  bands = true,
  height = 420,
  testId = "throughput-chart",
}: {
  set: SeriesSet;
  styles: Record<string, SeriesStyle>;
  hidden: ReadonlySet<string>;
  yScale: YScale;
  xScale?: Scale;
  dataset: string | null;
  /** data-metric: read, write or wire. */
  metric?: string;
  yLabel?: string;
  highlight?: string | null;
  onHighlight?: (key: string | null) => void;
  bands?: boolean;
  height?: number;
  testId?: string;
}) {
  const rows = useMemo(() => toChartRows(set), [set]);
  // A hidden series cannot be highlighted (it would only dim the others).
  const highlight = wanted !== null && !hidden.has(wanted) ? wanted : null;
  const visible = useMemo(() => set.series.filter((s) => !hidden.has(s.key)), [set, hidden]);
  const yDomain = useMemo(() => throughputDomain(set, yScale, hidden), [set, yScale, hidden]);
  const x = useMemo(() => sizeAxis(set.sizes, xScale), [set.sizes, xScale]);
  const pointCount = visible.reduce((n, s) => n + s.points.length, 0);
  const dots = pointCount <= MAX_DOTS;
  // Stable accessors and props: Recharts memoizes each series' geometry on its props, so a
  // series whose props did not change is not recomputed when another one is toggled.
  const lineKeys = useMemo(() => {
    const out: Record<string, (row: ChartRow) => number | null> = {};
    for (const s of set.series) out[s.key] = (row: ChartRow) => row.values[s.key] ?? null;
    return out;
  }, [set]);
  const bandKeys = useMemo(() => {
    const low = yDomain[0];
    const clampLow = (v: number) => (yScale === "log" ? Math.max(v, low) : v);
    const out: Record<string, (row: ChartRow) => [number, number] | null> = {};
    for (const s of set.series) {
      out[s.key] = (row: ChartRow) => {
        const band = row.bands[s.key];
        return band ? [clampLow(band[0]), band[1]] : null;
      };
    }
    return out;
  }, [set, yScale, yDomain]);
  const opacity = (key: string) => (highlight === null || highlight === key ? 1 : 0.15);
  const dotProps = useMemo(() => {
    const out: Record<string, object | false> = {};
    for (const s of set.series) {
      const o = highlight === null || highlight === s.key ? 1 : 0.15;
      out[s.key] = dots ? { r: 3, strokeWidth: 1, fill: styles[s.key]?.color, fillOpacity: o, strokeOpacity: o } : false;
    }
    return out;
  }, [set, highlight, dots, styles]);
  return (
    <div
      className="chart"
      data-testid={testId}
      data-dataset={dataset ?? ""}
      data-metric={metric}
      data-y-scale={yScale}
      data-x-scale={xScale}
      data-series-count={visible.length}
      data-point-count={pointCount}
      data-highlight={highlight ?? ""}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={rows} margin={MARGIN}>
          <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="size"
            scale={xScale}
            domain={x.domain}
            ticks={x.ticks}
            tickFormatter={(v: number) => formatBytes(v)}
            allowDataOverflow
            label={{ value: `blob size (${xScale} scale)`, position: "insideBottom", offset: -16, fill: "#5b6472" }}
          />
          <YAxis
            type="number"
            scale={yScale}
            domain={yDomain}
            ticks={axisTicks(yDomain, yScale)}
            tickFormatter={(v: number) => formatRate(v)}
            allowDataOverflow
            width={84}
            label={{
              value: yLabel ?? `${metric} throughput (uncompressed)`,
              angle: -90,
              position: "insideLeft",
              offset: 0,
              dy: 100,
              fill: "#5b6472",
            }}
          />
          <Tooltip content={<ChartTooltip set={set} hidden={hidden} styles={styles} />} />
          {bands
            ? (visible.length <= MAX_BANDS ? visible : visible.filter((s) => s.key === highlight)).map((s) => (
                <Area
                  key={`band-${s.key}`}
                  type="linear"
                  dataKey={bandKeys[s.key]}
                  stroke="none"
                  fill={styles[s.key]?.color}
                  fillOpacity={highlight === s.key ? 0.22 : highlight === null ? 0.08 : 0.02}
                  connectNulls
                  isAnimationActive={false}
                  activeDot={false}
                  tooltipType="none"
                  legendType="none"
                  className={`ci-band ci-band-${s.key}`}
                />
              ))
            : null}
          {visible.map((s) => (
            <Line
              key={s.key}
              name={s.label}
              type="linear"
              dataKey={lineKeys[s.key]}
              stroke={styles[s.key]?.color}
              strokeDasharray={styles[s.key]?.dash}
              strokeWidth={highlight === s.key ? 3.5 : 2}
              strokeOpacity={opacity(s.key)}
              dot={dotProps[s.key]}
              activeDot={ACTIVE_DOT}
              connectNulls
              isAnimationActive={false}
              className={`series series-${s.key}`}
              onMouseEnter={onHighlight ? () => onHighlight(s.key) : undefined}
              onMouseLeave={onHighlight ? () => onHighlight(null) : undefined}
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
});
