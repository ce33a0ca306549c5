import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router-dom";

import { chartDimensions, resolveView, type ChartDimensions, type ChartView, type MatrixLike, type ResultLike } from "./transforms";
import { parseChartState, serializeChartState, withChartState, type ChartUrlState } from "./url-state";

export interface ChartViewHandle {
  /** What the URL says, parsed once. */
  state: ChartUrlState;
  /** The URL's choices checked against this run (defaults where they do not fit). */
  view: ChartView;
  dims: ChartDimensions;
  /** Everything the URL asked for that was ignored, with the reason. */
  notices: string[];
  /**
   * Changes the URL; the views follow from it. A new history entry by default, so the back
   * button walks back through a person's changes; `replace` for steps of an animation.
   */
  update: (patch: Partial<ChartUrlState>, options?: { replace?: boolean }) => void;
  /** The address of the current view with `patch` applied (for share and embed links). */
  href: (patch?: Partial<ChartUrlState>) => string;
}

/** The run page's state, read from and written to the query string: there is no other copy. */
export function useChartView(results: readonly ResultLike[], matrix?: Partial<MatrixLike> | null): ChartViewHandle {
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = useMemo(() => parseChartState(location.search), [location.search]);
  const state = parsed.state;
  const dims = useMemo(() => chartDimensions(results, matrix), [results, matrix]);
  const view = useMemo(() => resolveView(state, dims), [state, dims]);
  const notices = useMemo(() => [...parsed.notices, ...view.notices], [parsed.notices, view.notices]);
  const href = useCallback(
    (patch: Partial<ChartUrlState> = {}) => {
      const search = serializeChartState(withChartState(state, patch));
      return `${location.pathname}${search ? `?${search}` : ""}`;
    },
    [state, location.pathname],
  );
  const update = useCallback(
    (patch: Partial<ChartUrlState>, options?: { replace?: boolean }) => {
      // navigate() rather than setSearchParams(): URLSearchParams would write `random%3A2`, and
      // links should stay readable. Both push a history entry unless told to replace.
      // Choices this run rejected (and noticed) go back to their defaults with the change.
      const search = serializeChartState(withChartState(state, { ...view.rejected, ...patch }));
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
        { replace: options?.replace ?? false, preventScrollReset: true },
      );
    },
    [state, view.rejected, navigate, location.pathname, location.hash],
  );
  return { state, view, dims, notices, update, href };
}
