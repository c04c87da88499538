import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/data-sources";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Data sources", description: "The open data the shop uses, and the credit its licences ask for." });

/** The open data the shop relies on, each with the attribution its licence requires. */
export default function DataSources() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">Data sources</h1>
      <section aria-labelledby="pincodes" className="mt-8 space-y-3 leading-relaxed text-zinc-700 dark:text-zinc-300">
        <h2 id="pincodes" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
          Pincodes
        </h2>
        <p>
          The district, state and map position of each pincode, which fill in your address and tell you when a parcel
          arrives, come from the postal codes of{" "}
          <a className="underline" href="https://www.geonames.org/" rel="noopener noreferrer">
            GeoNames
          </a>
          , used under the{" "}
          <a className="underline" href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
            Creative Commons Attribution 4.0 licence
          </a>
          . We corrected them in one place: the pincodes of Leh and Kargil are listed under Ladakh, the union territory
          they have formed since 31 October 2019 (The Jammu and Kashmir Reorganisation Act, 2019).
        </p>
      </section>
    </div>
  );
}
