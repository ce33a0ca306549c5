import { formatBytes } from "../../lib/format";
import { loadSizeGroups, type LoadSizeRow } from "./load-size";

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function Ratio({ value, baseline }: { value: number | null; baseline: boolean }) {
  if (baseline || value === null) return null;
  return <span className="study-ratio">({value.toFixed(2)})</span>;
}

/** Seed 002's summary: per storage and index mode, load time and on-disk size, each with its
 *  ratio to the baseline (dynamic, usual load). */
export function LoadSizeView({ rows, datasetLabel }: { rows: readonly LoadSizeRow[]; datasetLabel: (dataset: string) => string }) {
  if (rows.length === 0) return <p className="muted">No load results yet.</p>;
  return (
    <section className="study" data-testid="load-size">
      {loadSizeGroups(rows).map((g) => (
        <div className="table-wrap" key={`${g.dataset}-${g.size}`}>
          <table className="table study-table" data-testid="load-size-table">
            <caption>
              {datasetLabel(g.dataset)} · {formatBytes(g.size)} bodies
              {g.rows[0].rows ? ` · ${g.rows[0].rows.toLocaleString()} rows` : ""} — ratio to the baseline in parentheses
            </caption>
            <thead>
              <tr>
                <th>test</th>
                <th className="num">load time, s</th>
                <th className="num">size, MiB</th>
                <th className="num">before indexes, MiB</th>
                <th className="num">index build, s</th>
              </tr>
            </thead>
            <tbody>
              {g.rows.map((r) => (
                <tr key={r.cellId} className={r.baseline ? "study-baseline" : ""} data-label={r.label}>
                  <td>
                    {r.label}
                    {r.baseline ? <span className="muted"> · baseline</span> : null}
                  </td>
                  <td className="num">
                    {r.loadS.toFixed(2)}
                    <Ratio value={r.loadRatio} baseline={r.baseline} />
                  </td>
                  <td className="num">
                    {r.diskBytes === null ? "—" : mib(r.diskBytes)}
                    <Ratio value={r.sizeRatio} baseline={r.baseline} />
                  </td>
                  <td className="num">{r.diskBytesBeforeIndex === null ? "" : mib(r.diskBytesBeforeIndex)}</td>
                  <td className="num">{r.indexS === null ? "" : r.indexS.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <p className="muted small">
        Usual load: the secondary indexes exist from the start. Fast index creation: the table is loaded without them,
        then one ALTER TABLE builds them by sorting. Load time includes flushing the table's pages to disk (page
        compression happens there); sizes are the tablespace's allocated bytes, which small tables take in coarse steps.
        Each figure is a single load, as in the seed.
      </p>
    </section>
  );
}
