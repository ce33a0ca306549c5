import { Link, useNavigate } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { RequireToken } from "../../components/require-token";
import { useHosts } from "../../features/hosts/use-hosts";
import { NewRunForm, type DatasetOption } from "../../features/runs/new-run-form";
import { useCatalog } from "../../features/runs/use-runs";
import { useSamples } from "../../features/samples/use-samples";
import { useTargets } from "../../features/targets/use-targets";
import { formatBytes } from "../../lib/format";

/** /runs/new: the run form, fed with targets, hosts, the catalog and samples (features meet here). */
function NewRun() {
  const targets = useTargets();
  const hosts = useHosts();
  const catalog = useCatalog();
  const samples = useSamples();
  const navigate = useNavigate();
  // Samples are extra datasets: the form works without them if they fail to load.
  const sampleDatasets: DatasetOption[] = (samples.data ?? []).map((s) => ({
    value: s.dataset,
    label: s.name,
    detail: `${s.kind === "table" ? "table sample" : "upload"}, ${formatBytes(s.size)}`,
  }));

  const error = targets.error ?? hosts.error ?? catalog.error;
  let body;
  if (error) body = <ErrorMessage error={error} />;
  else if (!targets.data || !hosts.data || !catalog.data) body = <Loading />;
  else if (targets.data.length === 0)
    body = (
      <EmptyState title="No targets yet" testId="no-targets">
        A run measures a target server. <Link to="/targets">Register one</Link> first.
      </EmptyState>
    );
  else if (hosts.data.length === 0)
    body = (
      <EmptyState title="No worker hosts yet" testId="no-hosts">
        Runs execute from a host running a BlobBench worker. Start one (<code>make up</code> does);
        it appears on <Link to="/hosts">Hosts</Link> with its first heartbeat.
      </EmptyState>
    );
  else
    body = (
      <NewRunForm
        targets={targets.data}
        hosts={hosts.data}
        catalog={catalog.data}
        extraDatasets={sampleDatasets}
        onCreated={(run) => navigate(`/runs/${run.id}`)}
      />
    );

  return (
    <div className="page">
      <PageHeader title="New run">
        Every combination of the choices below is one cell; each is measured until its 95%
        confidence interval is tight enough or its time budget ends.
      </PageHeader>
      {body}
    </div>
  );
}

export function NewRunRoute() {
  return (
    <RequireToken>
      <NewRun />
    </RequireToken>
  );
}
