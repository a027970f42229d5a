import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { isRefusal } from "./lib/errors.ts";
import { hydrateFirstScreen } from "./lib/first-screen.ts";
import { loadMessages, loadRestOfMessages } from "./lib/locale-messages.ts";
import { applyDocumentLanguage } from "./lib/locale.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { getLocale } from "./paraglide/runtime.js";
import { router } from "./router.tsx";

import "./styles.css";

import { queryClient } from "./trpc.ts";

applyDocumentLanguage();
hydrateFirstScreen(queryClient, getLocale());
const messages = loadMessages(getLocale());
// A page other than home shows more than the first screen's messages: the rest comes alongside.
if (import.meta.env.PROD && location.pathname !== "/") loadRestOfMessages().catch(() => undefined);
await messages;

const root = document.getElementById("root");
if (root) {
  createRoot(root, {
    // A route's errorComponent shows a refusal (Access Denied…) as the page: an expected answer, not a
    // fault worth logging. Anything else an error boundary catches is logged as React would.
    onCaughtError: (error) => {
      if (!isRefusal(error)) console.error(error);
    },
  }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
registerServiceWorker();
// The rest of the reader's language (the first screen's messages came first), for the screens a click
// away and for messages named at run time, once the first screen is up (docs/decisions/024).
if (import.meta.env.PROD) {
  const later = (load: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(load) : setTimeout(load, 2000));
  later(() => void loadRestOfMessages().catch(() => undefined));
}
