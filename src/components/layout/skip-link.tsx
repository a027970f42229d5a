import type { MouseEvent } from "react";

import { m } from "../../paraglide/messages.js";

/** Moves focus to the page's main content: as a link would, without changing the address (the router's). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main") ?? document.querySelector("main");
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}

/**
 * "Skip to content": the first thing Tab reaches on every page, hidden until focused, leading past the
 * header to `<main id="main">`. index.html's header shell has the same link (server/http/spa-page.ts
 * writes its text in the reader's language).
 */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link" onClick={skipToMain} data-testid="skip-link">
      {m.skip_to_content()}
    </a>
  );
}
