import { useMemo, useRef, useState } from "react";

import { Segmented } from "../../components/segmented";
import { formatBytes, formatMBps } from "../../lib/format";
import { metricForWorkload, metricLabel } from "../../lib/throughput";
import { ChartDownloads } from "./chart-downloads";
import { SeriesLegend } from "./series-legend";
import { ThroughputChart } from "./throughput-chart";
import { buildSizeSeries, fastestBySize, seriesStyle, sizeSeriesRows, type SeriesStyle } from "./transforms";
import { AxisScale, ViewHead } from "./view-controls";
import { chartHeight, datasetName, type ViewProps } from "./view-props";

/** Throughput vs blob size: one line per method × storage, with 95% CI bands. */
export default function SizeView({ run, results, order, handle, datasetLabels, embed }: ViewProps) {
  const { view, state, update } = handle;
  const [highlight, setHighlight] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const metric = metricForWorkload(view.workload);
  const wire = view.metric === "wire";

  const set = useMemo(
    () =>
      buildSizeSeries(
        results,
        { dataset: view.dataset, workload: view.workload, concurrency: view.concurrency, methods: view.methods, metric: view.metric },
        order,
      ),
    [results, view.dataset, view.workload, view.concurrency, view.methods, view.metric, order],
  );
  const styles = useMemo(() => {
    const out: Record<string, SeriesStyle> = {};
    for (const s of set.series) out[s.key] = seriesStyle(s.method, s.storage, order);
    return out;
  }, [set, order]);
  const fastest = useMemo(() => fastestBySize(set, view.hidden), [set, view.hidden]);
  const rows = useMemo(
    () =>
      sizeSeriesRows(set, view.hidden, {
        dataset: view.dataset,
        workload: view.workload,
        concurrency: view.concurrency,
        metric: view.metric,
      }),
    [set, view.hidden, view.dataset, view.workload, view.concurrency, view.metric],
  );
  const visible = set.series.filter((s) => !view.hidden.has(s.key));
  const title = wire ? `Wire throughput by blob size (${metric})` : `${metricLabel(metric)} throughput by blob size`;
  const subtitle = `${datasetName(datasetLabels, view.dataset)} · ${view.workload ?? ""}${
    view.concurrency && view.concurrency > 1 ? ` · ${view.concurrency} clients` : ""
  } · run ${run.id}`;

  const toggle = (key: string) => {
    const hide = state.hide.includes(key) ? state.hide.filter((k) => k !== key) : [...state.hide, key];
    update({ hide });
  };

  return (
    <div className="view" data-testid="view-size" data-series-count={visible.length} ref={chartRef}>
      <ViewHead title={embed ? `${title} · ${subtitle}` : title}>
        {embed ? null : (
          <>
            <Segmented
              label="Measure"
              value={view.metric}
              options={[
                { value: "throughput", label: "uncompressed" },
                { value: "wire", label: "wire" },
              ]}
              onChange={(metricChoice) => update({ metric: metricChoice })}
              testId="metric"
            />
            <Segmented
              label="95% CI"
              value={view.ci ? "on" : "off"}
              options={[
                { value: "on", label: "bands" },
                { value: "off", label: "off" },
              ]}
              onChange={(v) => update({ ci: v === "on" })}
              testId="ci"
            />
            <AxisScale axis="x" value={view.x} onChange={(x) => update({ x })} />
            <AxisScale axis="y" value={view.y} onChange={(y) => update({ y })} />
          </>
        )}
      </ViewHead>
      {set.series.length === 0 ? (
        <div
          className="chart chart-empty"
          data-testid="throughput-chart"
          data-series-count={0}
          data-dataset={view.dataset ?? ""}
          data-metric={wire ? "wire" : metric}
        >
          <p>
            No {wire ? "wire " : ""}measurements {view.dataset ? <>for <code>{view.dataset}</code> </> : null}yet. Points
            appear as cells finish.
          </p>
        </div>
      ) : (
        <>
          <ThroughputChart
            set={set}
            styles={styles}
            hidden={view.hidden}
            yScale={view.y}
            xScale={view.x}
            dataset={view.dataset}
            metric={wire ? "wire" : metric}
            yLabel={wire ? "bytes/s on the wire" : undefined}
            highlight={highlight}
            onHighlight={setHighlight}
            bands={view.ci && !wire}
            height={chartHeight(embed, 420)}
          />
          <SeriesLegend
            series={set.series}
            styles={styles}
            hidden={view.hidden}
            onToggle={toggle}
            onHover={setHighlight}
            highlight={highlight}
            interactive={!embed}
          />
        </>
      )}
      {fastest.length && !embed ? (
        <p className="verdict" data-testid="fastest">
          <strong>Fastest:</strong>{" "}
          {fastest.map((f, i) => (
            <span key={f.size}>
              {i ? "; " : ""}
              {formatBytes(f.size)} → {f.label} {formatMBps(f.bps)}
              {f.vsNone && f.vsNone > 1.005 ? ` (${f.vsNone.toFixed(2)}× none)` : ""}
            </span>
          ))}
        </p>
      ) : null}
      {embed ? null : (
        <ChartDownloads
          spec={{
            chart: chartRef,
            rows,
            name: ["blobbench-run", run.id, "size", view.dataset, wire ? "wire" : null],
            title,
            subtitle,
            legend: visible.map((s) => ({ label: s.label, color: styles[s.key].color, dash: styles[s.key].dash })),
            meta: { run: run.id, view: "size", query: handle.href().split("?")[1] ?? "" },
          }}
        />
      )}
    </div>
  );
}
