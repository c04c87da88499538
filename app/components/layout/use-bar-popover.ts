import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A native popover of the top bar (it opens before JavaScript has loaded; Escape and a click
 * elsewhere close it): its id for the button's `popoverTarget`, and a ref for the panel, which is
 * also closed on every navigation, since the page under it has changed.
 */
export function useBarPopover() {
  const id = useId();
  const popover = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => {
    if (popover.current?.matches(":popover-open")) popover.current.hidePopover();
  }, [location.key]);
  return { id, popover };
}
