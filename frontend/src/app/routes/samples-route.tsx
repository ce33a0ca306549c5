import { SamplesPage } from "../../features/samples/samples-page";
import { useTargets } from "../../features/targets/use-targets";

/** /samples: samples with the targets a table sample can be read from (features meet here). */
export function SamplesRoute() {
  const targets = useTargets();
  return <SamplesPage targets={targets.data ?? []} />;
}
