// Twelve colours that stay apart on white and for the common colour-vision deficiencies
// when paired with the line styles below (method → colour, storage → dash).

export const PALETTE: readonly string[] = [
  "#2563a8", // blue
  "#e8710a", // orange
  "#1e8e3e", // green
  "#d93025", // red
  "#8e44ad", // purple
  "#0f9d9a", // teal
  "#8d5a2b", // brown
  "#d0459a", // pink
  "#7f8c1d", // olive
  "#5f6b7a", // slate
  "#1b3a6b", // navy
  "#c79100", // gold
];

/** SVG stroke-dasharray per storage: solid, dashed, dotted, dash-dot. */
export const DASHES: readonly (string | undefined)[] = [undefined, "7 4", "2 3", "10 3 2 3"];

/**
 * Bars and dots cannot be dashed, so there storage shifts the method's colour instead: as is,
 * lighter, darker, much lighter (amount > 0 mixes with white, < 0 with black).
 */
export const STORAGE_SHADES: readonly number[] = [0, 0.45, -0.35, 0.7];

/** `hex` mixed with white (amount > 0) or black (amount < 0); amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m || amount === 0) return hex;
  const target = amount > 0 ? 255 : 0;
  const t = Math.min(1, Math.abs(amount));
  const n = parseInt(m[1], 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c + (target - c) * t));
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
