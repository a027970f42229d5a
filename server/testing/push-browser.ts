import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";

/** A browser's side of Web Push for tests: its subscription keys, and reading what its push service delivers. */
export type PushBrowser = {
  /** As PushSubscription.toJSON() gives them: the P-256 public key and the 16-byte auth secret, base64url. */
  keys: { p256dh: string; auth: string };
  /** The plaintext of an `aes128gcm` message body encrypted to this browser (RFC 8188, RFC 8291). */
  decrypt(body: Buffer): string;
};

const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`, "ascii");

/** A new browser with its own key pair and auth secret. */
export function pushBrowser(): PushBrowser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const browserPublicKey = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: browserPublicKey.toString("base64url"), auth: authSecret.toString("base64url") },
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's ephemeral public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const keyIdLength = body.readUInt8(20);
      const senderPublicKey = body.subarray(21, 21 + keyIdLength);
      const record = body.subarray(21 + keyIdLength);
      if (record.length > recordSize) throw new Error("more than one record: not expected for a short message");
      // RFC 8291 section 3.4: the input key from the shared secret and the auth secret...
      const sharedSecret = ecdh.computeSecret(senderPublicKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0", "ascii"), browserPublicKey, senderPublicKey]);
      const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, authSecret, keyInfo, 32));
      // ...then RFC 8188's content key and nonce from it and the salt.
      const key = Buffer.from(hkdfSync("sha256", ikm, salt, info("aes128gcm"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("nonce"), 12));
      const decipher = createDecipheriv("aes-128-gcm", key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("the record does not end with the last-record delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}
