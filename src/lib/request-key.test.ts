import { describe, expect, it } from "vitest";

import { idempotencyKeySchema } from "../../domain/idempotency.ts";
import { requestKeys, uploadKeyFor, uploadSent } from "./request-key.ts";

describe("requestKeys", () => {
  it("keeps one key while the same input is resent, and makes a new one for new input or after success", () => {
    const keys = requestKeys();
    const first = keys.keyFor({ jobId: "j1", message: "Hello" });
    expect(idempotencyKeySchema.safeParse(first).success).toBe(true);
    expect(keys.keyFor({ jobId: "j1", message: "Hello" })).toBe(first);
    const edited = keys.keyFor({ jobId: "j1", message: "Hello!" });
    expect(edited).not.toBe(first);
    expect(keys.keyFor({ jobId: "j1", message: "Hello!" })).toBe(edited);
    keys.sent();
    expect(keys.keyFor({ jobId: "j1", message: "Hello!" })).not.toBe(edited);
  });

  it("tells files apart by which pick they are, not by their bytes", () => {
    const keys = requestKeys();
    const picked = new File(["same"], "a.png");
    const key = keys.keyFor("text", picked);
    expect(keys.keyFor("text", picked)).toBe(key);
    expect(keys.keyFor("text", new File(["same"], "a.png"))).not.toBe(key);
  });
});

describe("uploadKeyFor", () => {
  it("answers one key per picked file and target", () => {
    const file = new File(["%PDF"], "c.pdf");
    const key = uploadKeyFor(file, "certificates");
    expect(uploadKeyFor(file, "certificates")).toBe(key);
    expect(uploadKeyFor(file, "conversation-1")).not.toBe(key);
    expect(uploadKeyFor(new File(["%PDF"], "c.pdf"), "certificates")).not.toBe(key);
  });

  it("answers a new key once the upload went through", () => {
    const file = new File(["%PDF"], "c.pdf");
    const key = uploadKeyFor(file, "certificates");
    uploadSent(file, "certificates");
    expect(uploadKeyFor(file, "certificates")).not.toBe(key);
  });
});
