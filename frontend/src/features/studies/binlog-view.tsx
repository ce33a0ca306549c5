import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { Segmented } from "../../components/segmented";
import { formatBytes } from "../../lib/format";
import { PALETTE } from "../charts/palette";
import { BINLOG_MEASURES, binlogBars, type BinlogMeasure, type BinlogRow } from "./binlog";

const count = (v: number | null, digits = 0) =>
  v === null ? "—" : v.toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)} %`);
const times = (v: number | null) => (v === null ? "" : ` (${v.toFixed(2)}×)`);

function OffOn({ off, on, digits = 0, ratio }: { off: number | null; on: number | null; digits?: number; ratio?: number | null }) {
  return (
    <>
      {count(off, digits)} → {count(on, digits)}
      {ratio !== undefined ? <span className="study-ratio">{times(ratio)}</span> : null}
    </>
  );
}

/** Seed 003: per cell, binlog bytes, transactions per binlog file, server and client CPU and
 *  transactions per second with the server's binary-log compression off and on; a bar chart of
 *  one measure (in the URL) for the chosen dataset. */
export function BinlogView({
  rows,
  dataset,
  measure,
  datasetLabel,
  onChange,
}: {
  rows: readonly BinlogRow[];
  dataset: string | null;
  measure: BinlogMeasure;
  datasetLabel: (dataset: string) => string;
  onChange: (change: { dataset?: string; measure?: BinlogMeasure }) => void;
}) {
  const datasets = useMemo(() => [...new Set(rows.map((r) => r.dataset))], [rows]);
  const pick = dataset && datasets.includes(dataset) ? dataset : (datasets[0] ?? null);
  const shown = useMemo(() => rows.filter((r) => r.dataset === pick), [rows, pick]);
  const formats = useMemo(() => [...new Set(rows.map((r) => r.format))], [rows]);
  const bars = useMemo(
    () =>
      binlogBars(
        shown,
        measure,
        (r) => `${formatBytes(r.size)} · ${r.method}${r.storage !== "dynamic" ? ` · ${r.storage}` : ""}${formats.length > 1 ? ` · ${r.format ?? "?"}` : ""}`,
      ),
    [shown, measure, formats.length],
  );
  if (rows.length === 0) return <p className="muted">No binlog results yet.</p>;
  const first = rows[0];
  return (
    <section className="study" data-testid="binlog-study">
      <p className="muted">
        Each cell inserts its rows one transaction at a time, then updates every row&apos;s body, with binary-log
        compression off and on ({first.algorithm ?? "the server's algorithm"}; binlog_format{" "}
        {formats.map((f) => f ?? "?").join(" and ")}). Bytes are what the server wrote to its binary log; CPU and
        throughput are medians over rounds that alternate off–on and on–off.
      </p>
      {datasets.length > 1 ? (
        <Segmented
          label="Dataset"
          value={pick}
          options={datasets.map((d) => ({ value: d, label: datasetLabel(d) }))}
          onChange={(d) => onChange({ dataset: d })}
          testId="binlog-dataset"
        />
      ) : null}
      <Segmented
        label="Measure"
        value={measure}
        options={(Object.keys(BINLOG_MEASURES) as BinlogMeasure[]).map((m) => ({ value: m, label: BINLOG_MEASURES[m].label }))}
        onChange={(m) => onChange({ measure: m })}
        testId="binlog-measure"
      />
      <div className="chart" data-testid="binlog-chart" data-bars={bars.length}>
        <ResponsiveContainer width="100%" height={340}>
          <BarChart data={bars} margin={{ top: 12, right: 24, bottom: 28, left: 12 }}>
            <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
            <XAxis dataKey="key" label={{ value: `${pick ? datasetLabel(pick) : ""}: body size · method`, position: "insideBottom", offset: -16, fill: "#5b6472" }} />
            <YAxis
              width={84}
              tickFormatter={(v: number) => (measure === "bytes" ? formatBytes(v) : count(v, measure === "cpu" ? 2 : 0))}
              label={{ value: BINLOG_MEASURES[measure].label, angle: -90, position: "insideLeft", dy: 100, fill: "#5b6472" }}
            />
            <Tooltip formatter={(v) => (typeof v === "number" ? (measure === "bytes" ? formatBytes(v) : count(v, 2)) : String(v))} />
            <Legend verticalAlign="top" height={28} />
            <Bar dataKey="off" name="compression off" fill={PALETTE[1]} isAnimationActive={false} />
            <Bar dataKey="on" name="compression on" fill={PALETTE[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="table-wrap">
        <table className="table table-dense study-table binlog-table" data-testid="binlog-table">
          <caption>off → on; on ÷ off in parentheses; trx = transactions, one row each</caption>
          <thead>
            <tr>
              <th>cell</th>
              <th className="num">binlog bytes / trx</th>
              <th className="num">saved</th>
              <th className="num">trx per binlog file</th>
              <th className="num">server CPU, s</th>
              <th className="num">client CPU, s</th>
              <th className="num">trx / s</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.cellId} data-label={`${r.dataset} · ${r.size} · ${r.method} · ${r.storage} · ${r.format ?? "?"}`}>
                <td>
                  {datasetLabel(r.dataset)} · {formatBytes(r.size)} · {r.method}
                  <div className="muted small">
                    {r.storage} · {r.format ?? "?"}
                    {r.rows !== null ? ` · ${count(r.rows)} rows` : ""}
                  </div>
                </td>
                <td className="num">
                  <OffOn off={r.off.bytesPerTrx} on={r.on.bytesPerTrx} />
                </td>
                <td className="num" data-testid="binlog-saved">
                  {pct(r.saved)}
                </td>
                <td className="num">
                  <OffOn off={r.off.trxPerFile} on={r.on.trxPerFile} />
                </td>
                <td className="num">
                  <OffOn off={r.off.serverCpuS} on={r.on.serverCpuS} digits={2} ratio={r.serverCpuRatio} />
                </td>
                <td className="num">
                  <OffOn off={r.off.clientCpuS} on={r.on.clientCpuS} digits={2} />
                </td>
                <td className="num">
                  <OffOn off={r.off.tps} on={r.on.tps} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Transactions per binlog file = max_binlog_size ÷ bytes per transaction (the seed counted them in one file).
        Server CPU is the user&apos;s CPU time in USER_STATISTICS (MariaDB, userstat) or the session&apos;s statement CPU
        time (MySQL 8.0.28+); &quot;—&quot; where the server does not say. Bodies the application already compressed
        leave binlog compression little to save. MariaDB&apos;s MIXED format logs these inserts and updates as
        statements; ROW logs the rows (an update both before and after), the format MySQL&apos;s compression applies to.
      </p>
    </section>
  );
}
