import "./studies.css";

import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";

import type { ResultRead, RunRead } from "../../api/types";
import { Segmented } from "../../components/segmented";
import { ShareButton } from "../sharing/share-button";
import { useSharedRun } from "../sharing/use-shared-run";
import { binlogTable, type BinlogMeasure } from "./binlog";
import { BinlogView } from "./binlog-view";
import { labDims, labPoints } from "./codec-lab";
import { CodecLabView, type CodecLabChange } from "./codec-lab-view";
import { ConcurrencyView } from "./concurrency-view";
import { loadSizeTable } from "./load-size";
import { LoadSizeView } from "./load-size-view";
import { parseStudyQuery, resolveStudy, serializeStudyQuery, studiesOf, type StudyName } from "./study-url";

const STUDY_LABELS: Record<StudyName, string> = {
  codec_lab: "Codec lab (seed 004)",
  load_size: "Load and size (seed 002)",
  concurrency: "Clients and space (seed 001)",
  binlog: "Binary-log compression (seed 003)",
};

/** /runs/:id/study — the seed-style study of a run whose workloads are studies; its state is
 *  the query string (study, dataset, block, speed, link), so a copied link reopens the view. */
export function StudyPage({
  run,
  results,
  datasetLabels,
}: {
  run: RunRead;
  results: readonly ResultRead[];
  datasetLabels: Readonly<Record<string, string>>;
}) {
  const [params, setParams] = useSearchParams();
  const { query, notices: parseNotices } = useMemo(() => parseStudyQuery(params), [params]);
  const points = useMemo(() => labPoints(results), [results]);
  const dims = useMemo(() => labDims(points), [points]);
  const loads = useMemo(() => loadSizeTable(results), [results]);
  const binlogs = useMemo(() => binlogTable(results), [results]);
  const studies = studiesOf(run.matrix.workloads, run.matrix.concurrency);
  const resolved = resolveStudy(query, { studies, datasets: dims.datasets, blocks: dims.blocks });
  const notices = [...parseNotices, ...resolved.notices];
  const label = useCallback((d: string) => datasetLabels[d] ?? d, [datasetLabels]);
  const readOnly = useSharedRun().runId !== null;

  const update = (change: CodecLabChange & { study?: StudyName; measure?: BinlogMeasure }) => {
    // changes push history, so Back returns to the previous view
    setParams(serializeStudyQuery({ ...query, ...change, study: change.study ?? query.study }));
  };

  return (
    <div className="page" data-testid="study-page">
      <header className="page-header">
        <div className="page-header-main">
          <h1>
            {run.name || `Run #${run.id}`} <span className="muted">· study</span>
          </h1>
          <div className="page-header-actions">
            <Link className="button" to={`/runs/${run.id}`}>
              Charts and results
            </Link>
            {readOnly ? null : <ShareButton runId={run.id} />}
          </div>
        </div>
        <p className="muted">
          {results.length} of {run.progress.total} cells measured on {run.target_name} from {run.hosts.join(", ")}
        </p>
      </header>
      {notices.length ? (
        <ul className="study-notices" data-testid="study-notices">
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {studies.length === 0 ? (
        <p className="muted">
          This run measured no study (codec_lab, load, load_then_index or binlog workloads, or reads at several
          client counts): start one with the presets seed004_codec_lab, seed002_load_size, seed003_binlog or
          seed001.
        </p>
      ) : null}
      {studies.length > 1 ? (
        <Segmented
          label="Study"
          value={resolved.study}
          options={studies.map((s) => ({ value: s, label: STUDY_LABELS[s] }))}
          onChange={(s) => update({ study: s })}
          testId="study-kind"
        />
      ) : null}
      {resolved.study === "codec_lab" ? (
        <>
          <h2>{STUDY_LABELS.codec_lab}</h2>
          <CodecLabView
            points={points}
            datasets={dims.datasets}
            blocks={dims.blocks}
            dataset={resolved.dataset}
            block={resolved.block}
            speed={query.speed}
            link={query.link}
            linkBits={query.linkBits}
            datasetLabel={label}
            onChange={update}
          />
        </>
      ) : null}
      {resolved.study === "concurrency" ? (
        <>
          <h2>{STUDY_LABELS.concurrency}</h2>
          <ConcurrencyView results={results} dataset={query.dataset} datasetLabel={label} />
        </>
      ) : null}
      {resolved.study === "load_size" ? (
        <>
          <h2>{STUDY_LABELS.load_size}</h2>
          <LoadSizeView rows={loads} datasetLabel={label} />
        </>
      ) : null}
      {resolved.study === "binlog" ? (
        <>
          <h2>{STUDY_LABELS.binlog}</h2>
          <BinlogView rows={binlogs} dataset={query.dataset} measure={query.measure} datasetLabel={label} onChange={update} />
        </>
      ) : null}
    </div>
  );
}
