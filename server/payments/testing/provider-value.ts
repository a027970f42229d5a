import type { ProviderResult } from "../provider-result.ts";

/** A provider call's value, or the test fails with the provider's reason. */
export function value<T>(result: ProviderResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.reason}: ${result.detail}`);
  return result.value;
}
