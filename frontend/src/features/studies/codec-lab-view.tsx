import { useMemo, useState } from "react";
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
import {
  formatLink,
  frontierLabels,
  LINK_PRESETS,
  labFrontier,
  parseLinkSpeed,
  projection,
  speedLine,
  speedOf,
  type LabPoint,
  type SpeedAxis,
} from "./codec-lab";

interface ChartPoint {
  x: number;
  y: number;
  method: string;
  point: LabPoint;
  front: boolean;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const PROJECTION_ROWS = 12;

function logDomain(ys: number[]): [number, number] {
  if (ys.length === 0) return [1e6, 1e9];
  return [10 ** Math.floor(Math.log10(Math.min(...ys))), 10 ** Math.ceil(Math.log10(Math.max(...ys)))];
}

function logTicks([lo, hi]: [number, number]): number[] {
  const out: number[] = [];
  for (let v = lo; v <= hi * 1.0001; v *= 10) out.push(v);
  return out;
}

function withCi(bps: number | null, ci: [number, number] | null): string {
  if (bps === null) return "—";
  if (!ci) return formatMBps(bps);
  const half = Math.max(ci[1] - bps, bps - ci[0]);
  return `${formatMBps(bps)} ±${Math.round((half / bps) * 100)}%`;
}

export interface CodecLabChange {
  dataset?: string;
  block?: number;
  speed?: SpeedAxis;
  link?: string;
}

/** Seed 004's codec lab at one dataset and block size: the speed–size scatter with the Pareto
 *  frontier, the seed's best-speed line, every codec's figures and the link projection. */
export function CodecLabView({
  points,
  datasets,
  blocks,
  dataset,
  block,
  speed,
  link,
  linkBits,
  datasetLabel,
  onChange,
}: {
  points: readonly LabPoint[];
  datasets: readonly string[];
  blocks: readonly number[];
  dataset: string | null;
  block: number | null;
  speed: SpeedAxis;
  link: string;
  linkBits: number;
  datasetLabel: (dataset: string) => string;
  onChange: (change: CodecLabChange) => void;
}) {
  const [customLink, setCustomLink] = useState(link);
  const shown = useMemo(() => points.filter((p) => p.dataset === dataset && p.block === block), [points, dataset, block]);
  const frontier = useMemo(() => labFrontier(shown, speed), [shown, speed]);
  const onFront = useMemo(() => new Set(frontier.map((p) => p.cellId)), [frontier]);
  const chartPoints: ChartPoint[] = shown
    .filter((p) => speedOf(p, speed) !== null)
    .map((p) => ({ x: p.stored, y: speedOf(p, speed)!, method: p.method, point: p, front: onFront.has(p.cellId) }));
  const frontPoints = chartPoints.filter((p) => p.front).sort((a, b) => a.x - b.x);
  const yd = logDomain(chartPoints.map((p) => p.y));
  const xMax = Math.ceil(Math.max(1, ...chartPoints.map((p) => p.x)) * 10) / 10;
  const labelled = frontierLabels(frontier, speed, xMax, yd);
  const labelPoints = frontPoints.filter((p) => labelled.has(p.point.cellId));
  const [allRows, setAllRows] = useState(false);
  const proj = useMemo(() => projection(shown, linkBits), [shown, linkBits]);
  const winners = useMemo(
    () =>
      LINK_PRESETS.map((l) => {
        const rows = projection(shown, l.bits);
        return {
          link: l.bits,
          read: rows.find((r) => r.bestRead) ?? null,
          write: rows.find((r) => r.bestWrite) ?? null,
        };
      }),
    [shown],
  );
  const table = [...shown].sort((a, b) => (speedOf(b, speed) ?? Infinity) - (speedOf(a, speed) ?? Infinity));
  const speedName = speed === "compress" ? "compression" : "decompression";

  return (
    <section className="study" data-testid="codec-lab" data-frontier={frontier.map((p) => p.method).join(",")} data-link={linkBits}>
      <div className="study-controls">
        <Segmented
          label="Dataset"
          value={dataset}
          options={datasets.map((d) => ({ value: d, label: datasetLabel(d) }))}
          onChange={(d) => onChange({ dataset: d })}
          testId="study-dataset"
        />
        <Segmented
          label="Block"
          value={block}
          options={blocks.map((b) => ({ value: b, label: formatBytes(b) }))}
          onChange={(b) => onChange({ block: b })}
          testId="study-block"
        />
        <Segmented
          label="Frontier speed"
          value={speed}
          options={[
            { value: "compress", label: "compression" },
            { value: "decompress", label: "decompression" },
          ]}
          onChange={(s) => onChange({ speed: s })}
          testId="study-speed"
        />
      </div>

      {shown.length === 0 ? (
        <p className="muted">No codec-lab results for this dataset and block size yet.</p>
      ) : (
        <>
          <div className="chart" data-testid="codec-lab-chart">
            <ResponsiveContainer width="100%" height={420}>
              <ComposedChart margin={{ top: 24, right: 40, bottom: 32, left: 12 }}>
                <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
                <XAxis
                  type="number"
                  dataKey="x"
                  domain={[0, xMax]}
                  tickFormatter={pct}
                  allowDataOverflow
                  label={{ value: "compressed ÷ original (left = smaller)", position: "insideBottom", offset: -18, fill: "#5b6472" }}
                />
                <YAxis
                  type="number"
                  dataKey="y"
                  scale="log"
                  domain={yd}
                  ticks={logTicks(yd)}
                  tickFormatter={(v: number) => formatRate(v)}
                  allowDataOverflow
                  width={84}
                  label={{ value: `${speedName} speed`, angle: -90, position: "insideLeft", offset: 0, dy: 70, fill: "#5b6472" }}
                />
                <Tooltip
                  cursor={{ strokeDasharray: "3 3" }}
                  content={({ active, payload }) => {
                    const p = payload?.[0]?.payload as ChartPoint | undefined;
                    if (!active || !p) return null;
                    return (
                      <div className="study-tooltip">
                        <strong>{p.method}</strong>
                        <div>
                          {formatMBps(p.y)} {speedName} · {pct(p.x)} of the original (ratio {p.point.ratio.toFixed(2)})
                        </div>
                        <div className="muted">{p.front ? "on the Pareto frontier" : "beaten by a frontier codec"}</div>
                      </div>
                    );
                  }}
                />
                <Scatter
                  data={frontPoints}
                  line={{ stroke: "#1d2430", strokeWidth: 1.5, strokeDasharray: "5 4" }}
                  lineType="joint"
                  shape={() => <g />}
                  isAnimationActive={false}
                  legendType="none"
                />
                <Scatter data={chartPoints} isAnimationActive={false}>
                  {chartPoints.map((p) => (
                    <Cell
                      key={p.point.cellId}
                      fill={p.front ? "#2f6fde" : "#9aa3b2"}
                      stroke={p.front ? "#1d2430" : "#ffffff"}
                      strokeWidth={p.front ? 1.5 : 1}
                    />
                  ))}
                </Scatter>
                <Scatter data={labelPoints} shape={() => <g />} isAnimationActive={false} legendType="none">
                  <LabelList
                    dataKey="method"
                    content={(props) => {
                      const { x, y, value } = props as { x?: number | string; y?: number | string; value?: string | number };
                      if (x === undefined || y === undefined || value === undefined) return null;
                      return (
                        <text x={Number(x)} y={Number(y) - 10} textAnchor="middle" fontSize={12} fontWeight={600} fill="#1d2430" paintOrder="stroke" stroke="#ffffff" strokeWidth={4}>
                          {String(value)}
                        </text>
                      );
                    }}
                  />
                </Scatter>
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <p className="study-line" data-testid="speed-line">
            {speedLine(frontier)}
          </p>
          <p className="muted small">
            A codec beats another if it is faster and not larger, or smaller and not slower (seed 004); the line lists
            the codecs nothing beats on {speedName} speed, fastest first. Each {formatBytes(block ?? 0)} block is
            compressed on its own, as a page or a blob is.
          </p>

          <h3>Over a link</h3>
          <div className="study-controls">
            <Segmented
              label="Link speed"
              value={LINK_PRESETS.some((l) => l.value === link) ? link : null}
              options={LINK_PRESETS.map((l) => ({ value: l.value, label: formatLink(l.bits) }))}
              onChange={(l) => {
                setCustomLink(l);
                onChange({ link: l });
              }}
              testId="study-link"
            />
            <form
              className="study-control"
              onSubmit={(e) => {
                e.preventDefault();
                if (parseLinkSpeed(customLink) !== null) onChange({ link: customLink.trim() });
              }}
            >
              <label className="study-control-label" htmlFor="study-link-custom">
                or type one
              </label>
              <input
                id="study-link-custom"
                className="study-link-input"
                value={customLink}
                onChange={(e) => setCustomLink(e.target.value)}
                aria-invalid={parseLinkSpeed(customLink) === null}
                placeholder="2.5Gbit"
                data-testid="study-link-input"
              />
            </form>
          </div>
          <ul className="study-winners" data-testid="link-winners">
            {winners.map((w) => (
              <li key={w.link}>
                over {formatLink(w.link)}: reads fastest with <strong>{w.read?.method ?? "—"}</strong>
                {w.read?.read ? ` (${formatMBps(w.read.read)})` : ""}, writes with <strong>{w.write?.method ?? "—"}</strong>
                {w.write?.write ? ` (${formatMBps(w.write.write)})` : ""}
              </li>
            ))}
          </ul>
          <div className="table-wrap">
            <table className="table table-dense study-table" data-testid="projection-table">
              <caption>
                Delivered over {formatLink(linkBits)}: a read costs compressed bytes ÷ link + decompression, a write compression
                + compressed bytes ÷ link (uncompressed MB/s; one after the other, no overlap)
              </caption>
              <thead>
                <tr>
                  <th>codec</th>
                  <th className="num">ratio</th>
                  <th className="num">read</th>
                  <th className="num">write</th>
                  <th className="num">write + read</th>
                </tr>
              </thead>
              <tbody>
                {(allRows ? proj : proj.slice(0, PROJECTION_ROWS)).map((r) => (
                  <tr key={r.method} className={r.bestRead || r.bestWrite ? "study-best" : ""} data-method={r.method}>
                    <td>
                      {r.method}
                      {r.bestRead ? " · best read" : ""}
                      {r.bestWrite ? " · best write" : ""}
                    </td>
                    <td className="num">{r.ratio.toFixed(2)}</td>
                    <td className="num">{r.read === null ? "—" : formatMBps(r.read)}</td>
                    <td className="num">{r.write === null ? "—" : formatMBps(r.write)}</td>
                    <td className="num">{r.roundTrip === null ? "—" : formatMBps(r.roundTrip)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {proj.length > PROJECTION_ROWS ? (
            <button type="button" className="button button-small" onClick={() => setAllRows(!allRows)} data-testid="projection-all">
              {allRows ? `Show the best ${PROJECTION_ROWS}` : `Show all ${proj.length} codecs`}
            </button>
          ) : null}

          <h3>Every codec</h3>
          <div className="table-wrap">
            <table className="table table-dense study-table" data-testid="codec-table">
              <thead>
                <tr>
                  <th>codec</th>
                  <th className="num">ratio</th>
                  <th className="num">size</th>
                  <th className="num">compression</th>
                  <th className="num">decompression</th>
                  <th className="num">compression (CPU)</th>
                  <th className="num">decompression (CPU)</th>
                </tr>
              </thead>
              <tbody>
                {table.map((p) => (
                  <tr key={p.cellId} className={onFront.has(p.cellId) ? "study-best" : ""} data-method={p.method}>
                    <td>
                      {onFront.has(p.cellId) ? "★ " : ""}
                      {p.method}
                      {p.converged ? "" : <span className="muted" title="The CI did not reach its target within the time budget"> *</span>}
                    </td>
                    <td className="num">{p.ratio.toFixed(2)}</td>
                    <td className="num">{pct(p.stored)}</td>
                    <td className="num">{withCi(p.compressBps, p.compressCi)}</td>
                    <td className="num">{withCi(p.decompressBps, p.decompressCi)}</td>
                    <td className="num">{p.compressCpuBps === null ? "—" : formatMBps(p.compressCpuBps)}</td>
                    <td className="num">{p.decompressCpuBps === null ? "—" : formatMBps(p.decompressCpuBps)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted small">
            Speeds are uncompressed bytes per second of wall time (± the 95% confidence interval) and of CPU time; ★ marks
            the frontier; * the codecs whose interval did not converge within the time budget.
          </p>
        </>
      )}
    </section>
  );
}
