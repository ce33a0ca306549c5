// What the chosen target can run (GET /targets/{id}/capabilities), as answers the run form can
// ask: is this choice supported, and if not, why. Pure; the form greys out what is not.

import { levelProblem, levelRange, methodFamily, parseMethodSpec, type LevelRange } from "./method-levels";

export type GatedDimension = "method" | "storage" | "workload";

/** The fields of a capability the form reads (the generated `Capability` has exactly these). */
export interface CapabilityLike {
  name: string;
  supported: boolean;
  reason?: string | null;
  levels?: number[] | null;
}

export interface CapabilitiesLike {
  methods: CapabilityLike[];
  storages: CapabilityLike[];
  workloads: CapabilityLike[];
}

export interface Gate {
  supported: boolean;
  /** Why not, in the server's words; null when supported. */
  reason: string | null;
}

const OPEN: Gate = { supported: true, reason: null };

export interface CapabilityIndex {
  methods: ReadonlyMap<string, CapabilityLike>;
  storages: ReadonlyMap<string, CapabilityLike>;
  workloads: ReadonlyMap<string, CapabilityLike>;
  /** Level range per method family; null for a family that takes no level. */
  ranges: Readonly<Record<string, LevelRange | null>>;
}

function byName(items: readonly CapabilityLike[]): Map<string, CapabilityLike> {
  return new Map(items.map((item) => [item.name, item]));
}

export function indexCapabilities(caps: CapabilitiesLike): CapabilityIndex {
  const ranges: Record<string, LevelRange | null> = {};
  for (const m of caps.methods) ranges[m.name] = levelRange(m.levels);
  return {
    methods: byName(caps.methods),
    storages: byName(caps.storages),
    workloads: byName(caps.workloads),
    ranges,
  };
}

function unsupported(cap: CapabilityLike): Gate {
  return { supported: false, reason: cap.reason?.trim() || "not supported by this target" };
}

/**
 * Whether `value` can run on the target. A method is judged by its family (`zstd:19` → zstd)
 * and its level's range; a storage or workload by its name. Without capabilities, or for a
 * storage/workload the target did not describe, the answer is "supported": the server decides.
 */
export function gate(index: CapabilityIndex | null | undefined, dimension: GatedDimension, value: string): Gate {
  if (!index) return OPEN;
  if (dimension === "method") {
    if (index.methods.size === 0) return OPEN;
    const parsed = parseMethodSpec(value);
    const cap = index.methods.get(methodFamily(value));
    if (!parsed || !cap) return { supported: false, reason: `'${value.trim()}' is not a method this server knows` };
    if (!cap.supported) return unsupported(cap);
    const problem = levelProblem(value, index.ranges[parsed.family], true);
    return problem ? { supported: false, reason: problem } : OPEN;
  }
  const cap = (dimension === "storage" ? index.storages : index.workloads).get(value.trim());
  return cap && !cap.supported ? unsupported(cap) : OPEN;
}

export interface UnsupportedChoice {
  dimension: GatedDimension;
  value: string;
  reason: string;
}

/** The chosen methods, storages and workloads the target cannot run, with the reasons. */
export function unsupportedChoices(
  index: CapabilityIndex | null | undefined,
  selection: { methods: readonly string[]; storages: readonly string[]; workloads: readonly string[] },
): UnsupportedChoice[] {
  const out: UnsupportedChoice[] = [];
  const check = (dimension: GatedDimension, values: readonly string[]) => {
    for (const value of values) {
      const g = gate(index, dimension, value);
      if (!g.supported) out.push({ dimension, value, reason: g.reason ?? "not supported" });
    }
  };
  check("method", selection.methods);
  check("storage", selection.storages);
  check("workload", selection.workloads);
  return out;
}

/** "storage percona_column is not available: needs Percona Server …" */
export function describeUnsupported(choice: UnsupportedChoice): string {
  return `${choice.dimension} ${choice.value} is not available on this target: ${choice.reason}`;
}

/** The catalog's choices in its order, then any the target describes that the catalog lacks. */
export function withCapabilityOptions(catalog: readonly string[], caps: readonly CapabilityLike[] | undefined): string[] {
  const out = [...catalog];
  for (const cap of caps ?? []) if (!out.includes(cap.name)) out.push(cap.name);
  return out;
}

export interface LevelledFamily {
  family: string;
  range: LevelRange;
  supported: boolean;
  reason: string | null;
}

/** The method families that take a level (zstd, brotli, lz4hc …), in the server's order. */
export function levelledFamilies(index: CapabilityIndex | null | undefined): LevelledFamily[] {
  if (!index) return [];
  const out: LevelledFamily[] = [];
  for (const cap of index.methods.values()) {
    const range = index.ranges[cap.name];
    if (!range) continue;
    out.push({ family: cap.name, range, supported: cap.supported, reason: cap.supported ? null : unsupported(cap).reason });
  }
  return out;
}
