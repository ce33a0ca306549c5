import { useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router-dom";

import type { Catalog, RunRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { formatAgo, formatBytes } from "../../lib/format";
import { workloadLabel } from "../../lib/throughput";
import { gate, indexCapabilities, levelledFamilies, withCapabilityOptions } from "./capabilities";
import { ChoiceGroup } from "./choice-group";
import { LevelPicker } from "./level-picker";
import { defaultSelection, orderHosts } from "./matrix";
import { addMethodSpec } from "./method-levels";
import { cellBreakdown, MAX_CONCURRENCY, planRun } from "./run-plan";
import { SizeChips } from "./size-chips";
import { useCapabilities, useCreateRun } from "./use-runs";

export interface TargetOption {
  id: number;
  name: string;
  flavour?: string | null;
  version?: string | null;
}

export interface HostOption {
  name: string;
  online: boolean;
}

/** A dataset beyond the catalog's, e.g. an uploaded sample (`sample:3`). */
export interface DatasetOption {
  value: string;
  label: string;
  detail?: string;
}

const DEFAULT_SIZES = [1024, 64 * 1024, 1024 * 1024];

/** The matrix form. Targets, hosts, the catalog and samples are loaded by the page that shows it. */
export function NewRunForm({
  targets,
  hosts,
  catalog,
  extraDatasets = [],
  onCreated,
}: {
  targets: TargetOption[];
  hosts: HostOption[];
  catalog: Catalog;
  extraDatasets?: DatasetOption[];
  onCreated: (run: RunRead) => void;
}) {
  const id = useId();
  const defaults = defaultSelection(catalog);
  const orderedHosts = orderHosts(hosts);
  const [name, setName] = useState("");
  const [targetId, setTargetId] = useState<string>(targets.length ? String(targets[0].id) : "");
  const [host, setHost] = useState<string>(orderedHosts[0]?.name ?? "");
  const [methods, setMethods] = useState<string[]>(defaults.methods);
  const [storages, setStorages] = useState<string[]>(defaults.storages);
  const [datasets, setDatasets] = useState<string[]>(defaults.datasets);
  const [sizes, setSizes] = useState<number[]>(DEFAULT_SIZES);
  const [presets, setPresets] = useState<string[]>([]);
  const [workloads, setWorkloads] = useState<string[]>(defaults.workloads);
  const [concurrencyText, setConcurrencyText] = useState("1");
  const [timeBudget, setTimeBudget] = useState("");
  const [ciTarget, setCiTarget] = useState("");
  const create = useCreateRun();

  const capabilities = useCapabilities(targetId ? Number(targetId) : null);
  const caps = capabilities.data;
  const index = useMemo(() => (caps ? indexCapabilities(caps) : null), [caps]);
  const limits = caps?.limits ?? null;

  const plan = planRun(
    {
      targetId,
      host,
      name,
      methods,
      storages,
      datasets,
      sizes,
      presets,
      workloads,
      concurrencyText,
      timeBudgetText: timeBudget,
      ciTargetText: ciTarget,
    },
    {
      presetSizes: catalog.size_presets,
      capabilities: index,
      capabilitiesPending: capabilities.isPending && capabilities.fetchStatus !== "idle",
      limits,
    },
  );
  const selectedHost = hosts.find((h) => h.name === host);
  const selectedTarget = targets.find((t) => String(t.id) === targetId);

  const datasetOptions = [...catalog.datasets, ...extraDatasets.map((d) => d.value).filter((v) => !catalog.datasets.includes(v))];
  const datasetLabels: Record<string, ReactNode> = {};
  for (const d of extraDatasets) {
    datasetLabels[d.value] = (
      <>
        {d.label} <span className="muted small">{d.detail ? `${d.value} · ${d.detail}` : d.value}</span>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (plan.body) create.mutate(plan.body, { onSuccess: onCreated });
  };

  const addMethod = (selected: string[], spec: string) => addMethodSpec(selected, spec, index?.ranges ?? {});

  return (
    <form className="form new-run" onSubmit={onSubmit} data-testid="new-run-form">
      <section className="card">
        <h2>Where</h2>
        <div className="form-grid">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-target`}>
              Target
            </label>
            <select
              id={`${id}-target`}
              value={targetId}
              onChange={(e) => setTargetId(e.target.value)}
              aria-describedby={`${id}-capabilities`}
              data-testid="target-select"
              required
            >
              {targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.version ? ` — ${t.version}` : ""}
                </option>
              ))}
            </select>
            <span className="field-hint" id={`${id}-capabilities`} data-testid="capabilities-status" aria-live="polite">
              {capabilities.isError ? (
                <span className="warning">
                  Could not load what {selectedTarget?.name ?? "this target"} supports; the server checks the run.
                </span>
              ) : capabilities.isPending ? (
                "Checking what this target supports…"
              ) : caps ? (
                <>
                  Capabilities from its check {formatAgo(caps.checked_at)}
                  {limits?.max_blob_size ? ` · blobs up to ${formatBytes(limits.max_blob_size)}` : ""}
                  {limits?.max_concurrency ? ` · up to ${limits.max_concurrency} clients` : ""}
                </>
              ) : null}
            </span>
          </div>
          <label className="field">
            <span className="field-label">Host</span>
            <select value={host} onChange={(e) => setHost(e.target.value)} data-testid="host-select" required>
              {orderedHosts.map((h) => (
                <option key={h.name} value={h.name}>
                  {h.online ? "● " : "○ "}
                  {h.name}
                  {h.online ? "" : " (offline)"}
                </option>
              ))}
            </select>
            {selectedHost && !selectedHost.online ? (
              <span className="field-hint warning">
                This host is offline: the run waits in its queue until its worker comes back.
              </span>
            ) : null}
          </label>
          <label className="field">
            <span className="field-label">Name (optional)</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. lz4 vs zstd on replica" data-testid="run-name-input" />
          </label>
        </div>
      </section>

      <section className="card">
        <h2>What</h2>
        <ChoiceGroup
          legend="Methods"
          options={catalog.methods}
          selected={methods}
          onChange={setMethods}
          testId="method-options"
          customPlaceholder="zstd:9, brotli:11"
          gate={(v) => gate(index, "method", v)}
          extrasAsChips
          addValue={addMethod}
        >
          <LevelPicker families={levelledFamilies(index)} onAdd={(spec) => setMethods((old) => addMethod(old, spec))} />
        </ChoiceGroup>
        <ChoiceGroup
          legend="Storages"
          options={withCapabilityOptions(catalog.storages, caps?.storages)}
          selected={storages}
          onChange={setStorages}
          testId="storage-options"
          customPlaceholder="compressed:4"
          gate={(v) => gate(index, "storage", v)}
        />
        <ChoiceGroup
          legend="Datasets"
          options={datasetOptions}
          selected={datasets}
          onChange={setDatasets}
          testId="dataset-options"
          customPlaceholder="random:10"
          labels={datasetLabels}
          note={
            <Link to="/samples" className="small" data-testid="samples-link">
              {extraDatasets.length ? "Manage your samples" : "Add your own data as a sample"}
            </Link>
          }
        />
        <SizeChips
          sizes={sizes}
          onChange={setSizes}
          presets={catalog.size_presets}
          chosenPresets={presets}
          onPresetsChange={setPresets}
          maxBlobSize={limits?.max_blob_size}
        />
      </section>

      <section className="card">
        <h2>How</h2>
        <ChoiceGroup
          legend="Workloads"
          options={withCapabilityOptions(catalog.workloads, caps?.workloads)}
          selected={workloads}
          onChange={setWorkloads}
          testId="workload-options"
          gate={(v) => gate(index, "workload", v)}
          labels={Object.fromEntries(catalog.workloads.map((w) => [w, workloadLabel(w)]))}
        />
        <div className="form-grid">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-concurrency`}>
              Concurrency (clients)
            </label>
            <input
              id={`${id}-concurrency`}
              value={concurrencyText}
              onChange={(e) => setConcurrencyText(e.target.value)}
              placeholder="1, 4, 16, 64"
              aria-describedby={`${id}-concurrency-hint`}
              aria-invalid={plan.concurrency ? undefined : true}
              data-testid="concurrency-input"
            />
            <span className="field-hint" id={`${id}-concurrency-hint`}>
              Clients reading at once, e.g. 1, 4, 16, 64 (1–{limits?.max_concurrency ? Math.min(MAX_CONCURRENCY, limits.max_concurrency) : MAX_CONCURRENCY}).
              Writes use one client.
            </span>
          </div>
        </div>
      </section>

      <details className="card advanced" data-testid="advanced">
        <summary>Advanced</summary>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Time budget per cell (s)</span>
            <input
              type="number"
              min={0.05}
              step="any"
              value={timeBudget}
              onChange={(e) => setTimeBudget(e.target.value)}
              placeholder="server default"
              data-testid="time-budget-input"
            />
            <span className="field-hint">Sampling stops at this time even if the CI is still wide.</span>
          </label>
          <label className="field">
            <span className="field-label">CI target (± % of mean)</span>
            <input
              type="number"
              min={0.1}
              max={50}
              step="any"
              value={ciTarget}
              onChange={(e) => setCiTarget(e.target.value)}
              placeholder="server default (2)"
              data-testid="ci-target-input"
            />
          </label>
        </div>
      </details>

      <div className="submit-bar">
        <p className="cell-count">
          <strong data-testid="cell-count">{plan.cells}</strong> {plan.cells === 1 ? "cell" : "cells"}
          <span className="muted small" data-testid="cell-breakdown">
            {" "}
            ={" "}
            {cellBreakdown({
              methods: methods.length,
              storages: storages.length,
              datasets: datasets.length,
              sizes: plan.sizes.length,
              workloads: workloads.length,
              concurrency: plan.concurrency?.length ?? 1,
            })}
          </span>
        </p>
        {plan.problems.length || plan.warnings.length ? (
          <ul className="submit-notes">
            {plan.problems.map((p) => (
              <li key={p} className="field-error" data-testid="new-run-problem">
                {p}
              </li>
            ))}
            {plan.warnings.map((w) => (
              <li key={w} className="field-hint warning" data-testid="new-run-warning">
                {w}
              </li>
            ))}
          </ul>
        ) : null}
        <ErrorMessage error={create.error} testId="new-run-error" />
        <button
          type="submit"
          className="button button-primary"
          disabled={!plan.body || create.isPending}
          data-testid="submit-run"
        >
          {create.isPending ? "Starting…" : "Start run"}
        </button>
      </div>
    </form>
  );
}
