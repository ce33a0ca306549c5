import { Link } from "react-router-dom";

import { setToken, useToken } from "../../lib/token";
import { useMe } from "./use-me";

/** The nav's footer: who is signed in, or a link to sign in. */
export function SessionStatus() {
  const token = useToken();
  const me = useMe();
  if (!token) {
    return (
      <div className="session" data-testid="session-status">
        <span className="session-muted">Read-only</span>
        <Link to="/signin" className="button button-small">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="session" data-testid="session-status">
      <span className="session-name" title={me.data ? `scope: ${me.data.scope}` : undefined}>
        {me.data ? me.data.name : me.isError ? "Token rejected" : "Signed in"}
      </span>
      <button type="button" className="button button-small button-quiet" onClick={() => setToken(null)}>
        Sign out
      </button>
    </div>
  );
}
