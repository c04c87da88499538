import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { type ComponentType, createElement, type ReactNode } from "react";
import { isLocale } from "#core/locales.ts";
import { mailWords } from "./mail-words.ts";

/*
 * The shop's look in an e-mail: a black band with the gold name, then the message on white. Plain
 * `createElement` rather than JSX: server code runs as TypeScript without a build step.
 */

/**
 * createElement with the children as arguments, for components whose props type insists on a
 * `children` prop (React passes the arguments as that prop).
 */
export function h<P extends object>(
  type: ComponentType<P> | string,
  props: Omit<P, "children"> | null,
  ...children: ReactNode[]
): ReactNode {
  return createElement(type as ComponentType<Omit<P, "children">>, props, ...children);
}

export const GOLD = "#d4af37";
export const INK = "#18181b";
export const MUTED = "#52525b";

export const styles = {
  heading: { color: INK, fontSize: "22px", fontWeight: 700, margin: "0 0 12px" },
  text: { color: INK, fontSize: "15px", lineHeight: "24px", margin: "0 0 12px" },
  muted: { color: MUTED, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  button: {
    backgroundColor: GOLD,
    borderRadius: "6px",
    color: "#09090b",
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
} as const;

export function MailLayout({ preview, lang, children }: { preview: string; lang: string; children: ReactNode }) {
  return h(
    Html,
    { lang },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      {
        style: { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" },
      },
      h(
        Container,
        { style: { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", overflow: "hidden" } },
        h(
          Section,
          { style: { backgroundColor: "#000000", padding: "18px 28px" } },
          h(
            Text,
            { style: { color: GOLD, fontFamily: "Georgia, serif", fontSize: "26px", fontWeight: 700, margin: 0 } },
            "Kesar",
          ),
        ),
        h(Section, { style: { padding: "28px" } }, children),
        h(Hr, { style: { borderColor: "#e4e4e7", margin: 0 } }),
        h(
          Section,
          { style: { padding: "16px 28px" } },
          h(Text, { style: styles.muted }, mailWords(isLocale(lang) ? lang : undefined)("layout.footer")),
        ),
      ),
    ),
  );
}

/** A message: its heading and parts, in its language (English unless said). */
export function letter(title: string, parts: ReactNode[], lang = "en-IN"): ReactNode {
  return h(MailLayout, { preview: title, lang }, h(Heading, { as: "h1", style: styles.heading }, title), ...parts);
}

export function text(content: string): ReactNode {
  return h(Text, { style: styles.text }, content);
}

export function muted(content: string): ReactNode {
  return h(Text, { style: styles.muted }, content);
}

export function button(label: string, href: string): ReactNode {
  return h(Section, { style: { margin: "20px 0" } }, h(Button, { href, style: styles.button }, label));
}
