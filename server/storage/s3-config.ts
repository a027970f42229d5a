/**
 * Where an S3-compatible bucket is, read from the environment at boot (docs/decisions/027). S3_BUCKET
 * unset keeps files in the local folder.
 */
export type S3Settings = {
  bucket: string;
  /** The service's base URL (MinIO, R2, Ceph, …); null: AWS S3 itself, found from the region. */
  endpoint: string | null;
  region: string;
  /** Both keys, or null: the SDK's own chain (AWS_* variables, a shared profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** How long a call may wait on the bucket (S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS); unset: the defaults. */
  timeouts?: S3Timeouts;
};

/**
 * Bounded waits on the bucket: to connect, and for each silence of an answer, so a stalled bucket fails a
 * call instead of holding it (docs/decisions/060).
 */
export type S3Timeouts = { connectMs: number; requestMs: number };

export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, requestMs: 10_000 };

export type S3Env = {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_CONNECT_TIMEOUT_MS: number;
  S3_REQUEST_TIMEOUT_MS: number;
};

/** S3's rules for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The bucket's settings, or null for the local folder; refuses to boot on a half-made or malformed setup. */
export function s3Config(env: S3Env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim() ?? "";
  if (!bucket) {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => env[name]);
    if (stray.length)
      throw new Error(`${stray.join(", ")} set without S3_BUCKET: set S3_BUCKET too, or unset them for local files`);
    return null;
  }
  if (!BUCKET_NAME.test(bucket) || bucket.includes("..")) {
    throw new Error(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || "";
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || "";
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's credential chain",
    );
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT ? endpointUrl(env.S3_ENDPOINT) : null,
    region: env.S3_REGION || "us-east-1",
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    timeouts: { connectMs: env.S3_CONNECT_TIMEOUT_MS, requestMs: env.S3_REQUEST_TIMEOUT_MS },
  };
}

function endpointUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash || url.username) {
    throw new Error(`S3_ENDPOINT must be an http(s) URL without credentials, query or fragment, got "${value}"`);
  }
  return value.replace(/\/+$/, "");
}
