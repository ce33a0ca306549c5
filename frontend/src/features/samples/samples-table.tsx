import type { SampleRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { ErrorMessage } from "../../components/error-message";
import { formatAgo, formatBytes, formatDateTime } from "../../lib/format";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { sourceSummary } from "./sample-text";
import { useDeleteSample } from "./use-samples";

function SampleRow({ sample, targetNames }: { sample: SampleRead; targetNames: Readonly<Record<number, string>> }) {
  const remove = useDeleteSample();
  const ensureToken = useEnsureToken();
  return (
    <tr data-testid="sample-row" data-sample-name={sample.name} data-dataset={sample.dataset}>
      <td>
        <strong>{sample.name}</strong>
      </td>
      <td>
        <Badge tone={sample.kind === "upload" ? "info" : "accent"}>{sample.kind}</Badge>
      </td>
      <td className="num">{formatBytes(sample.size)}</td>
      <td className="muted small" data-testid="sample-source">
        {sourceSummary(sample, targetNames)}
      </td>
      <td>
        <code data-testid="sample-dataset">{sample.dataset}</code>
      </td>
      <td title={formatDateTime(sample.created_at)}>{formatAgo(sample.created_at)}</td>
      <td className="actions">
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={remove.isPending}
          aria-label={`Delete sample ${sample.name}`}
          onClick={() => {
            if (
              ensureToken() &&
              window.confirm(`Delete sample '${sample.name}'? Runs that still have to read it will fail.`)
            ) {
              remove.mutate(sample.id);
            }
          }}
        >
          Delete
        </button>
        <ErrorMessage error={remove.error} />
      </td>
    </tr>
  );
}

export function SamplesTable({
  samples,
  targetNames = {},
}: {
  samples: SampleRead[];
  targetNames?: Readonly<Record<number, string>>;
}) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="samples-table">
        <thead>
          <tr>
            <th>Sample</th>
            <th>Kind</th>
            <th className="num">Size</th>
            <th>Source</th>
            <th>Dataset</th>
            <th>Added</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {samples.map((s) => (
            <SampleRow key={s.id} sample={s} targetNames={targetNames} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
