import type { SeriesStyle, SizeSeries } from "./transforms";

/** The legend doubles as a switch: clicking a series hides or shows it (kept in the URL). */
export function SeriesLegend({
  series,
  styles,
  hidden,
  onToggle,
}: {
  series: SizeSeries[];
  styles: Record<string, SeriesStyle>;
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <ul className="legend" data-testid="series-legend">
      {series.map((s) => {
        const style = styles[s.key];
        const visible = !hidden.has(s.key);
        return (
          <li key={s.key}>
            <button
              type="button"
              className={`legend-item ${visible ? "" : "legend-item-off"}`}
              aria-pressed={visible}
              title={visible ? "Hide this series" : "Show this series"}
              onClick={() => onToggle(s.key)}
              data-testid="series-legend-item"
              data-series-key={s.key}
              data-points={s.points.length}
            >
              <svg width="26" height="10" aria-hidden>
                <line
                  x1="1"
                  y1="5"
                  x2="25"
                  y2="5"
                  stroke={style?.color}
                  strokeWidth="2.5"
                  strokeDasharray={style?.dash}
                />
              </svg>
              {s.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
