export function Loading({ what = "Loading" }: { what?: string }) {
  return (
    <p className="loading" aria-live="polite">
      {what}…
    </p>
  );
}
