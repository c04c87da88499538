import { data } from "react-router";
import { NotFoundScreen } from "../components/not-found-screen.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Kesar" },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
