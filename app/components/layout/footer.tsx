import { Link } from "react-router";
import { COLLECTIONS, collectionLinkName } from "#core/collections.ts";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "./social-icons.tsx";

/**
 * The footer's SHOP list and where each entry leads. The collections have a list of their own,
 * all ten under the names their pages carry.
 */
export const FOOTER_SHOP_LINKS = [
  { label: "New Arrivals", to: "/allproducts?sort=new" },
  { label: "Best Selling", to: "/allproducts?sort=popular" },
  { label: "Tops", to: "/allproducts?q=top" },
  { label: "T-Shirts", to: "/allproducts?q=t-shirt" },
  { label: "Trousers", to: "/allproducts?q=trouser" },
] as const;

const FOOTER_LINK = "text-zinc-600 hover:text-gold-700 dark:text-zinc-400 dark:hover:text-gold-300";

const SOCIAL = [
  { label: "Kesar on Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { label: "Kesar on Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { label: "Kesar on YouTube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
] as const;

export function Footer() {
  return (
    <footer className="later border-t [contain-intrinsic-size:auto_600px] border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <AboutAndSocial />
        <FooterLinks id="footer-shop" title="SHOP" listClassName="mt-3 space-y-2" links={FOOTER_SHOP_LINKS} />
        <FooterLinks
          id="footer-collections"
          title="COLLECTIONS"
          listClassName="mt-3 grid grid-cols-2 gap-x-4 gap-y-2"
          links={COLLECTIONS.map((collection) => ({
            label: collectionLinkName(collection),
            to: `/${collection.slug}`,
          }))}
        />
        <StudioAddress />
      </div>
      <p className="border-t border-zinc-200 px-4 py-4 text-center text-xs text-zinc-600 dark:text-zinc-400 dark:border-zinc-800">
        © Kesar Fashion, Mumbai. Prices in Indian rupees, inclusive of taxes.{" "}
        <Link to="/data-sources" className="underline hover:text-gold-700 dark:hover:text-gold-300">
          Data sources
        </Link>
      </p>
    </footer>
  );
}

/** A group of the footer's links, named by its heading. */
function FooterLinks({
  id,
  title,
  listClassName,
  links,
}: {
  id: string;
  title: string;
  listClassName: string;
  links: readonly { label: string; to: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold tracking-widest">
        {title}
      </h2>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={FOOTER_LINK}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the shop sells, in a line, and where to follow it. */
function AboutAndSocial() {
  return (
    <div>
      <p className="font-display text-2xl font-semibold text-gold-700 dark:text-gold-400">Kesar</p>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Pakistani suits, anarkalis, everyday kurtas, Korean trends and the accessories to go with them.
      </p>
      <h2 className="mt-6 font-semibold tracking-widest">FOLLOW US</h2>
      <ul className="mt-3 flex gap-3">
        {SOCIAL.map(({ label, href, Icon }) => (
          <li key={label}>
            <a
              href={href}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={label}
              className="flex size-10 items-center justify-center rounded-full border border-zinc-300 hover:border-gold-400 hover:text-gold-700 dark:border-zinc-700"
            >
              <Icon className="size-5" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The studio's address, for a visit. */
function StudioAddress() {
  return (
    <div>
      <h2 className="font-semibold tracking-widest">VISIT US</h2>
      <address className="mt-3 not-italic leading-relaxed text-zinc-600 dark:text-zinc-400">
        Kesar Studio
        <br />
        Shop 4, Sea Breeze Arcade, 27 Hill Road
        <br />
        Bandra West, Mumbai 400050
        <br />
        Maharashtra, India
      </address>
    </div>
  );
}
