import { useMutation } from "@tanstack/react-query";

import { fetchApiFile, saveBlob } from "../../api/client";
import { ErrorMessage } from "../../components/error-message";
import { resultsPath } from "./api";

/**
 * The run's results as CSV or JSON files. Fetched with the session's credentials (reading may
 * need a token, or the share key of a read-only link), then saved.
 */
export function DownloadLinks({ runId }: { runId: number }) {
  const download = useMutation({
    mutationFn: async (format: "csv" | "json") => {
      saveBlob(await fetchApiFile(resultsPath(runId, format)), `blobbench-run-${runId}.${format}`);
    },
  });
  return (
    <span className="downloads">
      Download{" "}
      <button type="button" className="link-button" data-testid="download-csv" onClick={() => download.mutate("csv")}>
        CSV
      </button>{" "}
      ·{" "}
      <button type="button" className="link-button" data-testid="download-json" onClick={() => download.mutate("json")}>
        JSON
      </button>
      <ErrorMessage error={download.error} />
    </span>
  );
}
