// The per-person socket limit holds for the deployment, not for each instance (issue 36, item 5;
// docs/decisions/067).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { LIMITS } from "../domain/limits.ts";
import { TOO_MANY_SOCKETS_CLOSE_CODE } from "../server/session/live-sessions.ts";
import { ORIGIN } from "./calls.ts";
import { startDeployment, type Deployment } from "./deployment.ts";
import { signedInPerson, type Person } from "./people.ts";

/** How long a socket must stay open to count as accepted (a refused one is closed at once). */
const ACCEPTED_AFTER_MS = 1_500;

let d: Deployment;
let person: Person;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  d = await startDeployment();
  person = await signedInPerson(d.db, d.a.http);
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await d?.close();
});

/** Opens a signed-in socket as a page does; answers it and the close code it gets (if it is closed). */
async function openSocket(url: string) {
  const socket = new WebSocket(url, { headers: { cookie: person.cookie, origin: ORIGIN } });
  sockets.push(socket);
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, closed };
}

/** The close code the socket got within ACCEPTED_AFTER_MS, or "open" when it is still open. */
async function fate(opened: Awaited<ReturnType<typeof openSocket>>): Promise<number | "open"> {
  const timer = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), ACCEPTED_AFTER_MS));
  return Promise.race([opened.closed, timer]);
}

describe("a person's sockets across two instances", () => {
  it(`${LIMITS.socketsPerPerson} open on A: one more is refused on A and on B; once one on A closes, B accepts one`, async () => {
    const onA = [];
    for (let i = 0; i < LIMITS.socketsPerPerson; i++) onA.push(await openSocket(d.a.ws));
    expect(await Promise.all(onA.map(fate))).toEqual(onA.map(() => "open"));

    // One more on A is refused, as one instance always did; one more on B must be too.
    expect(await fate(await openSocket(d.a.ws))).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
    expect(await fate(await openSocket(d.b.ws))).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);

    onA[0]?.socket.close();
    await onA[0]?.closed;
    // The freed place is the deployment's: B gives it out (allowing the count a moment to reach B).
    let accepted: number | "open" = TOO_MANY_SOCKETS_CLOSE_CODE;
    for (let tries = 0; tries < 10 && accepted !== "open"; tries++) accepted = await fate(await openSocket(d.b.ws));
    expect(accepted).toBe("open");
  });
});
