// Size presets from the catalog (`quick`, `seed000_stub`, `seed000_real_large` …): readable
// labels, and how chosen presets and typed sizes combine into the run's sizes.

import { normaliseSizes } from "./matrix";

const BAND_WORDS: Record<string, string> = {
  small: "≤ 100 KiB",
  big: "≥ 100 KiB",
  medium: "medium",
  large: "large",
};

const KIND_WORDS: Record<string, string> = {
  stub: "stub lengths",
  real: "real files",
};

function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The preset's name as words, without the count: "seed000_real_large" → "Seed 000 real files, large". */
export function presetTitle(name: string): string {
  const seed = /^seed(\d+)_([a-z]+)(?:_([a-z0-9_]+))?$/i.exec(name);
  if (seed) {
    const [, number, kind, band] = seed;
    const base = `Seed ${number} ${KIND_WORDS[kind.toLowerCase()] ?? kind.toLowerCase()}`;
    if (!band) return base;
    const word = BAND_WORDS[band.toLowerCase()] ?? band.replace(/_/g, " ").toLowerCase();
    return word.startsWith("≤") || word.startsWith("≥") ? `${base} ${word}` : `${base}, ${word}`;
  }
  if (name === "quick") return "Quick: 1 KiB, 64 KiB, 1 MiB";
  return capitalise(name.replace(/_/g, " ").trim());
}

/** "Seed 000 stub lengths (70)", "Seed 000 real files (17)" — what the preset button says. */
export function presetLabel(name: string, count: number): string {
  return name === "quick" ? presetTitle(name) : `${presetTitle(name)} (${count})`;
}

/** How a chosen preset goes into the request's sizes: "preset:seed000_stub" (the server expands it). */
export function presetRequestValue(name: string): string {
  return `preset:${name}`;
}

/** Every distinct size of the run: typed sizes plus those of the chosen presets, ascending. */
export function runSizes(
  sizes: readonly number[],
  chosenPresets: readonly string[],
  presets: Readonly<Record<string, readonly number[]>>,
): number[] {
  return normaliseSizes([...sizes, ...chosenPresets.flatMap((p) => presets[p] ?? [])]);
}

/** The matrix's `sizes`: preset names first (as "preset:<name>"), then the typed sizes. */
export function sizesForRequest(sizes: readonly number[], chosenPresets: readonly string[]): Array<number | string> {
  return [...chosenPresets.map(presetRequestValue), ...normaliseSizes(sizes)];
}

/** Sizes larger than the target accepts (limits.max_blob_size); none when the limit is unknown. */
export function oversizedSizes(sizes: readonly number[], maxBlobSize: number | null | undefined): number[] {
  if (!maxBlobSize || !(maxBlobSize > 0)) return [];
  return sizes.filter((s) => s > maxBlobSize);
}
