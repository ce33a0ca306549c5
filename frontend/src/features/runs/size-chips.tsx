import { useState, type KeyboardEvent } from "react";

import { formatBytes, parseSize } from "../../lib/format";
import { normaliseSizes } from "./matrix";
import { presetLabel, presetTitle } from "./size-presets";

/**
 * Blob sizes as removable chips, with free entry ("64KiB") and the catalog's presets as toggle
 * buttons. A chosen preset is one chip and goes to the server by name (`preset:seed000_stub`).
 * Sizes above the target's limit are flagged (the server decides).
 */
export function SizeChips({
  sizes,
  onChange,
  presets,
  chosenPresets,
  onPresetsChange,
  maxBlobSize,
}: {
  sizes: number[];
  onChange: (next: number[]) => void;
  presets: Record<string, number[]>;
  chosenPresets: string[];
  onPresetsChange: (next: string[]) => void;
  maxBlobSize?: number | null;
}) {
  const [entry, setEntry] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const tooBig = (size: number) => Boolean(maxBlobSize && size > maxBlobSize);
  const empty = sizes.length === 0 && chosenPresets.length === 0;

  const add = () => {
    const parts = entry.split(/[,;]+/).map((p) => p.trim()).filter(Boolean);
    if (parts.length === 0) return;
    const parsed = parts.map((p) => [p, parseSize(p)] as const);
    const bad = parsed.filter(([, n]) => n === null).map(([p]) => p);
    if (bad.length) {
      setProblem(`Not a size: ${bad.join(", ")}. Try 1024, 64KiB or 1.5MiB.`);
      return;
    }
    onChange(normaliseSizes([...sizes, ...parsed.map(([, n]) => n as number)]));
    setEntry("");
    setProblem(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };

  const togglePreset = (name: string) =>
    onPresetsChange(chosenPresets.includes(name) ? chosenPresets.filter((p) => p !== name) : [...chosenPresets, name]);

  return (
    <fieldset className="choice-group" data-testid="size-options">
      <legend>
        Sizes{" "}
        <span className="muted small">
          ({sizes.length} chosen{chosenPresets.length ? ` + ${chosenPresets.length} preset${chosenPresets.length > 1 ? "s" : ""}` : ""})
        </span>
      </legend>
      <div className="chips" data-testid="size-chips">
        {empty ? <span className="muted small">No sizes yet: add some or pick a preset.</span> : null}
        {chosenPresets.map((name) => {
          const values = presets[name] ?? [];
          const over = values.filter(tooBig);
          return (
            <span
              key={`preset:${name}`}
              className={`chip chip-preset ${over.length ? "chip-warning" : ""}`}
              data-testid="size-preset-chip"
              data-preset={name}
              title={values.map(formatBytes).join(", ")}
            >
              {presetLabel(name, values.length)}
              {over.length ? <span className="sr-only"> ({over.length} too large for this target)</span> : null}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${presetTitle(name)}`}
                onClick={() => togglePreset(name)}
              >
                ×
              </button>
            </span>
          );
        })}
        {sizes.map((size) => (
          <span
            key={size}
            className={`chip ${tooBig(size) ? "chip-warning" : ""}`}
            data-testid="size-chip"
            data-size={size}
            title={tooBig(size) ? "Larger than this target accepts" : undefined}
          >
            {formatBytes(size)}
            {tooBig(size) ? <span className="sr-only"> (too large for this target)</span> : null}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove ${formatBytes(size)}`}
              onClick={() => onChange(sizes.filter((s) => s !== size))}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div className="inline-entry">
        <input
          type="text"
          value={entry}
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="64KiB, 1MiB"
          aria-label="Add sizes"
          data-testid="size-input"
        />
        <button type="button" className="button button-small" onClick={add} disabled={!entry.trim()} data-testid="size-add">
          Add
        </button>
        {!empty ? (
          <button
            type="button"
            className="button button-small button-quiet"
            onClick={() => {
              onChange([]);
              onPresetsChange([]);
            }}
            data-testid="size-clear"
          >
            Clear
          </button>
        ) : null}
      </div>
      {Object.keys(presets).length ? (
        <div className="presets" role="group" aria-label="Size presets">
          <span className="control-label">Presets</span>
          {Object.entries(presets).map(([name, values]) => {
            const on = chosenPresets.includes(name);
            return (
              <button
                key={name}
                type="button"
                className={`button button-small ${on ? "button-on" : ""}`}
                aria-pressed={on}
                title={values.map(formatBytes).join(", ")}
                onClick={() => togglePreset(name)}
                data-testid="size-preset"
                data-preset={name}
              >
                {presetLabel(name, values.length)}
              </button>
            );
          })}
        </div>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
