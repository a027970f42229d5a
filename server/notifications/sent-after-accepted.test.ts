// A notice is marked e-mailed only once the SMTP server accepted its mail (issue 36, docs/decisions/061):
// a send that fails or is cut off leaves it unsent, the retry sends it, with the same Message-ID.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { notifications } from "../../db/schema/index.ts";
import { createMailer } from "../mail/create-mailer.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendNotificationsMail } from "../mail/notification-mail.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { deliverNotifications, type Channels } from "./deliver.ts";
import { notifyPeople } from "./notify.ts";

const bed = mailTestbed();

/** An SMTP server on loopback that reads each mail, notes its Message-ID, and refuses it (550). */
let refusing: SMTPServer;
let refusingUrl = "";
const refusedMessageIds: string[] = [];
beforeAll(async () => {
  refusing = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const id = /^message-id:\s*(\S+)/im.exec(raw)?.[1];
        if (id) refusedMessageIds.push(id);
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      });
    },
  });
  refusing.on("error", () => {});
  await new Promise<void>((resolve) => refusing.server.listen(0, "127.0.0.1", resolve));
  refusingUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => refusing.close(() => resolve())));

const noop = () => {};
const silentLog = { info: noop, warn: noop, error: noop, debug: noop } as unknown as Parameters<typeof createMailer>[1];

function channelsThrough(mailer: Mailer): Channels {
  return {
    email: (recipient, notices) => sendNotificationsMail({ mailer, config: bed.t.config }, recipient, notices),
    push: async () => {},
  };
}

function deliver(channels: Channels, userId: string) {
  const deps = { channels, queue: bed.t.services.queue, pace: { limit: 100, windowSeconds: 60 } };
  return deliverNotifications(bed.t.db, deps, userId, new Date());
}

async function aNotice(): Promise<{ userId: string; email: string; noticeId: string }> {
  const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner", language: "en" });
  const job = await createJob(bed.t.db, owner.id, { title: "Paint the fence" });
  await bed.t.db.transaction((tx) =>
    notifyPeople(
      tx,
      bed.t.services.queue,
      [owner.id],
      { kind: "application_received", jobId: job.id, jobTitle: "Paint the fence", applicantName: "Anna" },
      { actorId: null },
    ),
  );
  const [notice] = await bed.t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, owner.id));
  if (!notice) throw new Error("no notice written");
  return { userId: owner.id, email: owner.email, noticeId: notice.id };
}

async function emailedAt(noticeId: string): Promise<Date | null> {
  const [row] = await bed.t.db.select({ at: notifications.emailedAt }).from(notifications).where(eq(notifications.id, noticeId));
  return row?.at ?? null;
}

describe("a notice's mail", () => {
  it("refused by the SMTP server stays unsent, and the retry sends it with the same Message-ID", async () => {
    const { userId, email, noticeId } = await aNotice();
    const refusingMailer = createMailer({ mail: { ...bed.t.config.mail, smtpUrl: refusingUrl } }, silentLog);
    try {
      await expect(deliver(channelsThrough(refusingMailer), userId)).rejects.toThrow();
    } finally {
      await refusingMailer.close();
    }
    expect(await emailedAt(noticeId)).toBeNull();
    expect(refusedMessageIds).toHaveLength(1);

    expect(await deliver(channelsThrough(bed.t.services.mailer), userId)).toBe("sent");
    const mail = await bed.smtp.waitFor((received) => received.to.includes(email));
    expect(await emailedAt(noticeId)).not.toBeNull();
    expect(mail.headers["message-id"]).toBe(refusedMessageIds[0]);
  });

  it("is not marked sent while it is being sent: a worker killed mid-send leaves it for the retry", async () => {
    const { userId, email, noticeId } = await aNotice();
    let entered: () => void = noop;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    let cutOff: (error: Error) => void = noop;
    const hanging: Channels = {
      email: () =>
        new Promise<void>((_resolve, reject) => {
          cutOff = reject;
          entered();
        }),
      push: async () => {},
    };
    const first = deliver(hanging, userId).catch(() => "cut off");
    await inSend;
    // The worker dies here: whatever it wrote before sending is what the retry finds.
    expect(await emailedAt(noticeId)).toBeNull();
    cutOff(new Error("worker killed"));
    expect(await first).toBe("cut off");

    expect(await deliver(channelsThrough(bed.t.services.mailer), userId)).toBe("sent");
    await bed.smtp.waitFor((received) => received.to.includes(email));
    expect(await emailedAt(noticeId)).not.toBeNull();
  });
});
