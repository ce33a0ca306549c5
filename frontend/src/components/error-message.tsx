import { Link, useLocation } from "react-router-dom";

import { isApiError } from "../api/client";

/** An error as one readable sentence; a rejected token gets a way back to /signin. */
export function ErrorMessage({ error, testId = "error-message" }: { error: unknown; testId?: string }) {
  const location = useLocation();
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const needsSignIn = isApiError(error) && (error.status === 401 || error.status === 403);
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="error-message" role="alert" data-testid={testId}>
      {message}
      {needsSignIn ? (
        <>
          {" "}
          <Link to={`/signin?next=${next}`}>Sign in</Link>
        </>
      ) : null}
    </div>
  );
}
