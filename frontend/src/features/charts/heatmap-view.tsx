import { useMemo, useRef } from "react";

import { formatBytes, formatMBps } from "../../lib/format";
import { metricForWorkload } from "../../lib/throughput";
import { ChartDownloads } from "./chart-downloads";
import { buildHeatmap, divergingColor, formatRelative, heatmapRows } from "./heatmap";
import { SizeSlider, ViewHead } from "./view-controls";
import { datasetName, type ViewProps } from "./view-props";

const CELL_W = 140;
const CELL_H = 60;
const HEAD_H = 34;
const SCALE_H = 62;
const SCALE_W = 380;
const CHAR_W = 7.6;

/** Method × storage at one dataset and size, coloured by throughput relative to none · dynamic. */
export default function HeatmapView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, dims, update } = handle;
  const chartRef = useRef<HTMLDivElement>(null);
  const metric = view.metric === "wire" ? "wire" : metricForWorkload(view.workload);
  const h = useMemo(
    () =>
      buildHeatmap(
        results,
        { dataset: view.dataset, workload: view.workload, concurrency: view.concurrency, methods: view.methods, metric: view.metric, size: view.size },
        order,
      ),
    [results, view.dataset, view.workload, view.concurrency, view.methods, view.metric, view.size, order],
  );
  const rows = useMemo(
    () => heatmapRows(h, { dataset: view.dataset, size: view.size, workload: view.workload }),
    [h, view.dataset, view.size, view.workload],
  );
  const sizeText = view.size ? formatBytes(view.size) : "—";
  const metricWord = metric === "wire" ? "Wire" : metric === "write" ? "Write" : "Read";
  const title = `${metricWord} throughput relative to ${h.reference?.kind === "best" ? "the best cell" : "none · dynamic"} · ${datasetName(datasetLabels, view.dataset)} · ${sizeText}`;

  const labelW = Math.max(90, Math.ceil(Math.max(0, ...h.methods.map((m) => m.length)) * CHAR_W) + 24);
  const gridW = h.storages.length * CELL_W;
  const width = Math.max(labelW + gridW, labelW + SCALE_W) + 16;
  const height = HEAD_H + h.methods.length * CELL_H + SCALE_H;
  const scaleW = SCALE_W;
  const scaleX = labelW + Math.max(0, (gridW - scaleW) / 2);
  const scaleY = HEAD_H + h.methods.length * CELL_H + 20;
  const span = h.span;

  return (
    <div
      className="view"
      data-testid="view-heatmap"
      ref={chartRef}
      data-reference={h.reference?.kind ?? ""}
      data-row-count={h.methods.length}
      data-column-count={h.storages.length}
      data-size={view.size ?? ""}
    >
      <ViewHead title={embed ? `${title} · run ${run.id}` : title}>
        {embed ? null : <SizeSlider sizes={dims.sizes} value={view.size} onCommit={(size) => update({ size })} />}
      </ViewHead>
      {h.reference?.kind === "best" ? (
        <p className="view-note" data-testid="heatmap-reference-notice">
          This run has no <code>none · dynamic</code> cell at this dataset and size, so the colours are relative to the best
          cell, <strong>{h.reference.label}</strong> ({formatMBps(h.reference.bps)}).
        </p>
      ) : null}
      {h.rows.length === 0 ? (
        <div className="chart chart-empty">
          <p>No measurements at {sizeText} yet.</p>
        </div>
      ) : (
        <div className="chart heatmap" data-testid="heatmap-chart">
          <svg
            data-chart-svg
            viewBox={`0 0 ${width} ${height}`}
            width="100%"
            style={{ maxWidth: width }}
            role="img"
            aria-label={title}
            fontFamily="inherit"
          >
            {h.storages.map((storage, j) => (
              <text
                key={storage}
                x={labelW + j * CELL_W + CELL_W / 2}
                y={HEAD_H - 12}
                textAnchor="middle"
                fontSize={12.5}
                fontWeight={600}
                fill="#1d2430"
              >
                {storage}
              </text>
            ))}
            {h.rows.map((row, i) => (
              <g key={h.methods[i]}>
                <text
                  x={labelW - 12}
                  y={HEAD_H + i * CELL_H + CELL_H / 2 + 4}
                  textAnchor="end"
                  fontSize={12.5}
                  fontWeight={600}
                  fill="#1d2430"
                >
                  {h.methods[i]}
                </text>
                {row.map((cell, j) => {
                  const x = labelW + j * CELL_W;
                  const y = HEAD_H + i * CELL_H;
                  return (
                    <g
                      key={cell.storage}
                      data-testid="heatmap-cell"
                      data-method={cell.method}
                      data-storage={cell.storage}
                      data-relative={cell.relative ?? ""}
                    >
                      <title>
                        {`${cell.label}: ${cell.bps !== null ? `${formatMBps(cell.bps)}, ${formatRelative(cell.relative)} ${h.reference?.label ?? ""}` : "not measured"}`}
                      </title>
                      <rect x={x + 2} y={y + 2} width={CELL_W - 4} height={CELL_H - 4} rx={5} fill={cell.color} stroke="#d5dae1" strokeWidth={0.75} />
                      <text x={x + CELL_W / 2} y={y + CELL_H / 2 + (cell.bps !== null ? 0 : 5)} textAnchor="middle" fontSize={16} fontWeight={700} fill={cell.textColor}>
                        {formatRelative(cell.relative)}
                      </text>
                      {cell.bps !== null ? (
                        <text x={x + CELL_W / 2} y={y + CELL_H / 2 + 17} textAnchor="middle" fontSize={11.5} fill={cell.textColor} opacity={0.85}>
                          {formatMBps(cell.bps)}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
              </g>
            ))}
            {/* The colour key: slower on the left, the reference in the middle, faster on the right. */}
            <defs>
              <linearGradient id="heatmap-scale" x1="0" x2="1" y1="0" y2="0">
                {[-1, -0.5, 0, 0.5, 1].map((t) => (
                  <stop key={t} offset={`${(t + 1) * 50}%`} stopColor={divergingColor(t)} />
                ))}
              </linearGradient>
            </defs>
            <rect x={scaleX} y={scaleY} width={scaleW} height={10} rx={3} fill="url(#heatmap-scale)" stroke="#c9ced6" strokeWidth={0.5} />
            {[-1, 0, 1].map((t) => (
              <text
                key={t}
                x={scaleX + ((t + 1) / 2) * scaleW}
                y={scaleY + 26}
                textAnchor={t === -1 ? "start" : t === 1 ? "end" : "middle"}
                fontSize={11}
                fill="#5b6472"
              >
                {t === 0 ? `1× = ${h.reference?.label ?? ""}` : `${t < 0 ? "≤ " : "≥ "}${formatRelative(2 ** (t * span))}${t < 0 ? " (slower)" : " (faster)"}`}
              </text>
            ))}
          </svg>
        </div>
      )}
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: chartRef,
            rows,
            name: ["blobbench-run", run.id, "heatmap", view.dataset, view.size],
            title,
            subtitle: `run ${run.id} · ${view.workload ?? ""} · rows: method, columns: storage`,
            meta: { run: run.id, view: "heatmap", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}
    </div>
  );
}
