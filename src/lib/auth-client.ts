import { createAuthClient } from "better-auth/react";

/** better-auth's browser client for sign-up, sign-in, sign-out and password change. */
export const authClient = createAuthClient({ basePath: "/api/auth" });
