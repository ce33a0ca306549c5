import { useEffect, useRef, useState, type ReactNode } from "react";

import { Segmented } from "../../components/segmented";
import { formatBytes } from "../../lib/format";
import { workloadLabel } from "../../lib/throughput";
import type { ChartDimensions, ChartView } from "./transforms";
import { VIEWS, type ChartUrlState, type Scale, type ViewName } from "./url-state";

export const VIEW_LABELS: Record<ViewName, string> = {
  size: "Throughput vs size",
  classes: "Ratio classes",
  tradeoff: "Trade-off",
  heatmap: "Heatmap",
  compare: "Compare runs",
  latency: "Latency",
};

/** The run page's view switcher; each tab is a link, so it opens in a new tab too. */
export function ViewTabs({ active, href, onSelect }: { active: ViewName; href: (view: ViewName) => string; onSelect: (view: ViewName) => void }) {
  return (
    <nav className="view-tabs" role="tablist" aria-label="Views" data-testid="view-tabs">
      {VIEWS.map((view) => (
        <a
          key={view}
          role="tab"
          href={href(view)}
          aria-selected={view === active}
          className={`view-tab ${view === active ? "active" : ""}`}
          data-testid={`view-tab-${view}`}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            if (view !== active) onSelect(view);
          }}
        >
          {VIEW_LABELS[view]}
        </a>
      ))}
    </nav>
  );
}

/** "ignored size=abc: not a size of this run" — what the URL asked for and did not get. */
export function UrlNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="url-notices" data-testid="url-notices" aria-live="polite">
      {notices.map((n) => (
        <li key={n} data-testid="url-notice">
          {n}
        </li>
      ))}
    </ul>
  );
}

/** The log/linear choice of one axis (`x=` / `y=`): sizes read log first, throughput linear. */
export function AxisScale({ axis, value, onChange }: { axis: "x" | "y"; value: Scale; onChange: (scale: Scale) => void }) {
  const options: ReadonlyArray<{ value: Scale; label: string }> =
    axis === "x"
      ? [{ value: "log", label: "log" }, { value: "linear", label: "linear" }]
      : [{ value: "linear", label: "linear" }, { value: "log", label: "log" }];
  return (
    <Segmented label={`${axis.toUpperCase()} axis`} value={value} options={options} onChange={onChange} testId={`${axis}-scale`} />
  );
}

/** Which methods are shown (`methods=`); at least one stays on. */
export function MethodsPicker({
  methods,
  selected,
  onChange,
}: {
  methods: readonly string[];
  selected: ReadonlySet<string> | null;
  onChange: (methods: string[] | null) => void;
}) {
  const on = (m: string) => selected === null || selected.has(m);
  const count = selected === null ? methods.length : methods.filter((m) => selected.has(m)).length;
  function toggle(m: string) {
    const next = methods.filter((x) => (x === m ? !on(x) : on(x)));
    if (next.length === 0) return;
    onChange(next.length === methods.length ? null : next);
  }
  return (
    <div className="control">
      <span className="control-label">Methods</span>
      <details className="methods-picker" data-testid="methods-picker">
        <summary data-testid="methods-summary">
          {count === methods.length ? `all ${methods.length}` : `${count} of ${methods.length}`}
        </summary>
        <div className="methods-picker-menu">
          {methods.map((m) => (
            <label key={m} className="methods-picker-item">
              <input type="checkbox" checked={on(m)} onChange={() => toggle(m)} data-testid="method-toggle" data-method={m} />
              {m}
            </label>
          ))}
          <div className="methods-picker-actions">
            <button type="button" className="button button-small button-quiet" onClick={() => onChange(null)} disabled={selected === null}>
              Show all
            </button>
          </div>
        </div>
      </details>
    </div>
  );
}

/** Host (runs measured from several), dataset, workload, clients and methods: the choices every
 *  view shares. */
