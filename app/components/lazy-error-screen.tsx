import { lazy, Suspense } from "react";

// Loaded only when a page fails: a page that works never needs it.
const ErrorScreen = lazy(() => import("./error-screen.tsx").then((module) => ({ default: module.ErrorScreen })));

/** The error screen, fetched when it is first needed. */
export function LazyErrorScreen({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen error={error} />
    </Suspense>
  );
}
