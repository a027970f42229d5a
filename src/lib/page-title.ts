import { useEffect } from "react";

import { m } from "../paraglide/messages.js";

/** The tab's title for a page: "Its title · Daywork", or the site's name alone. */
export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${m.app_name()}` : m.app_name();
}

/**
 * Names the browser tab after the page while it shows (docs/product.md, Shareable pages). Every route's
 * page, and every page-sized notice (not found, refused, failed), calls it; the server writes the same
 * title into the HTML of job and profile pages for shared links.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
