import { matchRoutes, type RouteObject } from "react-router";

/** A page route as the server build lists it. */
type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

export type PageMatch = {
  /** The route's pattern, `/reset-password/:code`: what metrics are labelled with. */
  pattern: string;
  params: Readonly<Record<string, string | undefined>>;
  /** Whether the address holds a secret (a reset or confirmation code, a guest order's token). */
  secret: boolean;
};

/**
 * The route parameters that are secrets: whoever reads them can reset a password, confirm an
 * address or open a guest's order. The route table names them; nothing is guessed from the value.
 */
const SECRET_PARAMS: ReadonlySet<string> = new Set(["code", "token"]);
/** Query values that are never written down, whichever page they come with. */
const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set(["code", "token", "key", "secret", "password"]);
export const REDACTED = "[redacted]";
/** How many paths' matches a worker keeps (a few hundred kilobytes at most). */
const MATCHES_KEPT = 5_000;

/**
 * The pages' route patterns, read from the server build, so that logs and metrics name a request
 * by the route React Router serves it with, however its path is spelled.
 */
export class RoutePatterns {
  #source: unknown = null;
  #tree: RouteObject[] = [];
  /**
   * Matches by path: React Router flattens and ranks the whole route table on every matchRoutes
   * call, which cost a tenth of a worker's CPU under a sale-day load (each request's log line and
   * metrics ask). A shop's paths repeat; invented ones only fill the map, which is emptied when full.
   */
  #matched = new Map<string, PageMatch | null>();

  /** Takes the routes of a (new) build; the same build is read once. */
  use(routes: Readonly<Record<string, BuiltRoute | undefined>>): void {
    if (routes === this.#source) return;
    this.#source = routes;
    this.#matched.clear();
    this.#tree = treeOf(Object.values(routes).filter((route): route is BuiltRoute => route !== undefined));
  }

  /** The page route a path is served by, or null when it is served by none but the catch-all. */
  match(url: string): PageMatch | null {
    const path = pathOf(url);
    const known = this.#matched.get(path);
    if (known !== undefined) return known;
    if (this.#matched.size >= MATCHES_KEPT) this.#matched.clear();
    const found = this.#matchAnew(path);
    this.#matched.set(path, found);
    return found;
  }

  #matchAnew(path: string): PageMatch | null {
    const matches = matchRoutes(this.#tree, path);
    const last = matches?.at(-1);
    if (!matches || !last || last.route.path === "*") return null;
    const pattern = `/${matches
      .map((match) => match.route.path ?? "")
      .filter(Boolean)
      .join("/")}`;
    const secret = pattern.split("/").some((segment) => SECRET_PARAMS.has(segment.slice(1)));
    return { pattern, params: Object.freeze({ ...last.params }), secret };
  }
}

/**
 * An address as it may be written to a log: a page's secret parameters and any secret query value
 * replaced by `[redacted]`. A page's path is rebuilt from its pattern, so no spelling of the path
 * lets a secret through.
 */
export function redactedUrl(url: string, match: PageMatch | null): string {
  const [rawPath = "", rawQuery] = splitQuery(url);
  const path = match
    ? match.pattern
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment;
          const name = segment.slice(1);
          return SECRET_PARAMS.has(name) ? REDACTED : encodeURIComponent(match.params[name] ?? "");
        })
        .join("/")
    : rawPath;
  return rawQuery === undefined ? path : `${path}?${redactedQuery(rawQuery)}`;
}

function redactedQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const name = safeDecode(pair.split("=")[0] ?? "").toLowerCase();
      return SECRET_QUERY_NAMES.has(name) ? `${pair.split("=")[0]}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * The path as React Router matches it: repeated slashes count as one, and a page's data is asked
 * for at `{path}.data` (or `/_.data` for the root). Decoding is left to the matcher, as React Router
 * leaves it.
 */
function pathOf(url: string): string {
  const path = (splitQuery(url)[0] ?? "/").replace(/\/{2,}/g, "/");
  const page = path.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  return page === "" ? "/" : page;
}

function splitQuery(url: string): [string, string | undefined] {
  const at = url.search(/[?#]/);
  if (at < 0) return [url, undefined];
  return [url.slice(0, at), url[at] === "?" ? url.slice(at + 1).split("#")[0] : undefined];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function treeOf(routes: BuiltRoute[], parentId?: string): RouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = treeOf(routes, route.id);
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...base, index: true as const } : { ...base, children };
    });
}
