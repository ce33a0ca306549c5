import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { formatBytes, formatMBps, formatRate } from "../../lib/format";
import type { Metric } from "../../lib/throughput";
import {
  linearTicks,
  logTicks,
  sizeDomain,
  sizeTicks,
  throughputDomain,
  toChartRows,
  tooltipRows,
  type ChartRow,
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
  return (
    <div className="chart-tooltip" data-testid="chart-tooltip">
      <div className="chart-tooltip-title">{formatBytes(size)} blobs</div>
      <table>
        <tbody>
          {rows.map((row) => (
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
    </div>
  );
}

/**
 * Read or write throughput (uncompressed bytes/s) against blob size on a log axis. Draws what
 * it is given: the series come ready from buildSizeSeries, the styles from seriesStyle.
 */
export function ThroughputChart({
  set,
  styles,
  hidden,
  yScale,
  dataset,
  metric = "read",
  height = 420,
}: {
  set: SeriesSet;
  styles: Record<string, SeriesStyle>;
  hidden: ReadonlySet<string>;
  yScale: YScale;
  dataset: string | null;
  metric?: Metric;
  height?: number;
}) {
  const rows = toChartRows(set);
  const visible = set.series.filter((s) => !hidden.has(s.key));
  const yDomain = throughputDomain(set, yScale, hidden);
  return (
    <div
      className="chart"
      data-testid="throughput-chart"
      data-dataset={dataset ?? ""}
      data-metric={metric}
      data-y-scale={yScale}
      data-series-count={visible.length}
      data-point-count={visible.reduce((n, s) => n + s.points.length, 0)}
    >
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={rows} margin={{ top: 12, right: 24, bottom: 28, left: 12 }}>
          <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="size"
            scale="log"
            domain={sizeDomain(set.sizes)}
            ticks={sizeTicks(set.sizes)}
            tickFormatter={(v: number) => formatBytes(v)}
            allowDataOverflow
            label={{ value: "blob size", position: "insideBottom", offset: -16, fill: "#5b6472" }}
          />
          <YAxis
            type="number"
            scale={yScale}
            domain={yDomain}
            ticks={yScale === "log" ? logTicks(yDomain) : linearTicks(yDomain[1])}
            tickFormatter={(v: number) => formatRate(v)}
            allowDataOverflow
            width={84}
            label={{
              value: `${metric} throughput (uncompressed)`,
              angle: -90,
              position: "insideLeft",
              offset: 0,
              dy: 100,
              fill: "#5b6472",
            }}
          />
          <Tooltip content={<ChartTooltip set={set} hidden={hidden} styles={styles} />} />
          {visible.map((s) => (
            <Line
              key={s.key}
              name={s.label}
              type="linear"
              dataKey={(row: ChartRow) => row.values[s.key] ?? null}
              stroke={styles[s.key]?.color}
              strokeDasharray={styles[s.key]?.dash}
              strokeWidth={2}
              dot={{ r: 3, strokeWidth: 1, fill: styles[s.key]?.color }}
              activeDot={{ r: 5 }}
              connectNulls
              isAnimationActive={false}
              className={`series series-${s.key}`}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
