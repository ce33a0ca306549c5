import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { formatAgo, formatDateTime } from "../../lib/format";
import { summariseFacts } from "./host-facts";
import { useHosts } from "./use-hosts";

export function HostsPage() {
  const hosts = useHosts();
  return (
    <div className="page">
      <PageHeader title="Hosts">
        Machines running a BlobBench worker. Runs execute from a host against a target, so the
        network between them is part of what is measured.
      </PageHeader>
      {hosts.isPending ? (
        <Loading what="Loading hosts" />
      ) : hosts.isError ? (
        <ErrorMessage error={hosts.error} />
      ) : hosts.data.length === 0 ? (
        <EmptyState title="No hosts yet" testId="hosts-empty">
          Start a worker (<code>make up</code> starts one on this machine); it appears here with
          its first heartbeat.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="hosts-table">
            <thead>
              <tr>
                <th>Host</th>
                <th>Status</th>
                <th>Last heartbeat</th>
                <th>Running now</th>
                <th>Queued</th>
                <th>Facts</th>
              </tr>
            </thead>
            <tbody>
              {hosts.data.map((host) => (
                <tr
                  key={host.name}
                  data-testid="host-row"
                  data-host-name={host.name}
                  data-online={host.online ? "true" : "false"}
                >
                  <td>
                    <strong>{host.name}</strong>
                    {host.hostname && host.hostname !== host.name ? (
                      <div className="muted small">{host.hostname}</div>
                    ) : null}
                  </td>
                  <td>
                    <span className={`dot ${host.online ? "dot-online" : "dot-offline"}`} aria-hidden />
                    <span data-testid="host-status">{host.online ? "online" : "offline"}</span>
                  </td>
                  <td title={formatDateTime(host.last_seen_at)} data-testid="host-last-seen">
                    {formatAgo(host.last_seen_at)}
                  </td>
                  <td data-testid="host-current">
                    {!host.current?.length ? (
                      <span className="muted">idle</span>
                    ) : (
                      host.current.map((cell) => (
                        <div key={cell.cell_id}>
                          <Link to={`/runs/${cell.run_id}`}>run #{cell.run_id}</Link>{" "}
                          <span className="small">{cell.label}</span>
                        </div>
                      ))
                    )}
                  </td>
                  <td data-testid="host-queue-depth">
                    {host.queue_depth === null || host.queue_depth === undefined ? "—" : host.queue_depth}
                  </td>
                  <td>
                    <dl className="facts">
                      {summariseFacts(host.facts).map((fact) => (
                        <div key={fact.label} className="fact">
                          <dt>{fact.label}</dt>
                          <dd>{fact.value}</dd>
                        </div>
                      ))}
                    </dl>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
