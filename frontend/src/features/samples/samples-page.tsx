import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { useToken } from "../../lib/token";
import { SamplesTable } from "./samples-table";
import { TableSampleForm, type SampleTargetOption } from "./table-sample-form";
import { UploadForm } from "./upload-form";
import { useSamples } from "./use-samples";

/** /samples: the person's own data as datasets (`sample:<id>`). Targets come from the route. */
export function SamplesPage({ targets }: { targets: SampleTargetOption[] }) {
  const samples = useSamples();
  const token = useToken();
  const targetNames = Object.fromEntries(targets.map((t) => [t.id, t.name]));
  return (
    <div className="page">
      <PageHeader title="Samples">
        Your own data as a dataset: upload a file or read a column of a table, then choose it in a
        new run's datasets.
      </PageHeader>
      <section className="section">
        {samples.isPending ? (
          <Loading what="Loading samples" />
        ) : samples.isError ? (
          <ErrorMessage error={samples.error} />
        ) : samples.data.length === 0 ? (
          <EmptyState title="No samples yet" testId="samples-empty">
            Upload a file below, or read one from a table on a target.
          </EmptyState>
        ) : (
          <SamplesTable samples={samples.data} targetNames={targetNames} />
        )}
      </section>
      {token ? (
        <>
          <section className="section">
            <UploadForm />
          </section>
          <section className="section">
            <TableSampleForm targets={targets} />
          </section>
        </>
      ) : (
        <section className="section">
          <EmptyState title="Sign in to add samples">
            <Link to="/signin?next=%2Fsamples" className="button">
              Sign in
            </Link>
          </EmptyState>
        </section>
      )}
    </div>
  );
}
