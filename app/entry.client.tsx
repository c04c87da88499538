import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Hydration starts in a task of its own, after the one that evaluated the page's modules: on a
// phone each is a long task of its own, and together they held the main thread twice as long
// (decision record 18, §22).
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
