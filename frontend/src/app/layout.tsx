import { Suspense } from "react";
import { NavLink, Outlet, useLocation } from "react-router-dom";

import { Loading } from "../components/loading";
import { AlertsBadge } from "../features/alerts/alerts-badge";
import { SessionStatus } from "../features/auth/session-status";
import { useUnauthorizedRedirect } from "../features/auth/use-unauthorized-redirect";
import { SharedBanner } from "../features/sharing/shared-banner";
import { useSharedRun } from "../features/sharing/use-shared-run";

const NAV = [
  { to: "/runs", label: "Runs", end: true },
  { to: "/runs/new", label: "New run", end: true },
  { to: "/targets", label: "Targets", end: false },
  { to: "/samples", label: "Samples", end: false },
  { to: "/hosts", label: "Hosts", end: false },
  { to: "/schedules", label: "Schedules", end: false },
  { to: "/alerts", label: "Alerts", end: false },
  { to: "/tokens", label: "Tokens", end: false },
];

/** `?embed=1`: a chart for an iframe — no sidebar, no banner, only the page (which draws only its chart). */
function isEmbed(search: string): boolean {
  const value = new URLSearchParams(search).get("embed");
  return value === "1" || value === "true";
}

export function Layout() {
  useUnauthorizedRedirect();
  const shared = useSharedRun();
  const embed = isEmbed(useLocation().search);
  if (embed) {
    return (
      <div className="shell shell-embed" data-testid="shell-embed">
        <main className="content">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    );
  }
  if (shared.runId !== null) {
    // Opened from a read-only share link: no navigation, only the shared run.
    return (
      <div className="shell shell-shared">
        <SharedBanner runId={shared.runId} />
        <main className="content">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    );
  }
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Main">
        <NavLink to="/runs" className="brand">
          <svg width="22" height="22" viewBox="0 0 32 32" aria-hidden>
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M7 22h4V14H7zm7 0h4V9h-4zm7 0h4V17h-4z" fill="#fff" />
          </svg>
          BlobBench
        </NavLink>
        <ul className="nav">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}>
                {item.label}
                {item.to === "/alerts" ? <AlertsBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <SessionStatus />
        </div>
      </nav>
      <main className="content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
