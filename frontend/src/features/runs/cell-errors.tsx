import type { CellRead } from "../../api/types";
import { formatBytes } from "../../lib/format";

/** Cells that failed, with the engine's message: the first thing to read on a partial run. */
export function CellErrors({ cells }: { cells: CellRead[] }) {
  const failed = cells.filter((c) => c.status === "error");
  if (failed.length === 0) return null;
  return (
    <section className="section" data-testid="cell-errors">
      <h2>
        Failed cells <span className="muted small">({failed.length})</span>
      </h2>
      <ul className="cell-errors">
        {failed.slice(0, 50).map((c) => (
          <li key={c.id}>
            <code>
              {c.method} · {c.storage} · {c.dataset} · {formatBytes(c.size)}
              {c.workload !== "read" ? ` · ${c.workload}` : ""}
              {c.concurrency > 1 ? ` · ×${c.concurrency}` : ""}
            </code>{" "}
            {c.error ?? "no message"}
          </li>
        ))}
      </ul>
      {failed.length > 50 ? <p className="muted small">…and {failed.length - 50} more.</p> : null}
    </section>
  );
}
