/**
 * How a stand-in delivers its notifications: `twice` sends each one two times (as providers may);
 * `reorder` holds them until `flush()`, which sends the held ones newest first.
 */
export type DeliveryMode = { twice: boolean; reorder: boolean };

export type Delivery = { body: string; status: number | null; error: string | null };

export type NotificationSender = {
  /** Where notifications go; none are sent (nor kept) while it is null. */
  target: string | null;
  mode: DeliveryMode;
  deliveries: Delivery[];
  /** Queues one notification; `headers` is called at each attempt (Stripe signs every attempt anew). */
  send(body: string, headers: () => Record<string, string>): void;
  flush(): void;
  /** Resolves when every delivery started so far has been answered or failed. */
  idle(): Promise<void>;
};

/** A notification sender for a stand-in: real HTTP POSTs to `target`, one attempt each. */
export function notificationSender(timeoutMs = 5000): NotificationSender {
  const held: { body: string; headers: () => Record<string, string> }[] = [];
  const inFlight = new Set<Promise<void>>();

  const post = (body: string, headers: () => Record<string, string>, target: string) => {
    const delivery: Delivery = { body, status: null, error: null };
    sender.deliveries.push(delivery);
    const attempt = fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers() },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (response) => {
        delivery.status = response.status;
        await response.arrayBuffer();
      })
      .catch((error: unknown) => {
        delivery.error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  };

  const deliver = (body: string, headers: () => Record<string, string>) => {
    const target = sender.target;
    if (!target) return;
    post(body, headers, target);
    if (sender.mode.twice) post(body, headers, target);
  };

  const sender: NotificationSender = {
    target: null,
    mode: { twice: false, reorder: false },
    deliveries: [],
    send(body, headers) {
      if (!sender.target) return;
      if (sender.mode.reorder) held.push({ body, headers });
      else deliver(body, headers);
    },
    flush() {
      for (const item of held.splice(0).reverse()) deliver(item.body, item.headers);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
  return sender;
}
