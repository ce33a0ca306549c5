import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";

import type { ScheduleRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { CronFires } from "./cron-fires";
import {
  emptyFields,
  fieldsFromSchedule,
  MAX_LAST_RUNS,
  planSchedule,
  toggleHost,
  type BaselineKind,
  type ScheduleFields,
} from "./schedule-fields";
import { useCreateSchedule, useCronPreview, useUpdateSchedule } from "./use-schedules";

export interface ScheduleTargetOption {
  id: number;
  name: string;
  version?: string | null;
}

export interface ScheduleHostOption {
  name: string;
  online: boolean;
}

/** What the run form offers (the catalog): hints for the matrix's lists, and the presets. */
export interface MatrixHints {
  methods: string[];
  storages: string[];
  datasets: string[];
  workloads: string[];
  matrix_presets?: Array<{ name: string; description: string; cells: number }>;
}

const BASELINES: Array<{ kind: BaselineKind; label: string }> = [
  { kind: "none", label: "None" },
  { kind: "last", label: "The last N runs" },
  { kind: "run", label: "A pinned run" },
];

/** Create a schedule, or edit `schedule`. Targets, hosts and hints come from the page. */
export function ScheduleForm({
  targets,
  hosts,
  hints,
  schedule,
  onSaved,
  onCancel,
}: {
  targets: ScheduleTargetOption[];
  hosts: ScheduleHostOption[];
  hints: MatrixHints | null;
  schedule?: ScheduleRead;
  onSaved: (schedule: ScheduleRead) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<ScheduleFields>(() =>
    schedule ? fieldsFromSchedule(schedule) : emptyFields(targets.map((t) => t.id), hosts.filter((h) => h.online).map((h) => h.name)),
  );
  const settledCron = useDebouncedValue(fields.cron.trim(), 250);
  const preview = useCronPreview(settledCron);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const save = schedule ? update : create;
  const plan = planSchedule(fields);
  const cronBad = settledCron === fields.cron.trim() && preview.isError;
  const presets = hints?.matrix_presets ?? [];

  const set = (key: keyof ScheduleFields) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setFields((old) => ({ ...old, [key]: e.target.value }));

  // Hosts the schedule names that no worker has announced (yet) stay choosable.
  const hostNames = [...hosts.map((h) => h.name), ...fields.hosts.filter((h) => !hosts.some((o) => o.name === h))];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan.body || cronBad) return;
    const done = { onSuccess: onSaved };
    if (schedule) update.mutate({ id: schedule.id, body: plan.body }, done);
    else create.mutate(plan.body, done);
  };

  return (
    <form className="card form schedule-form" onSubmit={onSubmit} data-testid="schedule-form">
      <h2>{schedule ? `Edit schedule '${schedule.name}'` : "New schedule"}</h2>
      <p className="muted">
        A schedule starts the same run on a cron timetable and compares each run with a baseline,
        raising an alert when a cell got slower by more than the threshold.
      </p>

      <div className="form-grid">
        <label className="field">
          <span className="field-label">Name</span>
          <input value={fields.name} onChange={set("name")} placeholder="nightly replica check" required data-testid="schedule-name" />
        </label>
        <div className="field field-wide">
          <label className="field-label" htmlFor={`${id}-cron`}>
            Cron expression
          </label>
          <input
            id={`${id}-cron`}
            value={fields.cron}
            onChange={set("cron")}
            spellCheck={false}
            autoComplete="off"
            placeholder="0 3 * * *"
            aria-describedby={`${id}-cron-preview`}
            aria-invalid={cronBad || undefined}
            data-testid="schedule-cron"
            className="mono"
          />
          <CronFires typed={fields.cron} settled={settledCron} preview={preview} id={`${id}-cron-preview`} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-target`}>
            Target
          </label>
          <select id={`${id}-target`} value={fields.targetId} onChange={set("targetId")} data-testid="schedule-target" required>
            {fields.targetId === "" ? <option value="">Choose a target</option> : null}
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.version ? ` — ${t.version}` : ""}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field choice-group" data-testid="schedule-hosts">
          <legend className="field-label">Hosts (runs visit them in this order)</legend>
          <div className="choices">
            {hostNames.map((name) => {
              const host = hosts.find((h) => h.name === name);
              const at = fields.hosts.indexOf(name);
              return (
                <label key={name} className={`choice${at >= 0 ? " choice-on" : ""}`}>
                  <input
                    type="checkbox"
                    checked={at >= 0}
                    onChange={() => setFields((old) => ({ ...old, hosts: toggleHost(old.hosts, name) }))}
                  />
                  <span>
                    {at >= 0 && fields.hosts.length > 1 ? `${at + 1}. ` : ""}
                    {name}
                    {host?.online ? "" : " (offline)"}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </div>

      <fieldset className="subform">
        <legend>Matrix</legend>
        <div className="segmented" role="radiogroup" aria-label="Matrix source">
          {(["matrix", "preset"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={fields.matrixMode === mode}
              className={fields.matrixMode === mode ? "active" : ""}
              onClick={() => setFields((old) => ({ ...old, matrixMode: mode }))}
            >
              {mode === "matrix" ? "Choose dimensions" : "Use a preset"}
            </button>
          ))}
        </div>
        {fields.matrixMode === "preset" ? (
          <Hinted label="Preset" hint={presets.find((p) => p.name === fields.preset)?.description ?? "A named matrix, planned afresh at every firing."}>
            {(props) => (
              <select {...props} value={fields.preset} onChange={set("preset")} data-testid="schedule-preset">
                {presets.some((p) => p.name === fields.preset) ? null : <option value={fields.preset}>{fields.preset}</option>}
                {presets.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name} ({p.cells.toLocaleString("en")} cells per host)
                  </option>
                ))}
              </select>
            )}
          </Hinted>
        ) : (
          <div className="form-grid">
            <ListField label="Methods" value={fields.methods} onChange={set("methods")} known={hints?.methods} example="none, lz4, zstd:3" />
            <ListField label="Storages" value={fields.storages} onChange={set("storages")} known={hints?.storages} example="dynamic, compressed:8" />
            <ListField label="Datasets" value={fields.datasets} onChange={set("datasets")} known={hints?.datasets} example="random:62, records" />
            <ListField label="Sizes" value={fields.sizes} onChange={set("sizes")} example="1KiB, 64KiB, 1MiB" />
            <ListField label="Workloads" value={fields.workloads} onChange={set("workloads")} known={hints?.workloads} example="read, write" />
            <ListField label="Concurrency (clients)" value={fields.concurrency} onChange={set("concurrency")} example="1, 4, 16" />
          </div>
        )}
      </fieldset>

      <details className="subform advanced">
        <summary>Measurement settings</summary>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Time budget per cell (s)</span>
            <input type="number" min={0.05} max={600} step="any" value={fields.timeBudget} onChange={set("timeBudget")} />
          </label>
          <label className="field">
            <span className="field-label">CI target (± % of mean)</span>
            <input type="number" min={0.1} max={50} step="any" value={fields.ciTargetPct} onChange={set("ciTargetPct")} />
          </label>
          <label className="field">
            <span className="field-label">Warm-up (s)</span>
            <input type="number" min={0} max={60} step="any" value={fields.warmup} onChange={set("warmup")} />
          </label>
          <label className="field">
            <span className="field-label">Dataset seed</span>
            <input type="number" min={0} step={1} value={fields.seed} onChange={set("seed")} />
          </label>
        </div>
      </details>

      <fieldset className="subform">
        <legend>Regressions</legend>
        <div className="choices" role="radiogroup" aria-label="Baseline">
          {BASELINES.map((b) => (
            <label key={b.kind} className={`choice${fields.baselineKind === b.kind ? " choice-on" : ""}`}>
              <input
                type="radio"
                name={`${id}-baseline`}
                checked={fields.baselineKind === b.kind}
                onChange={() => setFields((old) => ({ ...old, baselineKind: b.kind }))}
              />
              <span>{b.label}</span>
            </label>
          ))}
        </div>
        <div className="form-grid">
          {fields.baselineKind === "last" ? (
            <Hinted label="Number of runs" hint="The previous runs of this schedule on the same host and target.">
              {(props) => (
                <input {...props} type="number" min={1} max={MAX_LAST_RUNS} step={1} value={fields.baselineLast} onChange={set("baselineLast")} data-testid="schedule-baseline-last" />
              )}
            </Hinted>
          ) : fields.baselineKind === "run" ? (
            <Hinted label="Baseline run id" hint="Cells are compared with the same cell of this run, on the same host.">
              {(props) => (
                <input {...props} type="number" min={1} step={1} value={fields.baselineRun} onChange={set("baselineRun")} placeholder="42" data-testid="schedule-baseline-run" />
              )}
            </Hinted>
          ) : (
            <p className="field-hint">Without a baseline the schedule's runs are not compared and raise no alerts.</p>
          )}
          {fields.baselineKind !== "none" ? (
            <Hinted label="Threshold (%)" hint="The smallest significant change that counts as a regression.">
              {(props) => (
                <input {...props} type="number" min={0.01} max={1000} step="any" value={fields.thresholdPct} onChange={set("thresholdPct")} data-testid="schedule-threshold" />
              )}
            </Hinted>
          ) : null}
        </div>
      </fieldset>

      <label className="checkbox">
        <input
          type="checkbox"
          checked={fields.enabled}
          onChange={(e) => setFields((old) => ({ ...old, enabled: e.target.checked }))}
          data-testid="schedule-enabled"
        />
        Enabled: fire on this timetable
      </label>

      {plan.problems.length ? (
        <ul className="submit-notes">
          {plan.problems.map((p) => (
            <li key={p} className="field-error" data-testid="schedule-problem">
              {p}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={save.error} testId="schedule-form-error" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!plan.body || cronBad || save.isPending} data-testid="schedule-save">
          {save.isPending ? "Saving…" : schedule ? "Save changes" : "Create schedule"}
        </button>
        {onCancel ? (
          <button type="button" className="button button-quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A labelled control with a hint that describes it (not part of its name). */
function Hinted({
  label,
  hint,
  children,
}: {
  label: string;
  hint: string;
  children: (props: { id: string; "aria-describedby": string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-describedby": `${id}-hint` })}
      <span className="field-hint" id={`${id}-hint`}>
        {hint}
      </span>
    </div>
  );
}

function ListField({
  label,
  value,
  onChange,
  known,
  example,
}: {
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  known?: string[];
  example: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} value={value} onChange={onChange} spellCheck={false} autoComplete="off" placeholder={example} aria-describedby={`${id}-hint`} />
      <span className="field-hint" id={`${id}-hint`}>
        {known?.length ? `Comma-separated. Known: ${known.join(", ")}` : `Comma-separated, e.g. ${example}`}
      </span>
    </div>
  );
}
