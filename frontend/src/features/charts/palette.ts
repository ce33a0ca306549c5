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
