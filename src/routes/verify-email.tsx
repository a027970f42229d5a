import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { CircleCheck, LinkIcon } from "lucide-react";

import { ResendVerificationButton } from "../components/account/resend-verification-button.tsx";
import { Loading } from "../components/layout/loading.tsx";
import { NoticePage } from "../components/layout/notice.tsx";
import { Button } from "../components/ui/button.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { returnTo, searchParams, text } from "../lib/search-params.ts";
import { announceAccountChange, useMe } from "../lib/session.ts";
import { m } from "../paraglide/messages.js";

const searchSchema = searchParams({
  token: text(1000),
  // Where the person was going when they signed up or asked for the link (docs/decisions/053).
  redirect: returnTo,
});

export const Route = createFileRoute("/verify-email")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  // The loader acts (it confirms the address with better-auth's browser client): it runs in the browser only.
  ssr: false,
  // Following the link is what confirms the address; doing it again answers the same (better-auth's verify is idempotent).
  loader: async ({ deps: { token }, context }) => {
    if (!token) return { confirmed: false };
    const { authClient } = await import("../lib/auth-client.ts");
    const { error } = await authClient.verifyEmail({ query: { token } });
    // The banner and `me` read the new state; a visitor (link opened on another device) has no `me` to refresh.
    await context.queryClient.invalidateQueries({ queryKey: context.trpc.profiles.me.queryKey() });
    // The person's other tabs (the job form they signed up to reach) drop their banners too.
    if (!error) announceAccountChange();
    return { confirmed: !error };
  },
  pendingComponent: ConfirmingPage,
  component: VerifyEmailPage,
});

function ConfirmingPage() {
  usePageTitle(m.verify_email_checking());
  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 py-10">
      <Loading label={m.verify_email_checking()} blocks={["h-40 w-full"]} />
    </main>
  );
}

/** Where a confirmation mail's link leads: the address is confirmed, or the link is expired or broken. */
function VerifyEmailPage() {
  const { confirmed } = Route.useLoaderData();
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const me = useMe();
  if (confirmed) {
    return (
      <NoticePage
        icon={<CircleCheck aria-hidden className="size-6 text-primary" />}
        title={m.verify_email_done_title()}
        hint={m.verify_email_done()}
        testId="verify-email-done"
      >
        <Button onClick={() => void navigate({ href: redirect ?? "/" })} data-testid="verify-email-continue">
          {m.verify_email_continue()}
        </Button>
      </NoticePage>
    );
  }
  const account = me.data?.user;
  return (
    <NoticePage
      icon={<LinkIcon aria-hidden className="size-6 text-destructive" />}
      title={m.error_verify_link_invalid()}
      hint={account ? undefined : m.verify_email_sign_in_for_new()}
      testId="verify-email-invalid"
    >
      {account ? (
        account.emailVerified ? (
          <LinkButton to="/">{m.verify_email_continue()}</LinkButton>
        ) : (
          <ResendVerificationButton email={account.email} />
        )
      ) : (
        <LinkButton to="/auth">{m.nav_sign_in()}</LinkButton>
      )}
    </NoticePage>
  );
}
