// Method specs with levels, as the API writes them: `zstd:19`, `brotli:11`, `lz4hc:12`,
// `lz4:8` (acceleration). A family without a level (`none`, `snappy`) is just its name; a
// family named alone runs at its default level. Pure: the form only calls these.

export interface MethodSpec {
  family: string;
  /** The explicit level, or null for the family's default. */
  level: number | null;
}

export interface LevelRange {
  min: number;
  max: number;
  default: number;
}

/** The API's alternative names for a family. */
const ALIASES: Record<string, string> = { xz: "lzma" };

/** "zstd:19" → {family: "zstd", level: 19}; "snappy" → {family: "snappy", level: null}; garbage → null. */
export function parseMethodSpec(spec: string): MethodSpec | null {
  const match = /^\s*([a-z0-9_]+)\s*(?::\s*(-?\d+)\s*)?$/i.exec(spec);
  if (!match) return null;
  const name = match[1].toLowerCase();
  const family = ALIASES[name] ?? name;
  return { family, level: match[2] === undefined ? null : Number(match[2]) };
}

/** The family of a spec ("zstd:19" → "zstd"), or the text itself when it does not parse. */
export function methodFamily(spec: string): string {
  return parseMethodSpec(spec)?.family ?? spec.trim();
}

/** {family: "zstd", level: 19} → "zstd:19"; a null level → "zstd". */
export function formatMethodSpec(family: string, level: number | null): string {
  return level === null ? family : `${family}:${level}`;
}

/** The capability's `levels` ([min, max, default]) as a range; null when the family has none. */
export function levelRange(levels: readonly number[] | null | undefined): LevelRange | null {
  if (!levels || levels.length < 3 || !levels.every(Number.isSafeInteger)) return null;
  const [min, max, dflt] = levels;
  return min <= dflt && dflt <= max ? { min, max, default: dflt } : null;
}

/** "1–12, default 9" — what the level box accepts. */
export function levelHint(range: LevelRange): string {
  return `${range.min}–${range.max}, default ${range.default}`;
}

export type LevelParse = { level: number; error?: undefined } | { level?: undefined; error: string };

/** A level typed by a person, checked against the family's range. Empty means the default. */
export function parseLevel(text: string, range: LevelRange): LevelParse {
  const trimmed = text.trim();
  if (trimmed === "") return { level: range.default };
  if (!/^-?\d+$/.test(trimmed)) return { error: `A level is a whole number (${levelHint(range)}).` };
  const level = Number(trimmed);
  if (level < range.min || level > range.max) {
    return { error: `Level ${level} is outside ${range.min}–${range.max}.` };
  }
  return { level };
}

/**
 * Why a spec's level cannot run, or null when it can (or when the range is unknown: the server
 * decides then). `none:3` has a level its family does not take.
 */
export function levelProblem(spec: string, range: LevelRange | null | undefined, knownFamily: boolean): string | null {
  const parsed = parseMethodSpec(spec);
  if (!parsed || parsed.level === null) return null;
  if (range === undefined) return null;
  if (range === null) return knownFamily ? `${parsed.family} takes no level` : null;
  if (parsed.level < range.min || parsed.level > range.max) {
    return `level ${parsed.level} is outside ${parsed.family}'s ${range.min}–${range.max}`;
  }
  return null;
}

/**
 * The spec with its level made explicit ("zstd" → "zstd:3" when zstd's default is 3), so that
 * `zstd` and `zstd:3` are recognised as the same codec. Unknown families stay as written.
 */
export function canonicalSpec(spec: string, ranges: Readonly<Record<string, LevelRange | null>>): string {
  const parsed = parseMethodSpec(spec);
  if (!parsed) return spec.trim();
  const range = ranges[parsed.family];
  if (parsed.level === null && range) return formatMethodSpec(parsed.family, range.default);
  return formatMethodSpec(parsed.family, parsed.level);
}

/**
 * Adds a method spec to a selection unless the same codec at the same level is already in it
 * (`zstd` and `zstd:3` are the same when 3 is the default). Returns the selection unchanged then.
 */
export function addMethodSpec(
  selected: readonly string[],
  spec: string,
  ranges: Readonly<Record<string, LevelRange | null>>,
): string[] {
  const wanted = canonicalSpec(spec, ranges);
  if (selected.some((s) => canonicalSpec(s, ranges) === wanted)) return [...selected];
  return [...selected, spec.trim()];
}
