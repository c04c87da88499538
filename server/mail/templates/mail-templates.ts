import { Column, Row, render, Section, toPlainText } from "@react-email/components";
import type { ReactNode } from "react";
import { deliveryWindowText } from "#core/dates.ts";
import { formatInr, formatSignedInr } from "#core/money.ts";
import { offerDiscountRows, shippingText } from "#core/offers.ts";
import { pointsToPaise } from "#core/points.ts";
import type { MailMessage } from "../mail.schemas.ts";
import { button, h, INK, letter, MUTED, muted, styles, text } from "./mail-layout.ts";
import { type MailT, mailWords } from "./mail-words.ts";
import { linkOnItsOwnLine, orderStatusMail } from "./order-status-mail.ts";
import { parcelNewsMail } from "./parcel-news-mail.ts";
import { returnStatusMail } from "./return-status-mail.ts";

type Rendered = { html: string; text: string };

/** Rows of label and amount keep a gap between their columns in the plain-text part. */
const COLUMNS_AS_TEXT = {
  selector: "table[data-columns]",
  format: "dataTable",
  options: { colSpacing: 3, uppercaseHeaderCells: false },
};
const COLUMNS_ROW: Record<string, string> = { "data-columns": "" };

/** The message as HTML and as plain text, with its links on the shop's public address. */
export async function renderMail(message: MailMessage, publicUrl: string): Promise<Rendered> {
  const url = (path: string) => `${publicUrl}${path}`;
  const html = await render(bodyOf(message, url));
  return { html, text: toPlainText(html, { selectors: [COLUMNS_AS_TEXT] }) };
}

type Url = (path: string) => string;
type Payload<Kind extends MailMessage["kind"]> = Extract<MailMessage, { kind: Kind }>["payload"];

/** Each kind of message as a letter: a new kind of message adds its template here. */
const TEMPLATES: { [Kind in MailMessage["kind"]]: (payload: Payload<Kind>, url: Url) => ReactNode } = {
  "order-placed": (payload, url) => orderPlaced(payload, url),
  "order-status": (payload, url) => orderStatusMail(payload, url),
  "return-status": (payload, url) => returnStatusMail(payload, url),
  "parcel-news": (payload, url) => parcelNewsMail(payload, url),
  "order-link": ({ orderNumber, orderPath, locale }, url) => {
    const t = mailWords(locale);
    return letter(
      t("link.title", { number: orderNumber }),
      [
        text(t("link.asked", { number: orderNumber })),
        button(t("placed.view"), url(orderPath)),
        muted(t("link.ignore")),
      ],
      locale ?? "en-IN",
    );
  },
  "staff-invitation": ({ invitedBy, role, joinPath, hours }, url) =>
    letter("Join the Kesar shop's staff", [
      text(`${invitedBy} has invited you to help run the Kesar shop, as ${role}.`),
      text("Choose your password to accept: the link signs you in to the shop's admin area."),
      button("Set my password", url(joinPath)),
      muted(`The link works once, for ${hours} hours. If you were not expecting it, you can ignore this e-mail.`),
    ]),
  "password-reset": ({ name, resetPath, minutes, locale }, url) => {
    const t = mailWords(locale);
    return letter(
      t("reset.title"),
      [
        text(t("reset.dear", { name })),
        text(t("reset.asked")),
        button(t("reset.button"), url(resetPath)),
        muted(t("reset.expiry", { minutes })),
      ],
      locale ?? "en-IN",
    );
  },
  "verify-email": ({ name, verifyPath, isNewAddress, locale }, url) => {
    const t = mailWords(locale);
    return letter(
      t("verify.title"),
      [
        text(t("reset.dear", { name })),
        text(t(isNewAddress ? "verify.newAddress" : "verify.welcome")),
        button(t("verify.button"), url(verifyPath)),
        muted(t("verify.expiry")),
      ],
      locale ?? "en-IN",
    );
  },
  "email-change-notice": ({ name, newEmail, locale }) => {
    const t = mailWords(locale);
    return letter(
      t("change.title"),
      [text(t("reset.dear", { name })), text(t("change.changing", { newEmail })), muted(t("change.notYou"))],
      locale ?? "en-IN",
    );
  },
  "review-invitation": ({ name, orderNumber, pieces, unsubscribePath, locale }, url) => {
    const t = mailWords(locale);
    return letter(
      t("review.title"),
      [
        text(t("reset.dear", { name })),
        text(t("review.delivered", { number: orderNumber })),
        ...pieces.flatMap((piece) =>
          linkOnItsOwnLine(t("review.piece", { title: piece.title }), url(piece.reviewPath)),
        ),
        muted(t("review.readFirst")),
        ...linkOnItsOwnLine(t("review.noMore"), url(unsubscribePath)),
      ],
      locale ?? "en-IN",
    );
  },
  "low-stock-digest": ({ sizes, stockPath }, url) =>
    letter("Sizes to order again", [
      text("These sizes fell to their reorder point since the last digest:"),
      ...sizes.map((size) =>
        text(`${size.title}, size ${size.size} (${size.sku}): ${size.stock} left, reorder point ${size.reorderPoint}`),
      ),
      button("See low stock", url(stockPath)),
    ]),
};

