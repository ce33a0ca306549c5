import { lazy } from "react";
import { createBrowserRouter, Navigate } from "react-router-dom";

import { EmptyState } from "../components/empty-state";
import { SignInPage } from "../features/auth/sign-in-page";
import { HostsPage } from "../features/hosts/hosts-page";
import { RunsPage } from "../features/runs/runs-page";
import { TargetsPage } from "../features/targets/targets-page";
import { Layout } from "./layout";


// The run page carries the chart library; load it when a run is opened. The run form and the
// samples page are only needed by someone about to start a run: load them on the way there.
const RunDetailRoute = lazy(() =>
  import("./routes/run-detail-route").then((m) => ({ default: m.RunDetailRoute })),
);
const NewRunRoute = lazy(() => import("./routes/new-run-route").then((m) => ({ default: m.NewRunRoute })));
const SamplesRoute = lazy(() => import("./routes/samples-route").then((m) => ({ default: m.SamplesRoute })));
const SchedulesRoute = lazy(() => import("./routes/schedules-route").then((m) => ({ default: m.SchedulesRoute })));
const ScheduleDetailRoute = lazy(() =>
  import("./routes/schedule-detail-route").then((m) => ({ default: m.ScheduleDetailRoute })),
);
const AlertsRoute = lazy(() => import("./routes/alerts-route").then((m) => ({ default: m.AlertsRoute })));
const TokensRoute = lazy(() => import("./routes/tokens-route").then((m) => ({ default: m.TokensRoute })));
const StudyRoute = lazy(() => import("./routes/study-route").then((m) => ({ default: m.StudyRoute })));

function NotFound() {
  return (
    <div className="page">
      <EmptyState title="Nothing here">
        That page does not exist. <a href="/runs">Go to runs</a>.
      </EmptyState>
    </div>
  );
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/runs" replace /> },
      { path: "signin", element: <SignInPage /> },
      { path: "runs", element: <RunsPage /> },
      { path: "runs/new", element: <NewRunRoute /> },
      { path: "runs/:runId", element: <RunDetailRoute /> },
      { path: "runs/:runId/study", element: <StudyRoute /> },
      { path: "targets", element: <TargetsPage /> },
      { path: "samples", element: <SamplesRoute /> },
      { path: "hosts", element: <HostsPage /> },
      { path: "schedules", element: <SchedulesRoute /> },
      { path: "schedules/:scheduleId", element: <ScheduleDetailRoute /> },
      { path: "alerts", element: <AlertsRoute /> },
      { path: "tokens", element: <TokensRoute /> },
      { path: "*", element: <NotFound /> },
    ],
  },
]);
