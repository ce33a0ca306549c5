import { useState, type ChangeEvent, type FormEvent } from "react";

import type { SampleRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { formatBytes, parseSize } from "../../lib/format";
import { useSampleFromTable } from "./use-samples";

export interface SampleTargetOption {
  id: number;
  name: string;
  database?: string | null;
}

interface Fields {
  schema: string;
  table: string;
  column: string;
  limit: string;
  name: string;
}

const INITIAL: Fields = { schema: "", table: "", column: "", limit: "16 MiB", name: "" };
const MIN_LIMIT = 1024;
const MAX_LIMIT = 256 * 1024 * 1024;

/** Reads a sample from a column of an existing table on a target; the server's reasons show inline. */
export function TableSampleForm({ targets }: { targets: SampleTargetOption[] }) {
  const create = useSampleFromTable();
  // The person's choice, else the first target (targets may arrive after the first render).
  const [chosenId, setChosenId] = useState("");
  const [fields, setFields] = useState<Fields>(INITIAL);
  const [created, setCreated] = useState<SampleRead | null>(null);
  const target = targets.find((t) => String(t.id) === chosenId) ?? targets[0];
  const targetId = target ? String(target.id) : "";

  const limit = parseSize(fields.limit);
  const limitProblem =
    limit === null
      ? "The limit is a size such as 16 MiB or 1048576."
      : limit < MIN_LIMIT || limit > MAX_LIMIT
        ? `The limit must be between ${formatBytes(MIN_LIMIT)} and ${formatBytes(MAX_LIMIT)}.`
        : null;

  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((old) => ({ ...old, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || limitProblem || limit === null) return;
    setCreated(null);
    create.mutate(
      {
        targetId: target.id,
        body: {
          schema: fields.schema.trim() || target.database || "",
          table: fields.table.trim(),
          // no column: whole rows, which the codec lab measures as the table's 16 KiB pages
          column: fields.column.trim() || null,
          limit_bytes: limit,
          ...(fields.name.trim() ? { name: fields.name.trim() } : {}),
        },
      },
      {
        onSuccess: (sample) => {
          setCreated(sample);
          setFields((old) => ({ ...INITIAL, schema: old.schema, limit: old.limit }));
        },
      },
    );
  };

  if (targets.length === 0) {
    return (
      <section className="card form" data-testid="table-sample-form">
        <h2>Sample from a table</h2>
        <p className="muted">Register a target first; then read a sample from one of its tables here.</p>
      </section>
    );
  }

  return (
    <form className="card form" onSubmit={onSubmit} data-testid="table-sample-form">
      <h2>Sample from a table</h2>
      <p className="muted">
        Reads values of one binary or text column of an existing table on the target, up to the
        limit. Nothing on the target is changed.
      </p>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">Target</span>
          <select value={targetId} onChange={(e) => setChosenId(e.target.value)} data-testid="table-sample-target">
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Schema</span>
          <input
            value={fields.schema}
            onChange={set("schema")}
            required={!target?.database}
            placeholder={target?.database ?? "shop"}
            data-testid="table-sample-schema"
          />
        </label>
        <label className="field">
          <span className="field-label">Table</span>
          <input value={fields.table} onChange={set("table")} required placeholder="orders" data-testid="table-sample-table" />
        </label>
        <label className="field">
          <span className="field-label">Column</span>
          <input value={fields.column} onChange={set("column")} placeholder="payload" data-testid="table-sample-column" />
          <span className="field-hint">Leave it empty to sample whole rows (the table&apos;s pages, for the codec lab).</span>
        </label>
        <label className="field">
          <span className="field-label">Read up to</span>
          <input value={fields.limit} onChange={set("limit")} aria-invalid={Boolean(limitProblem)} data-testid="table-sample-limit" />
          {limitProblem ? <span className="field-hint warning">{limitProblem}</span> : null}
        </label>
        <label className="field">
          <span className="field-label">Name (optional)</span>
          <input
            value={fields.name}
            maxLength={200}
            onChange={set("name")}
            placeholder={`${target?.name ?? "target"}:schema.table.column`}
            data-testid="table-sample-name"
          />
        </label>
      </div>
      <ErrorMessage error={create.error} testId="table-sample-error" />
      {created ? (
        <p className="success-message" role="status" data-testid="table-sample-success">
          Read {formatBytes(created.size)} into {created.name} (dataset {created.dataset}).
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending || Boolean(limitProblem)}>
          {create.isPending ? "Reading…" : "Read sample"}
        </button>
      </div>
    </form>
  );
}
