import type { ReactNode } from "react";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

export function Badge({
  tone = "neutral",
  children,
  testId,
  title,
}: {
  tone?: Tone;
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  return (
    <span className={`badge badge-${tone}`} data-testid={testId} title={title}>
      {children}
    </span>
  );
}
