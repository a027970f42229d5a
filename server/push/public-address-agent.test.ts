import { describe, expect, it } from "vitest";

import { isPublicAddress, namesNonPublicAddress } from "./public-address-agent.ts";

describe("the push agent's address check", () => {
  it("lets public addresses through and nothing inside a network", () => {
    for (const address of ["142.250.74.106", "8.8.8.8", "2a00:1450:4001:82b::200a", "::ffff:142.250.74.106"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("spots endpoints that name a non-public IP address, in any spelling the URL parser accepts", () => {
    for (const endpoint of [
      "https://127.0.0.1/x",
      "https://0x7f.1/x",
      "https://2130706433:8443/x",
      "https://[::1]/x",
      "https://[fd00::1]/x",
    ])
      expect(namesNonPublicAddress(endpoint), endpoint).toBe(true);
    for (const endpoint of ["https://fcm.googleapis.com/fcm/send/x", "https://8.8.8.8/x", "https://localhost/x"])
      expect(namesNonPublicAddress(endpoint), endpoint).toBe(false);
  });
});
