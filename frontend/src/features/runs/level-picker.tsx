import { useId, useState, type KeyboardEvent } from "react";

import type { LevelledFamily } from "./capabilities";
import { formatMethodSpec, levelHint, parseLevel } from "./method-levels";

/**
 * Adds a method at a chosen level (`zstd:19`, `brotli:5`, `lz4:8`): pick the family, type a
 * level within its range (empty = the default shown), add. Each added level becomes a method.
 */
export function LevelPicker({
  families,
  onAdd,
}: {
  families: LevelledFamily[];
  onAdd: (spec: string) => void;
}) {
  const id = useId();
  // zstd is what most people reach for first; else the first family the target supports.
  const firstSupported = (families.find((f) => f.family === "zstd" && f.supported) ?? families.find((f) => f.supported))?.family ?? "";
  const [chosen, setChosen] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const family = families.find((f) => f.family === chosen && f.supported) ?? families.find((f) => f.family === firstSupported);
  if (!family) return null;

  const add = () => {
    const parsed = parseLevel(text, family.range);
    if (parsed.error !== undefined) {
      setError(parsed.error);
      return;
    }
    onAdd(formatMethodSpec(family.family, parsed.level));
    setText("");
    setError(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };

  return (
    <div className="level-picker" role="group" aria-labelledby={`${id}-label`} data-testid="level-picker">
      <span className="control-label" id={`${id}-label`}>
        Add a level
      </span>
      <select
        value={family.family}
        onChange={(e) => {
          setChosen(e.target.value);
          setError(null);
        }}
        aria-label="Method family"
        data-testid="level-family-select"
      >
        {families.map((f) => (
          <option key={f.family} value={f.family} disabled={!f.supported} title={f.reason ?? undefined}>
            {f.family}
            {f.supported ? "" : " (not available)"}
          </option>
        ))}
      </select>
      <input
        type="number"
        inputMode="numeric"
        step={1}
        min={family.range.min}
        max={family.range.max}
        value={text}
        placeholder={String(family.range.default)}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-label={`${family.family} level`}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className="level-input"
        data-testid="level-input"
      />
      <button type="button" className="button button-small" onClick={add} data-testid="level-add">
        Add {formatMethodSpec(family.family, parseLevel(text, family.range).level ?? null)}
      </button>
      <span className="field-hint" id={`${id}-hint`}>
        {family.family === "lz4" ? "acceleration " : "level "}
        {levelHint(family.range)}
      </span>
      {error ? (
        <p className="field-error" role="alert" data-testid="level-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
