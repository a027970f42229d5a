import Stripe from "stripe";

/** How to reach Stripe: its API (or the stand-in), our keys, and where payers confirm a hold. */
export type StripeSettings = {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Our page with Stripe's Payment Element (the stand-in's /pay in development). */
  confirmUrl: string;
  timeoutMs: number;
};

/**
 * The official client pointed at `apiUrl` (host, port and protocol are its documented options).
 * Its fetch transport bounds the whole exchange by `timeout` (its Node transport restarts the clock
 * at each stage), and its own retries are off: a caller retries with the same idempotency key.
 */
export function stripeClient(settings: StripeSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    timeout: settings.timeoutMs,
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(),
    telemetry: false,
  });
}
