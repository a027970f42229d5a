import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";

import { SignInForm } from "../components/auth/sign-in-form.tsx";
import { SignUpForm } from "../components/auth/sign-up-form.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { oneOf, returnTo, searchParams, text } from "../lib/search-params.ts";
import { m } from "../paraglide/messages.js";

const TABS = ["sign-in", "sign-up"] as const;

const searchSchema = searchParams({
  tab: oneOf(TABS),
  // Only paths of this site, so the return link cannot send people elsewhere (docs/decisions/053).
  redirect: returnTo,
  // The token of a mailed unlock link: it admits a sign-in while the address waits (docs/decisions/058).
  unlock: text(200, /^[\w-]+$/),
});

export const Route = createFileRoute("/auth")({
  validateSearch: searchSchema,
  beforeLoad: async ({ context, search }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.profiles.me.queryOptions());
    if (me) throw redirect({ href: search.redirect ?? "/" });
  },
  component: AuthPage,
});

function AuthPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tab = search.tab ?? "sign-in";
  usePageTitle(tab === "sign-up" ? m.auth_tab_sign_up() : m.auth_tab_sign_in());
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1 className="text-2xl">{m.auth_title()}</h1>
          </CardTitle>
          <CardDescription>{m.auth_subtitle()}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs
            value={tab}
            onValueChange={(value) =>
              void navigate({ search: (s) => ({ ...s, tab: TABS.find((t) => t === value) }), replace: true })
            }
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in" data-testid="tab-sign-in">
                {m.auth_tab_sign_in()}
              </TabsTrigger>
              <TabsTrigger value="sign-up" data-testid="tab-sign-up">
                {m.auth_tab_sign_up()}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="pt-4">
              <SignInForm redirectTo={search.redirect} unlockToken={search.unlock} />
            </TabsContent>
            <TabsContent value="sign-up" className="pt-4">
              <SignUpForm redirectTo={search.redirect} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
