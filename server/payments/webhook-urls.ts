/** Where each provider sends its notifications: our routes under the public address (docs/decisions/077). */
export const WEBHOOK_PATHS = {
  yookassa: "/api/payments/webhooks/yookassa",
  stripe: "/api/payments/webhooks/stripe",
} as const;

/** The webhook addresses to register with the providers (and that the stand-ins deliver to). */
export function webhookUrls(publicUrl: string): { yookassa: string; stripe: string } {
  return {
    yookassa: new URL(WEBHOOK_PATHS.yookassa, publicUrl).toString(),
    stripe: new URL(WEBHOOK_PATHS.stripe, publicUrl).toString(),
  };
}
