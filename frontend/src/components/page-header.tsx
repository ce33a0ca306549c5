import type { ReactNode } from "react";

export function PageHeader({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header-main">
        <h1>{title}</h1>
        {actions ? <div className="page-header-actions">{actions}</div> : null}
      </div>
      {children ? <div className="page-header-sub">{children}</div> : null}
    </header>
  );
}
