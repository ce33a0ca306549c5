import { QueryCache, QueryClient } from "@tanstack/react-query";

import { isApiError } from "../api/client";

/** Fired when a read is refused for want of a (valid) token; the layout sends people to sign in. */
export const UNAUTHORIZED_EVENT = "blobbench:unauthorized";

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isApiError(error) && error.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 2000,
      // A 4xx will not change on retry; network blips and 5xx may.
      retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
    },
  },
});
