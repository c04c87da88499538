import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestContext } from "#server/http/route-context.ts";
import { scriptsAfterFirstPaint } from "./.server/scripts-after-first-paint.ts";
import "./locales/catalogues.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The page's inline scripts carry the nonce that the Content-Security-Policy header allows.
  const { nonce, log: requestLog } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let pageSent = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every page goes out whole, in document order. The loaders hand over no promises, so
        // nothing is worth sending early; sent at the shell, the page's data came as hidden
        // parts that the browser moved into place after the first paint, a task of style and
        // layout on a phone's main thread (decision record 18, §22).
        onAllReady() {
          pageSent = true;
          const body = scriptsAfterFirstPaint(nonce);
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (pageSent) requestLog.error({ err: error }, "the page failed while streaming");
        },
      },
    );
  });
}

/**
 * Unexpected errors in loaders, actions and rendering are logged through the request's own logger
 * (with its request id, at LOG_LEVEL); the shopper sees a safe message. The address is not written
 * here: it may hold a secret, and the request's own log line, with the same id, names the route
 * with its secrets redacted.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(requestContext).log.error({ err: error, method: request.method }, "unexpected error in a page");
};
