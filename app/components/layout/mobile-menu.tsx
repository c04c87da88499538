import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { navLinks, type Viewer } from "../../lib/viewer.ts";
import { Modal } from "../ui/modal.tsx";
import { NavItem } from "./nav-items.tsx";
import { SearchBox } from "./search-box.tsx";

/** The slide-in menu below 768px: the same links as the bar, usable from the keyboard. */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">Open menu</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} label="Menu" placement="left">
        <div id={panelId} className="flex flex-col gap-4 p-5">
          <div className="flex items-center justify-between">
            <Link to="/" className="font-display text-2xl font-semibold text-gold-700 dark:text-gold-400">
              Kesar
            </Link>
            <button
              type="button"
              className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
              onClick={() => setOpen(false)}
            >
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <SearchBox id={`${panelId}-search`} />
          <nav aria-label="Mobile">
            <ul className="flex flex-col">
              <li>
                <NavItem
                  link={{ to: "/", label: "Home" }}
                  className="block w-full py-3 text-left text-base font-medium"
                />
              </li>
              {navLinks(viewer, "mobile").map((link) => (
                <li key={link.label} className="border-t border-zinc-100 dark:border-zinc-800">
                  <NavItem link={link} className="block w-full py-3 text-left text-base font-medium" />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Modal>
    </div>
  );
}