function bodyOf(message: MailMessage, url: Url): ReactNode {
  const template = TEMPLATES[message.kind] as (payload: MailMessage["payload"], url: Url) => ReactNode;
  return template(message.payload, url);
}

type OrderPlaced = Payload<"order-placed">;

/** How the order is paid, in a sentence: online, in cash at the door, with store credit, or both. */
function paymentWords(order: OrderPlaced, t: MailT): string {
  const credit = order.storeCredit ?? 0;
  if (credit > 0 && credit === order.total) return t("placed.payment.credit");
  const online = order.paymentMethod === "online";
  if (credit > 0) return t(online ? "placed.payment.creditAndOnline" : "placed.payment.creditAndCod");
  return t(online ? "placed.payment.online" : "placed.payment.cod");
}

/** Store credit paid part of the total, as a payment: what it paid, and what is left (paid online, or due). */
function storeCreditRows(order: OrderPlaced, t: MailT): [string, string][] {
  const credit = order.storeCredit ?? 0;
  if (credit <= 0) return [];
  const left = order.total - credit;
  const label = t(
    order.paymentMethod === "online" ? "placed.paidOnline" : left === 0 ? "placed.leftToPay" : "placed.toPayOnDelivery",
  );
  return [
    [t("placed.paidByCredit"), `−${formatInr(credit)}`],
    [label, formatInr(left)],
  ];
}

function orderPlaced(order: OrderPlaced, url: (path: string) => string): ReactNode {
  const t = mailWords(order.locale);
  const offers = order.offers ?? [];
  const totals: [string, string][] = [
    [t("placed.subtotal"), formatInr(order.subtotal)],
    ...offerDiscountRows(offers).map((row): [string, string] => [row.label, row.value]),
    [t("placed.shipping"), shippingText(order.shipping, offers)],
  ];
  if (order.codFee) totals.push([t("placed.codFee"), formatInr(order.codFee)]);
  if (order.pointsRedeemed > 0)
    totals.push([t("placed.pointsRedeemed"), `−${formatInr(pointsToPaise(order.pointsRedeemed))}`]);
  // The amount to pay is whole rupees; the paise that rounded it are shown, as on the invoice.
  if (order.roundOff) totals.push([t("placed.roundOff"), formatSignedInr(order.roundOff)]);
  totals.push([t("placed.grandTotal"), formatInr(order.total)], ...storeCreditRows(order, t));
  return letter(
    t("placed.title", { number: order.orderNumber }),
    [
      text(t("placed.greeting", { name: order.name })),
      text(`${order.address} ${order.pincode} · ${t("placed.mobile")} ${order.phone}`),
      ...(order.deliveryFrom && order.deliveryUntil
        ? [text(`${deliveryWindowText({ from: order.deliveryFrom, until: order.deliveryUntil }, order.locale)}.`)]
        : []),
      text(paymentWords(order, t)),
      h(
        Section,
        { style: { margin: "16px 0" } },
        ...order.lines.map((line) =>
          h(
            Row,
            { key: `${line.title}-${line.size}`, ...COLUMNS_ROW },
            h(Column, { style: { ...styles.text, margin: 0 } }, `${line.title} · ${line.size} × ${line.quantity}`),
            h(Column, { align: "right", style: { ...styles.text, margin: 0 } }, formatInr(line.lineTotal)),
          ),
        ),
        ...totals.map(([label, value], index) => {
          // A rule above the totals; the grand total, last, stands out.
          const cell = {
            fontSize: index === totals.length - 1 ? "16px" : "14px",
            padding: "4px 0",
            borderTop: index === 0 ? "1px solid #e4e4e7" : undefined,
          };
          return h(
            Row,
            { key: label, ...COLUMNS_ROW },
            h(Column, { style: { ...cell, color: MUTED } }, label),
            h(Column, { align: "right", style: { ...cell, color: INK, fontWeight: 700 } }, value),
          );
        }),
      ),
      order.pointsEarned > 0 ? text(t("placed.pointsEarned", { points: order.pointsEarned })) : null,
      button(t("placed.view"), url(order.orderPath)),
      ...(order.invoicePath ? linkOnItsOwnLine(t("placed.invoice"), url(order.invoicePath)) : []),
      order.isGuest ? muted(t("placed.keep")) : null,
    ],
    order.locale,
  );
}
