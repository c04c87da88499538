import { Fragment, type ReactNode } from "react";

/**
 * A message whose placeholders are elements (a link, a bold figure) rather than words: each
 * language puts them where its sentence needs them ("{email} का अकाउंट…", "Deleting the account of
 * {email}…"). A placeholder with no element stays as written.
 */
export function fillInNodes(message: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  return message.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    // The parts of one fixed message keep their order, so their index is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    return <Fragment key={index}>{name !== undefined && name in nodes ? nodes[name] : part}</Fragment>;
  });
}
