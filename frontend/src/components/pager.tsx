import { useEffect, useState } from "react";

/** A page of `rows` and the controls to move between pages; back to page 1 when rows change. */
export function usePage<T>(rows: readonly T[], pageSize: number) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  useEffect(() => setPage(0), [rows]);
  const current = Math.min(page, pages - 1);
  return {
    rows: rows.slice(current * pageSize, (current + 1) * pageSize),
    page: current,
    pages,
    setPage,
    first: rows.length ? current * pageSize + 1 : 0,
    last: Math.min(rows.length, (current + 1) * pageSize),
    total: rows.length,
  };
}

/** "Rows 101–200 of 4,200  ‹ Previous  Next ›" — shown only when there is more than one page. */
export function Pager({
  page,
  pages,
  setPage,
  first,
  last,
  total,
  testId = "pager",
}: {
  page: number;
  pages: number;
  setPage: (page: number) => void;
  first: number;
  last: number;
  total: number;
  testId?: string;
}) {
  if (pages <= 1) return null;
  return (
    <div className="pager" data-testid={testId} data-page={page + 1} data-pages={pages}>
      <span className="muted small">
        Rows {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()}
      </span>
      <button type="button" className="button button-small" disabled={page === 0} onClick={() => setPage(page - 1)} data-testid={`${testId}-prev`}>
        ‹ Previous
      </button>
      <span className="small">
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={page >= pages - 1}
        onClick={() => setPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        Next ›
      </button>
    </div>
  );
}
