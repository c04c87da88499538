import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { useBarPopover } from "./use-bar-popover.ts";

/**
 * A button of the top bar and the panel it opens: a native popover, so it opens before JavaScript
 * has loaded; Tab walks from the button into the panel, Escape and a click elsewhere close it.
 */
export function BarPopover({
  className,
  buttonClassName,
  label,
  panelClassName,
  children,
}: {
  className?: string;
  buttonClassName: string;
  label: ReactNode;
  panelClassName: string;
  children: ReactNode;
}) {
  const { id, popover } = useBarPopover();
  return (
    <div className={className}>
      <button type="button" popoverTarget={id} className={buttonClassName}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div ref={popover} id={id} popover="auto" className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
