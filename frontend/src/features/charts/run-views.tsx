import { lazy, Suspense, type ComponentType } from "react";

import { Loading } from "../../components/loading";
import type { ViewName } from "./url-state";
import { CommonControls, UrlNotices, ViewTabs } from "./view-controls";
import type { ViewProps } from "./view-props";
import "./views.css";

// Each view is its own chunk, loaded when first shown (the size view with the run page).
const VIEW_COMPONENTS: Record<ViewName, ComponentType<ViewProps>> = {
  size: lazy(() => import("./size-view")),
  classes: lazy(() => import("./classes-view")),
  tradeoff: lazy(() => import("./tradeoff-view")),
  heatmap: lazy(() => import("./heatmap-view")),
  compare: lazy(() => import("./compare-view")),
  latency: lazy(() => import("./latency-view")),
};

/** The run page's analytic views: tabs, shared choices, notices about the URL, and the view. */
export function RunViews(props: ViewProps) {
  const { handle, datasetLabels, embed } = props;
  const { view, dims, update, notices } = handle;
  const View = VIEW_COMPONENTS[view.view];
  return (
    <section className={`card chart-panel ${embed ? "chart-panel-embed" : ""}`} data-testid="chart-panel" data-view={view.view}>
      {embed ? null : (
        <>
          <ViewTabs active={view.view} href={(v) => handle.href({ view: v })} onSelect={(v) => update({ view: v })} />
          <UrlNotices notices={notices} />
          <CommonControls
            dims={dims}
            view={view}
            onChange={(patch) => update(patch)}
            datasetLabels={datasetLabels}
            showDataset={view.view !== "classes"}
          />
        </>
      )}
      <Suspense fallback={<Loading what="Loading view" />}>
        <View {...props} />
      </Suspense>
    </section>
  );
}
