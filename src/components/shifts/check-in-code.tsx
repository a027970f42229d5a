import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { renderSVG } from "uqr";

import { errorMessage } from "../../lib/errors.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Loading } from "../layout/loading.tsx";
import { secondsUntil, serverClockOffset } from "./shift-helpers.ts";

/**
 * The owner's rotating code: the QR code (the check-in page's address with the code) and the six digits
 * large, with the seconds until it changes by the server's clock; asked again when it does.
 */
export function CheckInCode({ jobId }: { jobId: string }) {
  const code = useQuery({ ...trpc.attendance.code.queryOptions({ jobId }), retry: false });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // The rotation is the server's time: a device clock minutes off would show 0 s, asking again and again.
  const offset = code.data ? serverClockOffset(code.data.serverTime, code.dataUpdatedAt) : 0;
  const left = code.data ? secondsUntil(code.data.rotatesAt, now + offset) : null;
  const { refetch } = code;
  useEffect(() => {
    if (left === 0) void refetch();
  }, [left, refetch]);
  const svg = useMemo(() => (code.data ? renderSVG(code.data.checkInUrl, { border: 2 }) : null), [code.data]);

  if (code.isPending) return <Loading blocks={["mx-auto size-64 rounded-xl", "mx-auto h-12 w-48"]} className="grid gap-4" />;
  if (code.isError)
    return (
      <p role="alert" className="text-center font-medium" data-testid="attendance-code-error">
        {errorMessage(code.error)}
      </p>
    );
  const digits = code.data.code;
  return (
    <div className="grid justify-items-center gap-4" data-testid="attendance-code">
      {svg && (
        <div
          role="img"
          aria-label={m.shift_qr_label()}
          className="size-64 max-w-full rounded-lg bg-white p-2 [&_svg]:size-full"
          // The SVG is made here from the server's address by uqr: no markup from anywhere else.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <p
        className="font-mono text-5xl font-bold tracking-[0.2em] tabular-nums"
        dir="ltr"
        aria-label={m.shift_code_digits({ code: digits.split("").join(" ") })}
        data-testid="attendance-code-digits"
      >
        {digits.slice(0, 3)} {digits.slice(3)}
      </p>
      <p className="text-sm text-muted-foreground" data-testid="attendance-code-countdown">
        {m.shift_code_changes_in({ seconds: left ?? code.data.secondsLeft })}
      </p>
    </div>
  );
}
