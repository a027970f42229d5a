import { expect, it } from "vitest";

import { routeComponentChunks } from "./spa-page.ts";

it("names each route's code-split component by the route id TanStack Router gives it", () => {
  const chunks = routeComponentChunks({
    "index.html": { file: "assets/index.js" },
    "src/routes/index.tsx?tsr-split=component": { file: "assets/home.js" },
    "src/routes/_authed/chats.index.tsx?tsr-split=component": { file: "assets/chats.js" },
    "src/routes/_authed/chats.index.tsx?tsr-split=errorComponent": { file: "assets/chats-error.js" },
    "src/routes/_authed/profile.tsx?tsr-split=component": { file: "assets/profile.js" },
    "src/routes/_authed/settings.index.tsx?tsr-split=component": { file: "assets/settings.js" },
    "src/routes/_authed/jobs.$jobId.check-in.tsx?tsr-split=component": { file: "assets/check-in.js" },
    "src/routes/jobs/$jobId.tsx?tsr-split=component": { file: "assets/job.js" },
    "src/routes/profile.$profileId.tsx?tsr-split=component": { file: "assets/public-profile.js" },
  });
  expect(Object.fromEntries(chunks)).toEqual({
    "/": "src/routes/index.tsx?tsr-split=component",
    "/_authed/chats/": "src/routes/_authed/chats.index.tsx?tsr-split=component",
    "/_authed/profile": "src/routes/_authed/profile.tsx?tsr-split=component",
    "/_authed/settings/": "src/routes/_authed/settings.index.tsx?tsr-split=component",
    "/_authed/jobs/$jobId/check-in": "src/routes/_authed/jobs.$jobId.check-in.tsx?tsr-split=component",
    "/jobs/$jobId": "src/routes/jobs/$jobId.tsx?tsr-split=component",
    "/profile/$profileId": "src/routes/profile.$profileId.tsx?tsr-split=component",
  });
});
