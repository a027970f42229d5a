// npm run serve: the server alone (the SPA is served from dist/ when built), after making sure the
// server's compiled messages exist.
import { ensureServerMessages } from "./server-messages.ts";

ensureServerMessages();
await import("../server/main.ts");
