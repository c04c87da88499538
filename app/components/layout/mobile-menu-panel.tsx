import { X } from "lucide-react";
import { navLinks, type Viewer } from "#core/viewer.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { Modal } from "../ui/modal.tsx";
import { CollectionLinks } from "./collection-name.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { NavItem } from "./nav-items.tsx";
import { SearchBox } from "./search-box.tsx";

const ROW = "block w-full py-2.5 text-left text-base font-medium";

type PanelProps = {
  viewer: Viewer;
  wishlistCount: number;
  panelId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
};

/** The menu's panel: loaded the first time the menu opens, so a first visit goes without it. */
export function MobileMenuPanel({ viewer, wishlistCount, panelId, open, setOpen }: PanelProps) {
  const t = useT();
  return (
    <Modal open={open} onClose={() => setOpen(false)} label={t("frame.menu")} placement="left">
      <div id={panelId} className="flex flex-col gap-4 p-5">
        <div className="flex items-center justify-between">
          <Link to="/" className="font-display text-2xl font-semibold text-gold-700 dark:text-gold-400">
            Kesar
          </Link>
          <LanguageSwitch className="ml-auto px-2 py-2 text-base font-medium underline underline-offset-4" />
          <CloseButton label={t("frame.closeMenu")} onClose={() => setOpen(false)} />
        </div>
        <SearchBox id={`${panelId}-search`} />
        <nav aria-label={t("frame.site")}>
          <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
            <li>
              <NavItem link={{ to: "/", label: "Home" }} className={ROW} />
            </li>
            {navLinks(viewer, "mobile").map((link) => (
              <li key={link.label}>
                <NavItem
                  link={link}
                  className={ROW}
                  badge={link.label === "Wishlist" && wishlistCount > 0 ? String(wishlistCount) : undefined}
                />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby={`${panelId}-collections`}>
          <h2
            id={`${panelId}-collections`}
            className="text-xs font-semibold tracking-widest text-zinc-600 uppercase dark:text-zinc-400"
          >
            {t("frame.collections")}
          </h2>
          <CollectionLinks
            listClassName="mt-1 grid grid-cols-2 gap-x-4"
            linkClassName="block py-2 text-sm hover:text-gold-700 dark:hover:text-gold-300"
          />
        </nav>
      </div>
    </Modal>
  );
}

/** The panel's ×: closes it (on an HTML-first page the menu island reads `data-menu-close`). */
function CloseButton({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <button
      type="button"
      className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
      onClick={onClose}
      data-menu-close
    >
      <X aria-hidden="true" className="size-6" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
