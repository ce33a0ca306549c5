import { resultsUrl } from "./api";

export function DownloadLinks({ runId }: { runId: number }) {
  return (
    <span className="downloads">
      Download{" "}
      <a href={resultsUrl(runId, "csv")} download={`blobbench-run-${runId}.csv`} data-testid="download-csv">
        CSV
      </a>{" "}
      ·{" "}
      <a href={resultsUrl(runId, "json")} download={`blobbench-run-${runId}.json`} data-testid="download-json">
        JSON
      </a>
    </span>
  );
}
