import type { SeriesStyle } from "./transforms";

export interface LegendSeries {
  key: string;
  label: string;
  /** When given, its length is exposed as data-points (what the e2e tests count). */
  points?: readonly unknown[];
}

/**
 * The legend doubles as a switch: clicking a series hides or shows it (kept in the URL), and
 * hovering one highlights it in the chart (the others dim).
 */
export function SeriesLegend({
  series,
  styles,
  hidden,
  onToggle,
  onHover,
  highlight = null,
  shape = "line",
  interactive = true,
}: {
  series: readonly LegendSeries[];
  styles: Record<string, SeriesStyle>;
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onHover?: (key: string | null) => void;
  highlight?: string | null;
  shape?: "line" | "box";
  /** False in embed mode: a plain key to the colours. */
  interactive?: boolean;
}) {
  return (
    <ul className="legend" data-testid="series-legend" onMouseLeave={() => onHover?.(null)}>
      {series.map((s) => {
        const style = styles[s.key];
        const visible = !hidden.has(s.key);
        const dimmed = highlight !== null && !hidden.has(highlight) && highlight !== s.key;
        return (
          <li key={s.key}>
            <button
              type="button"
              className={`legend-item ${visible ? "" : "legend-item-off"} ${dimmed ? "legend-item-dim" : ""}`}
              aria-pressed={visible}
              title={visible ? "Hide this series" : "Show this series"}
              onClick={() => onToggle(s.key)}
              onMouseEnter={() => onHover?.(visible ? s.key : null)}
              onFocus={() => onHover?.(visible ? s.key : null)}
              onBlur={() => onHover?.(null)}
              disabled={!interactive}
              data-testid="series-legend-item"
              data-series-key={s.key}
              data-points={s.points?.length}
              data-highlighted={highlight === s.key ? "true" : undefined}
            >
              <svg width="26" height="10" aria-hidden>
                {shape === "box" ? (
                  <rect x="3" y="0" width="20" height="10" rx="2" fill={style?.color} />
                ) : (
                  <line x1="1" y1="5" x2="25" y2="5" stroke={style?.color} strokeWidth="2.5" strokeDasharray={style?.dash} />
                )}
              </svg>
              {s.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
