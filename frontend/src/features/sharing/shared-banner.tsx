import { Link } from "react-router-dom";

/** Shown instead of the navigation to someone who opened a read-only share link. */
export function SharedBanner({ runId }: { runId: number }) {
  return (
    <header className="shared-banner" data-testid="shared-banner">
      <strong>BlobBench</strong>
      <span>
        A read-only view of <Link to={`/runs/${runId}`}>run #{runId}</Link>, shared by link.
      </span>
      <Link to="/signin" className="button button-small button-quiet">
        Sign in
      </Link>
    </header>
  );
}
