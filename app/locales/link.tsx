import { type ComponentProps, forwardRef } from "react";
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, type To } from "react-router";
import { useLocalePath } from "./i18n.ts";

/*
 * The router's Link, NavLink and Form, with a shop path put into the page's language: a link to
 * "/cart" on a Hindi page leads to "/hi/cart". Addresses elsewhere and non-string targets are kept.
 */

function useLocalTo(): (to: To) => To {
  const localize = useLocalePath();
  return (to) => (typeof to === "string" ? localize(to) : to);
}

export const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterLink>>(function Link(props, ref) {
  const localTo = useLocalTo();
  return <RouterLink ref={ref} {...props} to={localTo(props.to)} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterNavLink>>(
  function NavLink(props, ref) {
    const localTo = useLocalTo();
    return <RouterNavLink ref={ref} {...props} to={localTo(props.to)} />;
  },
);

export const Form = forwardRef<HTMLFormElement, ComponentProps<typeof RouterForm>>(function Form(props, ref) {
  const localize = useLocalePath();
  return <RouterForm ref={ref} {...props} action={props.action === undefined ? undefined : localize(props.action)} />;
});
