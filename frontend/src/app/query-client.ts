import { QueryClient } from "@tanstack/react-query";

import { isApiError } from "../api/client";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 2000,
      // A 4xx will not change on retry; network blips and 5xx may.
      retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 2,
    },
  },
});
