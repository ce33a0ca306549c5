import { useState, type FormEvent } from "react";

import type { TokenCreate, TokenCreated, TokenRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { CopyButton } from "../../components/copy-button";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { formatAgo, formatDateTime } from "../../lib/format";
import { CREATABLE_SCOPES, maskedPrefix, scopeTone, sortTokens, tokenFor } from "./token-view";
import { useCreateToken, useRevokeToken, useTokens } from "./use-tokens";

function TokenRow({ token }: { token: TokenRead }) {
  const revoke = useRevokeToken();
  const revoked = Boolean(token.revoked_at);
  return (
    <tr data-testid="token-row" data-token-name={token.name} data-revoked={revoked} className={revoked ? "row-muted" : undefined}>
      <td>
        <strong>{token.name}</strong>
        {tokenFor(token) ? <div className="muted small">{tokenFor(token)}</div> : null}
      </td>
      <td>
        <Badge tone={scopeTone(token.scope)} testId="token-scope">
          {token.scope}
        </Badge>
      </td>
      <td>
        <code>{maskedPrefix(token.prefix)}</code>
      </td>
      <td title={formatDateTime(token.created_at)}>{formatAgo(token.created_at)}</td>
      <td title={formatDateTime(token.last_used_at)}>{formatAgo(token.last_used_at)}</td>
      <td className="actions">
        {revoked ? (
          <span className="muted small" data-testid="token-revoked">
            revoked {formatAgo(token.revoked_at)}
          </span>
        ) : (
          <button
            type="button"
            className="button button-small button-danger"
            disabled={revoke.isPending}
            data-testid="token-revoke"
            onClick={() => {
              if (window.confirm(`Revoke token '${token.name}'? Anything using it is refused from now on.`)) {
                revoke.mutate(token.id);
              }
            }}
          >
            Revoke
          </button>
        )}
        <ErrorMessage error={revoke.error} />
      </td>
    </tr>
  );
}

function NewSecret({ created, onDone }: { created: TokenCreated; onDone: () => void }) {
  return (
    <div className="card secret-card" role="status" data-testid="token-secret-card">
      <p>
        Token <strong>{created.name}</strong> ({created.scope}) was created. Copy its secret now: it
        is shown this once and only its hash is kept.
      </p>
      <div className="secret-row">
        <input readOnly value={created.token} className="mono secret" aria-label="Token secret" data-testid="token-secret" onFocus={(e) => e.target.select()} />
        <CopyButton text={created.token} testId="token-copy" />
      </div>
      <p className="muted small">
        Use it as <code>Authorization: Bearer &lt;token&gt;</code>, e.g. in a CI job's secret variables.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onDone} data-testid="token-secret-done">
          I have copied it
        </button>
      </div>
    </div>
  );
}

function CreateTokenForm() {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<NonNullable<TokenCreate["scope"]>>("run");
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const create = useCreateToken();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName("");
        },
      },
    );
  };
  return (
    <>
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      <form className="card form" onSubmit={onSubmit} data-testid="token-form">
        <h2>New token</h2>
        <div className="form-grid">
          <label className="field">
            <span className="field-label">Name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="ci-nightly" required data-testid="token-name" />
          </label>
          <label className="field">
            <span className="field-label">Scope</span>
            <select value={scope} onChange={(e) => setScope(e.target.value === "admin" ? "admin" : "run")} data-testid="token-scope-select">
              {CREATABLE_SCOPES.map((s) => (
                <option key={s.scope} value={s.scope}>
                  {s.label}
                </option>
              ))}
            </select>
            <span className="field-hint">{CREATABLE_SCOPES.find((s) => s.scope === scope)?.note}</span>
          </label>
        </div>
        <ErrorMessage error={create.error} testId="token-form-error" />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending || !name.trim()} data-testid="token-create">
            {create.isPending ? "Creating…" : "Create token"}
          </button>
        </div>
      </form>
    </>
  );
}

/** The token list and form, for an admin (the route checks the scope). */
export function TokensPanel() {
  const tokens = useTokens();
  return (
    <>
      <section className="section">
        {tokens.isPending ? (
          <Loading what="Loading tokens" />
        ) : tokens.isError ? (
          <ErrorMessage error={tokens.error} />
        ) : tokens.data.length === 0 ? (
          <EmptyState title="No tokens" />
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="tokens-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Scope</th>
                  <th>Starts with</th>
                  <th>Created</th>
                  <th>Last used</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {sortTokens(tokens.data).map((t) => (
                  <TokenRow key={t.id} token={t} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="section">
        <CreateTokenForm />
      </section>
    </>
  );
}
