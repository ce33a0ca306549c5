/** A row of exclusive buttons (the study pages' own; features do not share components). */
export function Choices<T extends string | number>({
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
    <div className="study-control" role="group" aria-label={label}>
      <span className="study-control-label">{label}</span>
      <div className="study-choices">
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
