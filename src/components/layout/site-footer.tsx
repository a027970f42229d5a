import { Link } from "@tanstack/react-router";

import { m } from "../../paraglide/messages.js";

const SUPPORT_EMAIL = "support@daywork.app";
const PRIVACY_EMAIL = "privacy@daywork.app";

type FooterLink = { to: "/" | "/post-job" | "/profile" | "/terms" | "/privacy" | "/impressum"; label: () => string };

const FOOTER_LINKS: { title: () => string; links: FooterLink[] }[] = [
  {
    title: () => m.footer_platform(),
    links: [
      { to: "/", label: () => m.footer_find_jobs() },
      { to: "/post-job", label: () => m.footer_post_job() },
      { to: "/profile", label: () => m.footer_profile() },
    ],
  },
  {
    title: () => m.footer_legal(),
    links: [
      { to: "/terms", label: () => m.footer_terms() },
      { to: "/privacy", label: () => m.footer_privacy() },
      { to: "/impressum", label: () => m.footer_impressum() },
    ],
  },
];

/** Links to the legal pages and main screens, contact lines and the current year. */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="font-bold text-primary">{m.app_name()}</p>
          <p className="text-sm text-muted-foreground">{m.footer_tagline()}</p>
        </div>
        {FOOTER_LINKS.map(({ title, links }) => (
          <nav key={title()} className="space-y-2 text-sm" aria-label={title()}>
            <p className="font-semibold">{title()}</p>
            <ul className="space-y-1">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to} className="text-muted-foreground hover:text-foreground">
                    {label()}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="space-y-2 text-sm">
          <p className="font-semibold">{m.footer_contact()}</p>
          <p className="text-muted-foreground">{m.footer_contact_support({ email: SUPPORT_EMAIL })}</p>
          <p className="text-muted-foreground">{m.footer_contact_privacy({ email: PRIVACY_EMAIL })}</p>
        </div>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        {m.footer_copyright({ year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
