import type { FastifyInstance, FastifyReply } from "fastify";
import { holdsCookie, PERSONAL_COOKIES, VISITOR_MARK } from "#core/visitor-mark.ts";

const YEAR = 60 * 60 * 24 * 365;

/**
 * Puts the visitor mark (core/visitor-mark.ts) on every page's answer to a browser that has a
 * personal cookie, whether it sent one or is given one now, and has no mark yet. Browsers whose
 * cookies came before the mark existed get it on their next page, shared or not.
 */
export function registerVisitorMark(pages: FastifyInstance): void {
  pages.addHook("onSend", async (request, reply, payload) => {
    const sent = request.headers.cookie ?? "";
    if (holdsCookie(sent, VISITOR_MARK)) return payload;
    const given = setCookies(reply).map((header) => header.split(";", 1)[0] ?? "");
    const personal = PERSONAL_COOKIES.some(
      (name) =>
        holdsCookie(sent, name) || given.some((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1),
    );
    if (personal) {
      const secure = request.protocol === "https" ? "; Secure" : "";
      reply.header("set-cookie", [
        ...setCookies(reply),
        `${VISITOR_MARK}=1; Max-Age=${YEAR}; Path=/; SameSite=Lax${secure}`,
      ]);
    }
    return payload;
  });
}

function setCookies(reply: FastifyReply): string[] {
  const value = reply.getHeader("set-cookie");
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
}
