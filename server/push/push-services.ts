/**
 * The push services browsers subscribe at (docs/decisions/057): Chrome, Edge on Android and most
 * Chromium browsers at Firebase Cloud Messaging, Firefox at Mozilla's autopush, Safari at Apple's,
 * Edge on Windows at the Windows Notification Service. A subscription elsewhere is refused, so the
 * server never sends push requests to a host someone else chose (it once sent 1,240 to third-party
 * hosts for 21 notices). Google's host is exact: other googleapis.com names serve anyone's content.
 */
const EXACT_HOSTS = new Set(["fcm.googleapis.com", "updates.push.services.mozilla.com"]);
const PARENT_DOMAINS = ["push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

/**
 * True when `endpoint` is an https URL on a known push service's host or one of `extraHosts`
 * (PUSH_EXTRA_SERVICE_HOSTS: a test's or a self-hosted push service; none unless configured).
 */
export function isKnownPushService(endpoint: string, extraHosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (extraHosts.includes(host)) return true;
  if (url.port !== "") return false;
  return EXACT_HOSTS.has(host) || PARENT_DOMAINS.some((parent) => host.endsWith(`.${parent}`));
}
