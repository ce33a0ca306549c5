import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";

import { UNAUTHORIZED_EVENT } from "../../app/query-client";
import { forgetShareKey, getShareKey } from "../../lib/share";
import { getToken, setToken } from "../../lib/token";

/**
 * When a read is refused with 401 (this BlobBench needs sign-in, or the stored token or share key
 * was revoked), forget the rejected credential and go to /signin, coming back here afterwards.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const onUnauthorized = () => {
      if (location.pathname === "/signin") return;
      if (getToken()) setToken(null);
      else if (getShareKey()) forgetShareKey();
      const next = encodeURIComponent(location.pathname + location.search);
      navigate(`/signin?next=${next}&reason=unauthorized`, { replace: true });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate, location.pathname, location.search]);
}
