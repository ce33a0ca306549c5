import { Suspense } from "react";
import { NavLink, Outlet } from "react-router-dom";

import { Loading } from "../components/loading";
import { SessionStatus } from "../features/auth/session-status";

const NAV = [
  { to: "/runs", label: "Runs", end: true },
  { to: "/runs/new", label: "New run", end: true },
  { to: "/targets", label: "Targets", end: false },
  { to: "/samples", label: "Samples", end: false },
  { to: "/hosts", label: "Hosts", end: false },
];

export function Layout() {
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
