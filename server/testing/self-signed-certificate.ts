import { generateKeyPairSync, randomBytes, sign } from "node:crypto";

// A self-signed X.509 certificate written with node:crypto alone (DER by hand: no openssl binary, no
// package), for test servers that must speak real TLS. Tests trust it through their own https.Agent.

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (n: number, ...items: Buffer[]) => tlv(0xa0 + n, ...items);
const octets = (content: Buffer) => tlv(0x04, content);
const bits = (content: Buffer) => tlv(0x03, Buffer.from([0]), content);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const TRUE = tlv(0x01, Buffer.from([0xff]));

function integer(value: Buffer): Buffer {
  return tlv(0x02, (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const out = [a * 40 + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, "ascii"));
}

const ECDSA_WITH_SHA256 = sequence(oid("1.2.840.10045.4.3.2"));

/** A P-256 key and a certificate for `hostname` (its subject and only DNS name), valid for a day. */
export function selfSignedCertificate(hostname: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const name = sequence(set(sequence(oid("2.5.4.3"), utf8(hostname))));
  const now = Date.now();
  const serial = randomBytes(8);
  serial[0] = (serial[0] ?? 1) & 0x7f || 1;
  const extensions = explicit(
    3,
    sequence(
      // basicConstraints (critical): a CA, so it can be its own trust anchor.
      sequence(oid("2.5.29.19"), TRUE, octets(sequence(TRUE))),
      // subjectAltName: dNSName [2].
      sequence(oid("2.5.29.17"), octets(sequence(tlv(0x82, Buffer.from(hostname, "ascii"))))),
    ),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    extensions,
  );
  const der = sequence(tbs, ECDSA_WITH_SHA256, bits(sign("sha256", tbs, privateKey)));
  const base64 = der.toString("base64").replace(/.{64}/g, "$&\n");
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}
