import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import webPush from "web-push";

import { loadConfig } from "../config.ts";
import { pushConfig } from "./config.ts";

const folders: string[] = [];
async function dataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "daywork-vapid-"));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

const PUBLIC_URL = "https://daywork.example";

describe("VAPID configuration", () => {
  it("generates a key pair into DATA_DIR once (owner-only file) and reuses it", async () => {
    const dir = await dataDir();
    const first = pushConfig({}, PUBLIC_URL, dir);
    const file = path.join(dir, ".vapid-keys.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(pushConfig({}, PUBLIC_URL, dir)).toEqual(first);
    // web-push accepts the pair as VAPID details.
    expect(() =>
      webPush.getVapidHeaders("https://push.example", first.subject, first.publicKey, first.privateKey, "aes128gcm"),
    ).not.toThrow();
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
  });

  it("takes given keys (padded or not) when they are a pair, and refuses half a pair or a mismatch", async () => {
    const dir = await dataDir();
    const pair = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    const given = pushConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}=` }, PUBLIC_URL, dir);
    expect(given).toMatchObject(pair);
    await expect(stat(path.join(dir, ".vapid-keys.json"))).rejects.toThrow();
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: pair.publicKey }, PUBLIC_URL, dir)).toThrow(/set together/);
    expect(() => pushConfig({ VAPID_PRIVATE_KEY: pair.privateKey }, PUBLIC_URL, dir)).toThrow(/set together/);
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, PUBLIC_URL, dir)).toThrow(
      /not the public key/,
    );
    expect(() => pushConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: "short" }, PUBLIC_URL, dir)).toThrow(
      /P-256 private key/,
    );
  });

  it("derives the subject from PUBLIC_URL and takes only mailto: or https: subjects", async () => {
    const dir = await dataDir();
    expect(pushConfig({}, "https://daywork.example/", dir).subject).toBe("https://daywork.example");
    expect(pushConfig({}, "http://localhost:3000", dir).subject).toBe("mailto:push@localhost");
    expect(pushConfig({ VAPID_SUBJECT: "mailto:ops@daywork.example" }, PUBLIC_URL, dir).subject).toBe(
      "mailto:ops@daywork.example",
    );
    expect(() => pushConfig({ VAPID_SUBJECT: "http://daywork.example" }, PUBLIC_URL, dir)).toThrow(/mailto: or https:/);
    expect(() => pushConfig({ VAPID_SUBJECT: "ops@daywork.example" }, PUBLIC_URL, dir)).toThrow(/mailto: or https:/);
  });

  it("is part of the app's configuration", async () => {
    const dir = await dataDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, PUBLIC_URL, VAPID_SUBJECT: "mailto:ops@daywork.example" });
    expect(config.push).toEqual({ ...pushConfig({}, PUBLIC_URL, dir), subject: "mailto:ops@daywork.example" });
  });

  it("refuses a key file that does not hold a pair", async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, ".vapid-keys.json"), JSON.stringify({ publicKey: "x", privateKey: "y" }));
    expect(() => pushConfig({}, PUBLIC_URL, dir)).toThrow(/does not hold a VAPID key pair/);
  });
});

describe("extra push service hosts (docs/decisions/057)", () => {
  it("names none unless PUSH_EXTRA_SERVICE_HOSTS lists them, as host names only", async () => {
    const dir = await dataDir();
    expect(pushConfig({}, PUBLIC_URL, dir).extraServiceHosts).toEqual([]);
    expect(pushConfig({ PUSH_EXTRA_SERVICE_HOSTS: " Push.Test , push.example.org " }, PUBLIC_URL, dir).extraServiceHosts).toEqual(
      ["push.test", "push.example.org"],
    );
    for (const wrong of ["https://push.test", "push.test:4443", "push.test/path"])
      expect(() => pushConfig({ PUSH_EXTRA_SERVICE_HOSTS: wrong }, PUBLIC_URL, dir)).toThrow(/host names only/);
  });
});
