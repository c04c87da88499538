import { isRouteErrorResponse } from "react-router";
import { NotFoundScreen } from "./not-found-screen.tsx";
import { ServerError } from "./server-error.tsx";

/** What a page that failed shows: Not found for a 404, the refusal's own message below 500, else a safe apology. */
export function ErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" && error.status < 500
      ? error.data.message
      : null;
  return <ServerError message={message} />;
}
