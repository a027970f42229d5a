/** Long-lived collaborators that procedures reach through the context (grows with later capabilities). */
export type Services = {
  /** The current time; tests pass a fixed clock. */
  now(): Date;
};

/** Services for a running server. */
export function createServices(overrides: Partial<Services> = {}): Services {
  return { now: () => new Date(), ...overrides };
}
