import { Link } from "react-router-dom";

import type { TargetRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { formatBytes, formatDateTime } from "../../lib/format";
import { useToken } from "../../lib/token";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { flavourName, flavourTone } from "./flavour";
import { TargetForm } from "./target-form";
import { useDeleteTarget, useTargets } from "./use-targets";

function TargetRow({ target }: { target: TargetRead }) {
  const remove = useDeleteTarget();
  const ensureToken = useEnsureToken();
  return (
    <tr data-testid="target-row" data-target-name={target.name}>
      <td>
        <strong>{target.name}</strong>
        <div className="muted small">
          {target.user}@{target.host}:{target.port}/{target.database}
        </div>
      </td>
      <td>
        <Badge tone={flavourTone(target.flavour)} testId="target-flavour">
          {flavourName(target.flavour)}
        </Badge>{" "}
        <Badge testId="target-version">{target.version ?? "version unknown"}</Badge>
        <div className="muted small" data-testid="target-driver">
          via {target.driver}
        </div>
      </td>
      <td className="num">{target.max_allowed_packet ? formatBytes(target.max_allowed_packet) : "—"}</td>
      <td>{formatDateTime(target.checked_at)}</td>
      <td className="actions">
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={remove.isPending}
          onClick={() => {
            if (ensureToken() && window.confirm(`Forget target '${target.name}'? Its server is not touched.`)) {
              remove.mutate(target.id);
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

export function TargetsPage() {
  const targets = useTargets();
  const token = useToken();
  return (
    <div className="page">
      <PageHeader title="Targets">
        MySQL-compatible servers to benchmark. Each is probed when registered.
      </PageHeader>
      <section className="section">
        {targets.isPending ? (
          <Loading what="Loading targets" />
        ) : targets.isError ? (
          <ErrorMessage error={targets.error} />
        ) : targets.data.length === 0 ? (
          <EmptyState title="No targets yet" testId="targets-empty">
            Register the MySQL or MariaDB server you want to benchmark below.
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="targets-table">
              <thead>
                <tr>
                  <th>Target</th>
                  <th>Server</th>
                  <th className="num">max_allowed_packet</th>
                  <th>Checked</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {targets.data.map((t) => (
                  <TargetRow key={t.id} target={t} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="section">
        {token ? (
          <TargetForm />
        ) : (
          <EmptyState title="Sign in to register a target">
            <Link to="/signin?next=%2Ftargets" className="button">
              Sign in
            </Link>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
