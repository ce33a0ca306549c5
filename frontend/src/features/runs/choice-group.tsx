import { useId, useState, type KeyboardEvent, type ReactNode } from "react";

import type { Gate } from "./capabilities";

const OPEN: Gate = { supported: true, reason: null };

/**
 * Checkboxes for one matrix dimension. Choices the target cannot run are disabled, and the
 * reason is shown beneath the group and tied to the checkbox (aria-describedby, and a tooltip).
 * A chosen value that became unsupported (another target was picked) stays enabled so it can
 * be unticked. Optionally: a free-entry box for choices the catalog does not list, and chips
 * (instead of checkboxes) for those extra values.
 */
export function ChoiceGroup({
  legend,
  options,
  selected,
  onChange,
  testId,
  customPlaceholder,
  gate = () => OPEN,
  labels = {},
  extrasAsChips = false,
  addValue,
  note,
  children,
}: {
  legend: string;
  options: string[];
  selected: string[];
  onChange: (next: string[]) => void;
  testId: string;
  /** Shows the free-entry box when given. */
  customPlaceholder?: string;
  gate?: (value: string) => Gate;
  /** What to show instead of a value's name (the value stays the checkbox's value). */
  labels?: Readonly<Record<string, ReactNode>>;
  /** Selected values that are not options appear as removable chips rather than checkboxes. */
  extrasAsChips?: boolean;
  /** How a typed value joins the selection (default: appended unless present). */
  addValue?: (selected: string[], value: string) => string[];
  /** Beside the legend, e.g. a link to where more choices come from. */
  note?: ReactNode;
  /** Below the choices, e.g. a level picker. */
  children?: ReactNode;
}) {
  const id = useId();
  const [custom, setCustom] = useState("");
  const extras = selected.filter((s) => !options.includes(s));
  const boxes = extrasAsChips ? options : [...options, ...extras];
  const chips = extrasAsChips ? extras : [];
  const reasonId = (index: number) => `${id}-reason-${index}`;
  const gates = boxes.map((option) => gate(option));
  const chipGates = chips.map((chip) => gate(chip));
  const unavailable = [
    ...boxes.map((value, i) => ({ value, gate: gates[i], id: reasonId(i) })),
    ...chips.map((value, i) => ({ value, gate: chipGates[i], id: reasonId(boxes.length + i) })),
  ].filter((u) => !u.gate.supported);

  const toggle = (value: string, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((s) => s !== value);
    const order = [...options, ...extras];
    onChange(order.filter((o) => next.includes(o)));
  };

  const addCustom = () => {
    const values = custom
      .split(/[\s,]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) return;
    let next = [...selected];
    for (const value of values) next = addValue ? addValue(next, value) : next.includes(value) ? next : [...next, value];
    onChange(next);
    setCustom("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      addCustom();
    }
  };

  return (
    <fieldset className="choice-group" data-testid={testId}>
      <legend>
        {legend} <span className="muted small">({selected.length} chosen)</span>
        {note ? <span className="legend-note"> {note}</span> : null}
      </legend>
      <div className="choices">
        {boxes.map((option, i) => {
          const on = selected.includes(option);
          const { supported, reason } = gates[i];
          return (
            <label
              key={option}
              className={`choice ${on ? "choice-on" : ""} ${supported ? "" : "choice-unavailable"}`}
              title={supported ? undefined : `Not available: ${reason}`}
              data-value={option}
            >
              <input
                type="checkbox"
                value={option}
                checked={on}
                disabled={!supported && !on}
                aria-describedby={supported ? undefined : reasonId(i)}
                aria-invalid={!supported && on ? true : undefined}
                onChange={(e) => toggle(option, e.target.checked)}
              />
              <span>{labels[option] ?? option}</span>
            </label>
          );
        })}
      </div>
      {chips.length ? (
        <div className="chips" data-testid={`${testId}-chips`}>
          {chips.map((chip, i) => (
            <span
              key={chip}
              className={`chip ${chipGates[i].supported ? "" : "chip-unavailable"}`}
              data-testid="choice-chip"
              data-value={chip}
              aria-describedby={chipGates[i].supported ? undefined : reasonId(boxes.length + i)}
            >
              {labels[chip] ?? chip}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${chip}`}
                onClick={() => onChange(selected.filter((s) => s !== chip))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      ) : null}
      {children}
      {customPlaceholder !== undefined ? (
        <div className="inline-entry">
          <input
            type="text"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={customPlaceholder}
            aria-label={`Other ${legend.toLowerCase()}`}
          />
          <button type="button" className="button button-small" onClick={addCustom} disabled={!custom.trim()}>
            Add
          </button>
        </div>
      ) : null}
      {unavailable.length ? (
        <div className="unavailable" data-testid={`${testId}-unavailable`}>
          <p className="unavailable-title">Not available on this target:</p>
          <ul>
            {unavailable.map((u) => (
              <li key={u.value} id={u.id} data-value={u.value}>
                <code>{u.value}</code> — {u.gate.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}
