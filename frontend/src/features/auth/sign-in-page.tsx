import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";

import { ErrorMessage } from "../../components/error-message";
import { PageHeader } from "../../components/page-header";
import { setToken, useToken } from "../../lib/token";
import { fetchMe } from "./api";
import { authKeys } from "./query-keys";
import { useMe } from "./use-me";

/** Only paths of this app, so a crafted ?next= cannot send anyone elsewhere. */
function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/runs";
}

export function SignInPage() {
  const token = useToken();
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [candidate, setCandidate] = useState("");

  const check = useMutation({
    mutationFn: (value: string) => fetchMe(value),
    onSuccess: (identity, value) => {
      setToken(value);
      queryClient.setQueryData(authKeys.me(value), identity);
      navigate(safeNext(params.get("next")));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = candidate.trim();
    if (value) check.mutate(value);
  };

  return (
    <div className="page page-narrow">
      <PageHeader title="Sign in" />
      {token ? (
        <section className="card" data-testid="signed-in">
          <p>
            {me.data ? (
              <>
                Signed in as <strong>{me.data.name}</strong> ({me.data.scope}).
              </>
            ) : me.isError ? (
              "The stored token is no longer accepted. Sign out and paste a new one."
            ) : (
              "Signed in."
            )}
          </p>
          <div className="form-actions">
            <Link to="/runs" className="button">
              Go to runs
            </Link>
            <button
              type="button"
              className="button button-quiet"
              data-testid="sign-out"
              onClick={() => {
                setToken(null);
                queryClient.removeQueries({ queryKey: authKeys.all });
              }}
            >
              Sign out
            </button>
          </div>
        </section>
      ) : (
        <form className="card form" onSubmit={onSubmit} data-testid="sign-in-form">
          {params.get("reason") === "unauthorized" ? (
            <p className="notice" data-testid="sign-in-needed">
              This BlobBench asks for a token before showing anything: it is reachable from other
              machines, or the token or share link used so far was revoked.
            </p>
          ) : null}
          <p className="muted">
            Paste the admin token printed by <code>make up</code>, or one made with{" "}
            <code>blobbench token create</code>. On the machine running BlobBench reading needs no
            token; from other machines it does, and starting runs or registering targets always do.
          </p>
          <label className="field">
            <span className="field-label">API token</span>
            <input
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={candidate}
              onChange={(e) => setCandidate(e.target.value)}
              placeholder="bba_…"
              data-testid="token-input"
              autoFocus
            />
          </label>
          <ErrorMessage error={check.error} testId="sign-in-error" />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={check.isPending || !candidate.trim()}>
              {check.isPending ? "Checking…" : "Sign in"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
