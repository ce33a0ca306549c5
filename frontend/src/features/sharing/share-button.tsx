import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router-dom";

import { ErrorMessage } from "../../components/error-message";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { createShare, shortenPath } from "./api";

/** The address of this page without a share key in it (each link gets its own key). */
function currentPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("share");
  const query = params.toString().replace(/%3A/gi, ":").replace(/%2C/gi, ",");
  return query ? `${pathname}?${query}` : pathname;
}

function absolute(path: string): string {
  return `${window.location.origin}${path}`;
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <label className="share-row">
      <span>{label}</span>
      <input readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </label>
  );
}

/**
 * "Share": a short link to exactly this view, and a read-only link that opens it to people without
 * an account (it can read this run and nothing else, and change nothing).
 */
export function ShareButton({ runId }: { runId: number }) {
  const location = useLocation();
  const ensureToken = useEnsureToken();
  const [open, setOpen] = useState(false);
  const links = useMutation({
    mutationFn: async () => {
      const path = currentPath(location.pathname, location.search);
      const share = await createShare(runId, `run ${runId} view`);
      const sharedPath = `${path}${path.includes("?") ? "&" : "?"}share=${share.token}`;
      const [view, readOnly] = await Promise.all([shortenPath(path), shortenPath(sharedPath)]);
      return { view: absolute(view.short_path), readOnly: absolute(readOnly.short_path), full: absolute(sharedPath) };
    },
  });
  return (
    <div className="share">
      <button
        type="button"
        className="button"
        data-testid="share-run"
        onClick={() => {
          if (!ensureToken()) return;
          setOpen(true);
          links.mutate();
        }}
      >
        Share
      </button>
      {open ? (
        <div className="share-panel card" data-testid="share-panel">
          {links.data ? (
            <>
              <CopyRow label="This view" value={links.data.view} testId="share-view-link" />
              <CopyRow label="Read-only, no account" value={links.data.readOnly} testId="share-readonly-link" />
            </>
          ) : links.isPending ? (
            <span className="muted">Making links…</span>
          ) : null}
          <ErrorMessage error={links.error} />
        </div>
      ) : null}
    </div>
  );
}
