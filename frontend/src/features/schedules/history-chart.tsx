import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { formatChangePct } from "../../lib/change";
import { formatDateTime, formatMBps, formatRate } from "../../lib/format";
import {
  regressionMarkers,
  throughputAxis,
  timeDomain,
  timeTickUnit,
  type HistoryRow,
} from "./history-series";

const LINE = "#2563a8";
const BAND = "#9fc0e4";
const ALERT = "#d93025";

function HistoryTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }) {
  const row = payload?.[0]?.payload as HistoryRow | undefined;
  if (!active || !row || typeof row.runId !== "number") return null;
  return (
    <div className="chart-tooltip" data-testid="history-tooltip">
      <div className="chart-tooltip-title">
        Run #{row.runId} · {formatDateTime(new Date(row.t).toISOString())}
      </div>
      <table>
        <tbody>
          <tr>
            <td>median</td>
            <td className="num">{row.median !== null ? formatMBps(row.median) : "—"}</td>
          </tr>
          <tr>
            <td>95% CI of mean</td>
            <td className="num">
              {row.band ? `${formatMBps(row.band[0]).replace(" MB/s", "")}–${formatMBps(row.band[1])}` : "—"}
            </td>
          </tr>
          {row.regressed ? (
            <tr>
              <td className="danger">regressed</td>
              <td className="num danger">{formatChangePct(row.changePct)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function Marker({ cx, cy }: { cx?: number; cy?: number }) {
  if (cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy)) return null;
  return (
    <path
      className="history-regression-marker"
      d={`M${cx},${cy - 8} L${cx + 7},${cy + 5} L${cx - 7},${cy + 5} Z`}
      fill={ALERT}
      stroke="#fff"
      strokeWidth={1.5}
    />
  );
}

/** The median line's dot, left out where a regression marker takes its place. */
function LineDot({ cx, cy, payload }: { cx?: number; cy?: number; payload?: HistoryRow }) {
  if (cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy) || payload?.regressed) {
    return <g />;
  }
  return <circle cx={cx} cy={cy} r={3} fill={LINE} />;
}

/** A cell's throughput over a schedule's runs: median line, CI band, regression markers. */
export function HistoryChart({ rows, measure, height = 340 }: { rows: HistoryRow[]; measure: string; height?: number }) {
  const markers = regressionMarkers(rows);
  const xDomain = timeDomain(rows);
  const yAxis = throughputAxis(rows);
  const unit = timeTickUnit(xDomain);
  const tick = (t: number) => {
    const date = new Date(t);
    const pad = (n: number) => String(n).padStart(2, "0");
    if (unit === "day") return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    const hm = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
    return unit === "second" ? `${hm}:${pad(date.getSeconds())}` : hm;
  };
  return (
    <div
      className="chart"
      data-testid="history-chart"
      data-point-count={rows.filter((r) => r.median !== null).length}
      data-marker-count={markers.length}
    >
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={rows} margin={{ top: 16, right: 24, bottom: 28, left: 12 }}>
          <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="t"
            scale="time"
            domain={xDomain}
            tickFormatter={tick}
            allowDataOverflow
            label={{ value: "run started (your time)", position: "insideBottom", offset: -16, fill: "#5b6472" }}
          />
          <YAxis
            type="number"
            domain={yAxis.domain}
            ticks={yAxis.ticks}
            tickFormatter={(v: number) => formatRate(v)}
            width={84}
            label={{
              value: `${measure === "write_bps" ? "write" : "read"} throughput`,
              angle: -90,
              position: "insideLeft",
              dy: 60,
              fill: "#5b6472",
            }}
          />
          <Tooltip content={<HistoryTooltip />} />
          <Area
            name="95% CI of the mean"
            type="linear"
            dataKey="band"
            stroke="none"
            fill={BAND}
            fillOpacity={0.45}
            connectNulls
            isAnimationActive={false}
            activeDot={false}
          />
          <Line
            name="median"
            type="linear"
            dataKey="median"
            stroke={LINE}
            strokeWidth={2}
            dot={(props: { cx?: number; cy?: number; payload?: HistoryRow; index?: number }) => <LineDot key={`dot-${props.index}`} {...props} />}
            activeDot={{ r: 5 }}
            connectNulls
            isAnimationActive={false}
          />
          <Scatter name="regression" data={markers} dataKey="y" shape={<Marker />} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
      <p className="legend-note small muted">
        <span className="swatch-line" style={{ background: LINE }} /> median throughput{" "}
        <span className="swatch-band" style={{ background: BAND }} /> 95% CI of the mean{" "}
        <span className="swatch-marker" style={{ color: ALERT }}>▲</span> regression flagged by an alert
      </p>
    </div>
  );
}
