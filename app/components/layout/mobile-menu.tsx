import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { navLinks, type Viewer } from "../../lib/viewer.ts";
import { NavItem } from "./nav-items.tsx";
import { SearchBox } from "./search-box.tsx";

/** The slide-in menu below 768px: the same links as the bar, usable from the keyboard. */
export function MobileMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a, button, input")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        opener.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={opener}
        type="button"
        className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">Open menu</span>
      </button>
      <div
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
        aria-hidden="true"
        onClick={() => setOpen(false)}
      />
      <div
        ref={panel}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl transition-all dark:bg-zinc-900 ${open ? "visible translate-x-0" : "invisible -translate-x-full"}`}
      >
        <div className="flex items-center justify-between">
          <Link to="/" className="font-display text-2xl font-semibold text-gold-700 dark:text-gold-400">
            Kesar
          </Link>
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => {
              setOpen(false);
              opener.current?.focus();
            }}
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
    </div>
  );
}
