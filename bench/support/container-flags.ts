// The node flags of a deployment, for the benches to start their servers as the container does.
import { readFileSync } from "node:fs";

/**
 * The node flags the container runs the server with: those of the Dockerfile's CMD, between `node` and
 * the entry.
 */
export function containerNodeFlags(): string[] {
  const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
  const command = dockerfile.match(/^CMD (\[.*\])$/m)?.[1];
  const words = command ? (JSON.parse(command) as string[]) : [];
  if (words[0] !== "node") throw new Error(`the Dockerfile's CMD does not run node: ${command}`);
  return words.slice(1).filter((word) => word.startsWith("--"));
}
