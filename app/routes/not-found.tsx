import { data } from "react-router";
import { localeOfPath } from "#core/locales.ts";
import { NotFoundScreen } from "../components/not-found-screen.tsx";
import { translator } from "../locales/i18n.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translator(localeOfPath(location.pathname))("notFound.metaTitle") },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
