import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";

import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { LinkButton } from "../ui/link-button.tsx";

/** The 404 page; the missing path goes to the console for whoever debugs a broken link. */
export function NotFound() {
  const location = useLocation();
  usePageTitle(m.not_found_title());
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">{m.not_found_code()}</p>
      <h1 className="text-2xl font-semibold">{m.not_found_title()}</h1>
      <LinkButton to="/">{m.not_found_home()}</LinkButton>
    </main>
  );
}
