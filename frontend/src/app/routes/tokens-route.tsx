import { Link } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { useMe } from "../../features/auth/use-me";
import { TokensPanel } from "../../features/tokens/tokens-page";
import { useToken } from "../../lib/token";

/** /tokens: admins manage API tokens; everyone else is told why they cannot. */
export function TokensRoute() {
  const token = useToken();
  const me = useMe();
  let body;
  if (!token) {
    body = (
      <EmptyState title="Sign in with an admin token" testId="tokens-need-admin">
        Tokens are managed by admins. <Link to="/signin?next=%2Ftokens">Sign in</Link>
      </EmptyState>
    );
  } else if (me.isPending) {
    body = <Loading what="Checking your token" />;
  } else if (me.isError) {
    body = <ErrorMessage error={me.error} />;
  } else if (me.data.scope !== "admin") {
    body = (
      <EmptyState title="Only admins manage tokens" testId="tokens-need-admin">
        You are signed in as <strong>{me.data.name}</strong> with a <strong>{me.data.scope}</strong> token. Ask an
        admin for a token, or sign in with an admin one (<code>make up</code> prints it).
      </EmptyState>
    );
  } else {
    body = <TokensPanel />;
  }
  return (
    <div className="page">
      <PageHeader title="Tokens">
        API tokens for people and CI jobs. Only a hash of each is stored, so a secret is shown once,
        when it is created.
      </PageHeader>
      {body}
    </div>
  );
}
