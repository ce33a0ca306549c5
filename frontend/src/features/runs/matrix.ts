// Pure helpers for the new-run form.

export interface MatrixChoice {
  methods: string[];
  storages: string[];
  datasets: string[];
  sizes: number[];
  concurrency?: number[];
  workloads?: string[];
}

/** How many cells a matrix has: the product of its dimensions' lengths. */
export function cellCount(matrix: MatrixChoice): number {
  const dims = [
    matrix.methods.length,
    matrix.storages.length,
    matrix.datasets.length,
    matrix.sizes.length,
    matrix.concurrency?.length ?? 1,
    matrix.workloads?.length ?? 1,
  ];
  return dims.reduce((a, b) => a * b, 1);
}

/** Sizes without duplicates, ascending. */
export function normaliseSizes(sizes: readonly number[]): number[] {
  return [...new Set(sizes.filter((s) => Number.isSafeInteger(s) && s > 0))].sort((a, b) => a - b);
}

/** Online hosts first, then by name. */
export function orderHosts<T extends { name: string; online: boolean }>(hosts: readonly T[]): T[] {
  return [...hosts].sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name));
}

/** "1, 8, 64" → [1, 8, 64]; null when any entry is not a positive integer. */
export function parseIntList(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  return numbers.every((n) => Number.isSafeInteger(n) && n > 0) ? [...new Set(numbers)] : null;
}

/** A first selection that gives a useful run: none vs lz4 vs zstd, dynamic rows, first dataset, reads. */
export function defaultSelection(catalog: { methods: string[]; storages: string[]; datasets: string[]; workloads?: string[] }) {
  // A wanted choice matches itself or, failing that, the first level of its codec ("zstd:1").
  const family = (choice: string) => choice.split(":")[0];
  const pick = (wanted: string[], available: string[]) => {
    const chosen = wanted.flatMap((w) => {
      const hit = available.includes(w) ? w : available.find((a) => family(a) === family(w));
      return hit ? [hit] : [];
    });
    return chosen.length ? [...new Set(chosen)] : available.slice(0, 1);
  };
  return {
    methods: pick(["none", "lz4", "zstd:3"], catalog.methods),
    storages: pick(["dynamic"], catalog.storages),
    datasets: pick(["random:62"], catalog.datasets),
    workloads: pick(["read"], catalog.workloads?.length ? catalog.workloads : ["read"]),
  };
}
