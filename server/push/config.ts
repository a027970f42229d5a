import { createECDH } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** How the server signs its Web Push requests (VAPID, RFC 8292), read from the environment at boot. */
export type PushConfig = {
  /** The application server key browsers subscribe with: an uncompressed P-256 point, base64url. */
  publicKey: string;
  /** Its private half (32 bytes, base64url). */
  privateKey: string;
  /** Who push services may contact about our traffic: a mailto: or https: URL. */
  subject: string;
  /**
   * Hosts taken as push services besides the known ones (server/push/push-services.ts): the stand-in
   * of tests, or a self-hosted push service. `PUSH_EXTRA_SERVICE_HOSTS`, comma-separated; none unless set.
   */
  extraServiceHosts: string[];
};

export type PushEnv = {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  PUSH_EXTRA_SERVICE_HOSTS?: string | undefined;
};

type KeyPair = Pick<PushConfig, "publicKey" | "privateKey">;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The public key a private key makes, or null when it is not a P-256 private key. */
function publicKeyOf(privateKey: string): string | null {
  if (!BASE64URL.test(privateKey)) return null;
  const bytes = Buffer.from(privateKey, "base64url");
  if (bytes.length !== 32) return null;
  try {
    const curve = createECDH("prime256v1");
    curve.setPrivateKey(bytes);
    return curve.getPublicKey().toString("base64url");
  } catch {
    return null;
  }
}

/** A new key pair, as web-push's generateVAPIDKeys makes them (32-byte private key, 65-byte point). */
function newKeyPair(): KeyPair {
  for (;;) {
    const curve = createECDH("prime256v1");
    curve.generateKeys();
    const privateKey = curve.getPrivateKey();
    // A private key with leading zero bytes comes out short; draw again rather than pad.
    if (privateKey.length === 32) {
      return { publicKey: curve.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
    }
  }
}

/**
 * The key pair kept in the data folder, made on first use (as the auth secret is): browsers' subscriptions
 * are bound to the public key, so it must survive restarts. The file is created whole or not at all
 * (written aside, then linked into place), so two processes starting together agree on one pair.
 */
function localKeyPair(dataDir: string): KeyPair {
  const file = path.join(dataDir, ".vapid-keys.json");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, `${JSON.stringify(newKeyPair())}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<KeyPair>;
  if (typeof stored.privateKey !== "string" || publicKeyOf(stored.privateKey) !== stored.publicKey) {
    throw new Error(`${file} does not hold a VAPID key pair: remove it to make a new one (browsers then subscribe again)`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** `VAPID_SUBJECT`, or one made from the public address: itself when https, else a mailto: at its host. */
function subjectOf(given: string | undefined, publicUrl: string): string {
  if (!given) {
    const url = new URL(publicUrl);
    return url.protocol === "https:" ? url.origin : `mailto:push@${url.hostname}`;
  }
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${given}"`);
  }
  if (url.protocol !== "mailto:" && url.protocol !== "https:") {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${given}"`);
  }
  return given;
}

/** `PUSH_EXTRA_SERVICE_HOSTS` as lower-case host names; a scheme, path or port in it is a mistake said at boot. */
function extraHostsOf(given: string | undefined): string[] {
  const hosts = (given ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) {
      throw new Error(`PUSH_EXTRA_SERVICE_HOSTS lists host names only (push.example.org), got "${host}"`);
    }
  }
  return hosts;
}

/**
 * The VAPID keys and subject. Both keys are given, or neither (then a pair is generated once into
 * `dataDir`); a given pair must belong together, since a mismatch would only show as every push refused.
 */
export function pushConfig(env: PushEnv, publicUrl: string, dataDir: string): PushConfig {
  // Some generators pad base64url with "="; the keys are the same without it.
  const publicKey = env.VAPID_PUBLIC_KEY?.trim().replace(/=+$/, "") || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim().replace(/=+$/, "") || undefined;
  const subject = subjectOf(env.VAPID_SUBJECT?.trim() || undefined, publicUrl);
  const extraServiceHosts = extraHostsOf(env.PUSH_EXTRA_SERVICE_HOSTS);
  if (!publicKey && !privateKey) return { ...localKeyPair(dataDir), subject, extraServiceHosts };
  if (!publicKey || !privateKey) throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither");
  const derived = publicKeyOf(privateKey);
  if (!derived) throw new Error("VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)");
  if (derived !== publicKey) throw new Error("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY");
  return { publicKey, privateKey, subject, extraServiceHosts };
}
