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
export function MobileMenu({
  viewer,
  wishlistCount,
  htmlFirst,
}: {
  viewer: Viewer;
  wishlistCount: number;
  htmlFirst: boolean;
}) {
  return htmlFirst ? (
    <StaticMobileMenu viewer={viewer} wishlistCount={wishlistCount} />
  ) : (
    <LiveMobileMenu viewer={viewer} wishlistCount={wishlistCount} />
  );
}

/** The menu on an HTML-first page: its panel is in the page, closed, and the menu island opens it. */
function StaticMobileMenu({ viewer, wishlistCount }: { viewer: Viewer; wishlistCount: number }) {
  const t = useT();
  return (
    <div className="md:hidden" data-island="mobile-menu">
      <MenuButton expanded={false} controls={STATIC_PANEL_ID} label={t("frame.openMenu")} />
      {/* The shopper's own links: swapped for theirs with the bar's (/frame/parts). */}
      {/* No boundary of its own: the page waits for the panel's module on the server, rather than
          streaming it in later with a script of React's. */}
      <div data-personal="menu">
        <MobileMenuPanel
          viewer={viewer}
          wishlistCount={wishlistCount}
          panelId={STATIC_PANEL_ID}
          open={false}
          setOpen={() => {}}
        />
      </div>
    </div>
  );
}

const STATIC_PANEL_ID = "phone-menu";

function MenuButton(props: {
  expanded: boolean;
  controls: string | undefined;
  label: string;
  onPointerDown?: () => void;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      aria-expanded={props.expanded}
      aria-controls={props.controls}
      onPointerDown={props.onPointerDown}
      onClick={props.onClick}
    >
      <Menu aria-hidden="true" className="size-6" />
      <span className="sr-only">{props.label}</span>
    </button>
  );
}

function LiveMobileMenu({ viewer, wishlistCount }: { viewer: Viewer; wishlistCount: number }) {
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
      <MenuButton
        expanded={open}
        controls={wanted ? panelId : undefined}
        label={t("frame.openMenu")}
        onPointerDown={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
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
