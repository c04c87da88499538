import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import type { Viewer } from "#core/viewer.ts";
import { useT } from "../../locales/i18n.ts";

const loadPanel = () => import("./mobile-menu-panel.tsx");
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

/**
 * The slide-in menu below 768 px: the search, the same links as the bar (the wishlist with its
 * count) and the ten collections. A modal dialog: it takes focus when it opens, holds it, and gives
 * it back when it closes. Its panel's code is fetched when a finger or pointer first comes down on
 * the button, so it is there by the time the tap completes.
 */
export function MobileMenu({ viewer, wishlistCount }: { viewer: Viewer; wishlistCount: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const panelId = useId();
  const location = useLocation();

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpen(false), [location.key]);

  const t = useT();
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        aria-expanded={open}
        aria-controls={wanted ? panelId : undefined}
        onPointerDown={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{t("frame.openMenu")}</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuPanel
            viewer={viewer}
            wishlistCount={wishlistCount}
            panelId={panelId}
            open={open}
            setOpen={setOpen}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
