import type { FastifyInstance, FastifyReply } from "fastify";
import { holdsCookie } from "#core/cookie-header.ts";
import { VISITOR_MARK } from "#core/visitor-mark.ts";
import { PERSONAL_COOKIES, visitorMarkCookie } from "./cookies.ts";

/**
 * Puts the visitor mark (core/visitor-mark.ts) on every page's answer to a browser that has a
 * personal cookie, whether it sent one or is given one now, and has no mark yet. Browsers whose
 * cookies came before the mark existed get it on their next page, shared or not.
 */
export function registerVisitorMark(pages: FastifyInstance): void {
  pages.addHook("onSend", async (request, reply, payload) => {
    const sent = request.headers.cookie ?? "";
    if (holdsCookie(sent, VISITOR_MARK)) return payload;
    // The cookies the browser sent and those it is given now; one given with no value is being
    // cleared, not one the visitor now has.
    const given = setCookiesOf(reply)
      .map((header) => header.split(";", 1)[0] ?? "")
      .filter((pair) => !pair.endsWith("="));
    const held = [sent, ...given].join(";");
    const personal = PERSONAL_COOKIES.some((name) => holdsCookie(held, name));
    // Fastify adds a Set-Cookie to those already on the reply rather than replacing them.
    if (personal) reply.header("set-cookie", visitorMarkCookie(request.protocol === "https"));
    return payload;
  });
}

function setCookiesOf(reply: FastifyReply): string[] {
  const value = reply.getHeader("set-cookie");
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
}
