import { useMemo } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatBytes, formatRate } from "../../lib/format";
import { PALETTE } from "../charts/palette";
import { concurrencyCurves, curveChoices, spaceSavings, type ConcurrencyResult } from "./concurrency";

const BASIS_LABELS = {
  table: "allocated, loaded table",
  disk: "allocated, read table",
  ratio: "codec ratio",
} as const;

/**
 * Seed 001: aggregate read throughput against concurrent clients, one line per method ×
 * storage (log-scaled client axis), and the space each takes relative to none · dynamic.
 */
export function ConcurrencyView({
  results,
  dataset,
  datasetLabel,
}: {
  results: readonly ConcurrencyResult[];
  dataset: string | null;
  datasetLabel: (dataset: string) => string;
}) {
  const choices = useMemo(() => curveChoices(results), [results]);
  const pick = choices.find((c) => c.dataset === dataset) ?? choices[0];
  const curves = useMemo(() => (pick ? concurrencyCurves(results, pick) : []), [results, pick]);
  const savings = useMemo(() => (pick ? spaceSavings(results, pick) : []), [results, pick]);
  const rows = useMemo(() => {
    const clients = [...new Set(curves.flatMap((c) => c.points.map((p) => p.clients)))].sort((a, b) => a - b);
    return clients.map((n) => {
      const row: Record<string, number | null> = { clients: n };
      for (const c of curves) row[c.key] = c.points.find((p) => p.clients === n)?.bps ?? null;
      return row;
    });
  }, [curves]);
  if (!pick) return <p className="muted">No read results at several client counts yet.</p>;
  return (
    <section className="study" data-testid="concurrency-study" data-series-count={curves.length}>
      <p className="muted">
        {datasetLabel(pick.dataset)} · {formatBytes(pick.size)} · {pick.workload}: total throughput of all clients
        together (each client has its own connection).
      </p>
      <div className="chart" data-testid="concurrency-chart">
        <ResponsiveContainer width="100%" height={360}>
          <LineChart data={rows} margin={{ top: 12, right: 24, bottom: 28, left: 12 }}>
            <CartesianGrid stroke="#e6e8ec" strokeDasharray="3 3" />
            <XAxis
              dataKey="clients"
              type="number"
              scale="log"
              domain={["dataMin", "dataMax"]}
              ticks={rows.map((r) => r.clients as number)}
              label={{ value: "concurrent clients (log scale)", position: "insideBottom", offset: -16, fill: "#5b6472" }}
            />
            <YAxis
              tickFormatter={(v: number) => formatRate(v)}
              width={84}
              label={{ value: "read throughput, all clients", angle: -90, position: "insideLeft", dy: 100, fill: "#5b6472" }}
            />
            <Tooltip formatter={(v) => (typeof v === "number" ? formatRate(v) : String(v))} labelFormatter={(n) => `${n} clients`} />
            <Legend verticalAlign="top" height={28} />
            {curves.map((c, i) => (
              <Line
                key={c.key}
                dataKey={c.key}
                name={c.label}
                stroke={PALETTE[i % PALETTE.length]}
                strokeWidth={2}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="table-wrap">
        <table className="table study-table" data-testid="concurrency-table">
          <thead>
            <tr>
              <th>method · storage</th>
              <th className="num">1 client</th>
              <th className="num">most clients</th>
              <th className="num">scales ×</th>
              <th className="num">stored vs none · dynamic</th>
            </tr>
          </thead>
          <tbody>
            {curves.map((c) => {
              const saving = savings.find((s) => s.key === c.key);
              const last = c.points[c.points.length - 1];
              return (
                <tr key={c.key}>
                  <td>{c.label}</td>
                  <td className="num">{c.points[0]?.clients === 1 ? formatRate(c.points[0].bps) : "—"}</td>
                  <td className="num">
                    {formatRate(last.bps)} <span className="muted">({last.clients})</span>
                  </td>
                  <td className="num">{c.scaling === null ? "—" : `${c.scaling.toFixed(1)}×`}</td>
                  <td className="num">
                    {saving?.stored == null ? "—" : `${Math.round(saving.stored * 100)} %`}
                    {saving?.basis ? (
                      <span className="muted"> ({BASIS_LABELS[saving.basis]})</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
