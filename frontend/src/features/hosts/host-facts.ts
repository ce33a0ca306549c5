// A few facts worth a glance, out of whatever the worker reported.

import { formatBytes } from "../../lib/format";

export interface Fact {
  label: string;
  value: string;
}

const PREFERRED: Array<[label: string, keys: string[]]> = [
  ["CPU", ["cpu_model", "cpu", "processor"]],
  ["Cores", ["cpu_count", "cores", "ncpu", "logical_cpus"]],
  ["Memory", ["memory_bytes", "mem_total_bytes", "memory", "mem_total"]],
  ["OS", ["kernel", "os", "platform", "system"]],
  ["Python", ["python", "python_version"]],
  ["Driver", ["driver", "mysqlclient", "driver_version"]],
];

function show(key: string, value: unknown): string {
  if (typeof value === "number" && /bytes|mem/i.test(key) && value > 1024 * 1024) return formatBytes(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

export function summariseFacts(facts: Record<string, unknown> | null | undefined, limit = 5): Fact[] {
  if (!facts) return [];
  const out: Fact[] = [];
  const used = new Set<string>();
  for (const [label, keys] of PREFERRED) {
    const key = keys.find((k) => facts[k] !== undefined && facts[k] !== null && facts[k] !== "");
    if (key) {
      out.push({ label, value: show(key, facts[key]) });
      used.add(key);
    }
  }
  for (const [key, value] of Object.entries(facts)) {
    if (out.length >= limit) break;
    if (used.has(key) || value === null || typeof value === "object") continue;
    out.push({ label: key, value: show(key, value) });
  }
  return out.slice(0, limit);
}
