import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { SERVER_RENDERED_SCREEN } from "../domain/first-screen.ts";
import { isRefusal } from "./lib/errors.ts";
import { hydrateFirstScreen } from "./lib/first-screen.ts";
import { nextTask, payFirstUseCosts } from "./lib/first-use.ts";
import { loadMessages, loadRestOfMessages } from "./lib/locale-messages.ts";
import { applyDocumentLanguage } from "./lib/locale.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { getLocale, overwriteGetLocale } from "./paraglide/runtime.js";
import { createAppRouter } from "./router.tsx";

import "./styles.css";

import { queryClient } from "./trpc.ts";

/** The pages a first visit lands on, whose messages are all in the first part of the language. */
const LANDING_PAGE = /^\/(?:jobs\/[^/]+\/?)?$/;

// The app's modules were run in the task that loaded them (the libraries, the router's routes); the
// router is made in the next and the start below in the one after, so that none of them is long enough
// to keep a tap waiting on a slow phone.
await nextTask();
const router = createAppRouter();
await nextTask();

// The language holds for the page's life (switching it reloads the page): found once here, not by
// paraglide's strategies (storage, cookie, browser) for every message drawn.
const language = getLocale();
overwriteGetLocale(() => language);
applyDocumentLanguage();
hydrateFirstScreen(queryClient, language);
const messages = loadMessages(language);
// A page other than home and a job page (whose messages are in the first part, decision 052) shows more
// than the first screen's messages: the rest comes alongside.
if (import.meta.env.PROD && !LANDING_PAGE.test(location.pathname)) loadRestOfMessages().catch(() => undefined);
// Routes and data load before React renders, so the first screen is one render in a transition, not one
// long blocking task (decision 024); after a second the pending state shows, unless the server rendered it (037).
const firstLoad = router.load().catch(() => undefined);
const serverRendered = document.querySelector(SERVER_RENDERED_SCREEN) !== null;
const aSecond = new Promise((resolve) => setTimeout(resolve, 1000));
await Promise.all([messages, payFirstUseCosts(language), serverRendered ? firstLoad : Promise.race([firstLoad, aSecond])]);

const root = document.getElementById("root");
if (root) {
  const reactRoot = createRoot(root, {
    // A route's errorComponent shows a refusal (Access Denied…) as the page: an expected answer, not a
    // fault worth logging. Anything else an error boundary catches is logged as React would.
    onCaughtError: (error) => {
      if (!isRefusal(error)) console.error(error);
    },
  });
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
registerServiceWorker();
// The rest of the reader's language (the first screen's messages came first), for the screens a click
// away and for messages named at run time, once the first screen is up (docs/decisions/024).
if (import.meta.env.PROD) {
  const later = (load: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(load) : setTimeout(load, 2000));
  later(() => void loadRestOfMessages().catch(() => undefined));
}
