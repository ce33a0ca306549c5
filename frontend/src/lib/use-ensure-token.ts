import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

import { getToken } from "./token";

/**
 * For write buttons: returns a function that is true when a token is stored, and otherwise
 * sends the person to /signin (coming back here afterwards) and returns false.
 */
export function useEnsureToken(): () => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (getToken()) return true;
    navigate(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
    return false;
  }, [navigate, location.pathname, location.search]);
}
