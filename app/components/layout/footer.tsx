import { COLLECTIONS } from "#core/collections.ts";
import { collectionLinkText } from "../../locales/collection-names.ts";
import { type MessageId, type Translate, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "./social-icons.tsx";

/**
 * The footer's SHOP list and where each entry leads. The collections have a list of their own,
 * all ten under the names their pages carry.
 */
export const FOOTER_SHOP_LINKS: readonly { label: MessageId; to: string }[] = [
  { label: "footer.newArrivals", to: "/allproducts?sort=new" },
  { label: "footer.bestSelling", to: "/allproducts?sort=popular" },
  { label: "footer.tops", to: "/allproducts?q=top" },
  { label: "footer.tshirts", to: "/allproducts?q=t-shirt" },
  { label: "footer.trousers", to: "/allproducts?q=trouser" },
];

const FOOTER_LINK = "text-zinc-600 hover:text-gold-700 dark:text-zinc-400 dark:hover:text-gold-300";

const SOCIAL = [
  { label: "footer.onInstagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { label: "footer.onFacebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { label: "footer.onYoutube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
] as const;

/** `later`: laid out only when near the screen (see the utility), unless the page is short. */
export function Footer({ later = true }: { later?: boolean }) {
  const t = useT();
  return (
    <footer
      className={`${later ? "later [contain-intrinsic-size:auto_600px]" : ""} border-t border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900`}
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <AboutAndSocial t={t} />
        <FooterLinks
          id="footer-shop"
          title={t("footer.shop")}
          listClassName="mt-3 space-y-2"
          links={FOOTER_SHOP_LINKS.map((link) => ({ label: t(link.label), to: link.to }))}
        />
        <FooterLinks
          id="footer-collections"
          title={t("footer.collections")}
          listClassName="mt-3 grid grid-cols-2 gap-x-4 gap-y-2"
          links={COLLECTIONS.map((collection) => ({
            label: collectionLinkText(t, collection),
            to: `/${collection.slug}`,
          }))}
        />
        <StudioAddress t={t} />
      </div>
      <p className="border-t border-zinc-200 px-4 py-4 text-center text-xs text-zinc-600 dark:text-zinc-400 dark:border-zinc-800">
        {t("footer.rights")}{" "}
        <Link to="/data-sources" className="underline hover:text-gold-700 dark:hover:text-gold-300">
          {t("footer.dataSources")}
        </Link>{" "}
        · {t("frame.language")}: <LanguageSwitch className="underline hover:text-gold-700 dark:hover:text-gold-300" />
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
          <li key={link.to}>
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
function AboutAndSocial({ t }: { t: Translate }) {
  return (
    <div>
      <p className="font-display text-2xl font-semibold text-gold-700 dark:text-gold-400">Kesar</p>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("footer.about")}</p>
      <h2 className="mt-6 font-semibold tracking-widest">{t("footer.followUs")}</h2>
      <ul className="mt-3 flex gap-3">
        {SOCIAL.map(({ label, href, Icon }) => (
          <li key={label}>
            <a
              href={href}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={t(label)}
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

/** The studio's address, for a visit: its lines are one message, split at "|". */
function StudioAddress({ t }: { t: Translate }) {
  const lines = t("footer.address").split("|");
  return (
    <div>
      <h2 className="font-semibold tracking-widest">{t("footer.visitUs")}</h2>
      <address className="mt-3 not-italic leading-relaxed text-zinc-600 dark:text-zinc-400">
        {lines.map((line, index) => (
          <span key={line}>
            {index > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}
