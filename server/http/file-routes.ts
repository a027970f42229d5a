import type { FastifyInstance } from "fastify";

import { certificateUploadRoutes } from "../certificates/upload-route.ts";
import { chatImageRoutes } from "../chat/image-upload-route.ts";
import { registerFilesRoute } from "../storage/files-route.ts";
import type { UploadRouteDeps } from "../uploads/upload-guard.ts";

/**
 * Private files: served only through signed, expiring links (docs/decisions/008), and uploaded as
 * multipart in scopes of their own, outside tRPC's (it replaces the body parsers in its scope).
 */
export async function registerFileRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const { services } = deps;
  registerFilesRoute(app, { store: services.files, secret: services.fileLinkSecret, now: services.now });
  await app.register(certificateUploadRoutes, deps);
  await app.register(chatImageRoutes, deps);
}
