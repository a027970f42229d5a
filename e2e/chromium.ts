import { existsSync } from "node:fs";

/** Debian's Chromium (no browser download is possible on these machines), or the one CHROMIUM_PATH names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The same Chromium's headless shell (Debian's `chromium-headless-shell`), which Playwright itself runs
 * headless tests in: the same engine without the browser around it, so the journeys take a third less
 * time on two cores. CHROMIUM_HEADLESS_SHELL_PATH names another; without one, the full browser.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM_PATH);

/** Flags for a headless Chromium here: without the background-networking ones it keeps dialling out on this closed network. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
