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
  /** Changes the URL; the chart follows from it. */
  update: (patch: Partial<ChartUrlState>, options?: { replace?: boolean }) => void;
}

/** The chart's state, read from and written to the query string: there is no other copy. */
export function useChartView(results: readonly ResultLike[], matrix?: Partial<MatrixLike> | null): ChartViewHandle {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseChartState(location.search), [location.search]);
  const dims = useMemo(() => chartDimensions(results, matrix), [results, matrix]);
  const view = useMemo(() => resolveView(state, dims), [state, dims]);
  const update = useCallback(
    (patch: Partial<ChartUrlState>, options?: { replace?: boolean }) => {
      const search = serializeChartState(withChartState(state, patch));
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
        { replace: options?.replace ?? false, preventScrollReset: true },
      );
    },
    [state, navigate, location.pathname, location.hash],
  );
  return { state, view, dims, update };
}
