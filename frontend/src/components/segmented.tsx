/** A row of exclusive buttons (`aria-pressed` on the chosen one): the dashboard's choices of an
 *  axis scale, a measure, a study, a dataset… `testId` names each button `<testId>-<value>`. */
export function Segmented<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T | null;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div className="control" role="group" aria-label={label}>
      <span className="control-label">{label}</span>
      <div className="segmented">
        {options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={value === o.value}
            className={value === o.value ? "active" : ""}
            onClick={() => value !== o.value && onChange(o.value)}
            data-testid={`${testId}-${o.value}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
