import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";

import { useToken } from "../lib/token";

/** Writes need a token: without one, go to /signin and come back here afterwards. */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/signin?next=${next}`} replace />;
  }
  return <>{children}</>;
}