export function CommonControls({
  dims,
  view,
  onChange,
  datasetLabels = {},
  showDataset = true,
}: {
  dims: ChartDimensions;
  view: ChartView;
  onChange: (patch: Partial<ChartUrlState>) => void;
  datasetLabels?: Readonly<Record<string, string>>;
  showDataset?: boolean;
}) {
  return (
    <div className="chart-controls">
      {dims.hosts.length > 1 ? (
        <label className="control">
          <span className="control-label">Measured from</span>
          <select value={view.host ?? ""} onChange={(e) => onChange({ host: e.target.value })} data-testid="host-select">
            {dims.hosts.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {showDataset ? (
        <label className="control">
          <span className="control-label">Dataset</span>
          <select
            value={view.dataset ?? ""}
            onChange={(e) => onChange({ dataset: e.target.value })}
            data-testid="dataset-select"
            disabled={dims.datasets.length === 0}
          >
            {dims.datasets.map((d) => (
              <option key={d} value={d}>
                {datasetLabels[d] ? `${datasetLabels[d]} (${d})` : d}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {dims.workloads.length > 1 ? (
        <label className="control">
          <span className="control-label">Workload</span>
          <select value={view.workload ?? ""} onChange={(e) => onChange({ workload: e.target.value })} data-testid="workload-select">
            {dims.workloads.map((w) => (
              <option key={w} value={w}>
                {workloadLabel(w)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {dims.concurrencies.length > 1 ? (
        <label className="control">
          <span className="control-label">Clients</span>
          <select
            value={view.concurrency ?? ""}
            onChange={(e) => onChange({ concurrency: Number(e.target.value) })}
            data-testid="concurrency-select"
          >
            {dims.concurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {dims.methods.length > 1 ? (
        <MethodsPicker methods={dims.methods} selected={view.methods} onChange={(methods) => onChange({ methods })} />
      ) : null}
    </div>
  );
}

/**
 * A slider over the run's sizes. Dragging moves a local value; letting go writes the URL (one
 * history entry per choice, not per pixel). The play button steps through the sizes.
 */
export function SizeSlider({
  sizes,
  value,
  onCommit,
  onStep,
  playable = false,
}: {
  sizes: readonly number[];
  value: number | null;
  /** A person's choice: a new history entry. */
  onCommit: (size: number) => void;
  /** One step of the animation: replaces the entry. */
  onStep?: (size: number) => void;
  playable?: boolean;
}) {
  const index = value === null ? 0 : Math.max(0, sizes.indexOf(value));
  const [pending, setPending] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const shown = pending ?? index;
  const latest = useRef({ index, sizes, onStep });
  latest.current = { index, sizes, onStep };

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const { index: i, sizes: all, onStep: step } = latest.current;
      if (all.length === 0 || !step) return;
      step(all[(i + 1) % all.length]);
    }, 900);
    return () => window.clearInterval(timer);
  }, [playing]);

  function commit() {
    if (pending !== null && sizes[pending] !== undefined && pending !== index) onCommit(sizes[pending]);
    setPending(null);
  }

  if (sizes.length === 0) return null;
  return (
    <div className="control size-slider">
      <span className="control-label">
        Blob size <strong data-testid="size-value">{formatBytes(sizes[shown] ?? 0)}</strong>
      </span>
      <div className="size-slider-row">
        {playable ? (
          <button
            type="button"
            className="button button-small play-button"
            onClick={() => setPlaying((p) => !p)}
            aria-pressed={playing}
            data-testid="size-play"
            title={playing ? "Stop" : "Step through the sizes"}
            disabled={sizes.length < 2}
          >
            {playing ? "❚❚ Pause" : "▶ Play"}
          </button>
        ) : null}
        <input
          type="range"
          min={0}
          max={Math.max(0, sizes.length - 1)}
          step={1}
          value={shown}
          disabled={sizes.length < 2}
          aria-label="Blob size"
          aria-valuetext={formatBytes(sizes[shown] ?? 0)}
          onChange={(e) => {
            setPlaying(false);
            setPending(Number(e.target.value));
          }}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
          data-testid="size-slider"
          data-size={sizes[shown]}
        />
      </div>
    </div>
  );
}

/** A view's title row: title on the left, its controls and downloads on the right. */
export function ViewHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="chart-panel-head">
      <h2>{title}</h2>
      {children ? <div className="chart-controls">{children}</div> : null}
    </div>
  );
}
