import { ArrowRight } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../../locales/i18n.ts";

/**
 * A table (or anything wide) that may scroll sideways on a narrow screen, and shows that it does:
 * a shade on each edge that has more beyond it, and a line saying so under it while anything is
 * hidden. The keyboard can reach and scroll it too (a focusable, named region).
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  const box = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, []);
  const shade = "pointer-events-none absolute inset-y-0 w-8 from-zinc-950/20 to-transparent dark:from-white/20";
  const hint = (
    <p className="mt-1 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="side-scroll-hint">
      {t("acct.scrollSideways")}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </p>
  );
  return (
    // On an HTML-first page the side-scroll island (app/islands/side-scroll.island.ts) does the same.
    <div data-island="side-scroll">
      <div className="relative">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard. */}
        <section ref={box} className="overflow-x-auto" tabIndex={0} aria-label={label}>
          {children}
        </section>
        <div
          aria-hidden="true"
          data-shade="left"
          className={`${shade} left-0 bg-gradient-to-r ${more.left ? "" : "hidden"}`}
        />
        <div
          aria-hidden="true"
          data-shade="right"
          className={`${shade} right-0 bg-gradient-to-l ${more.right ? "" : "hidden"}`}
        />
      </div>
      {more.left || more.right ? hint : <template data-side-scroll-hint>{hint}</template>}
    </div>
  );
}
