import type { FileStore } from "./storage/file-store.ts";

/** Long-lived collaborators that procedures reach through the context. */
export type Services = {
  /** The current time; tests pass a fixed clock. */
  now(): Date;
  /** Uploaded files (chat images, certificates), served only through signed links. */
  files: FileStore;
  /** Secret that signs file links. */
  fileLinkSecret: string;
};

/** Services for a running server; tests override what they need. */
export function createServices(base: Pick<Services, "files" | "fileLinkSecret">, overrides: Partial<Services> = {}): Services {
  return { now: () => new Date(), ...base, ...overrides };
}
