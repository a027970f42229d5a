import { Link } from "@tanstack/react-router";
import { m } from "../../paraglide/messages.js";

const SUPPORT_EMAIL = "support@daywork.app";
const PRIVACY_EMAIL = "privacy@daywork.app";

/** Links to the legal pages and main screens, contact lines and the current year. */
export function SiteFooter() {
  const linkClass = "text-muted-foreground hover:text-foreground";
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="font-bold text-primary">{m.app_name()}</p>
          <p className="text-sm text-muted-foreground">{m.footer_tagline()}</p>
        </div>
        <nav className="space-y-2 text-sm" aria-label={m.footer_platform()}>
          <p className="font-semibold">{m.footer_platform()}</p>
          <ul className="space-y-1">
            <li><Link to="/" className={linkClass}>{m.footer_find_jobs()}</Link></li>
            <li><Link to="/post-job" className={linkClass}>{m.footer_post_job()}</Link></li>
            <li><Link to="/profile" className={linkClass}>{m.footer_profile()}</Link></li>
          </ul>
        </nav>
        <nav className="space-y-2 text-sm" aria-label={m.footer_legal()}>
          <p className="font-semibold">{m.footer_legal()}</p>
          <ul className="space-y-1">
            <li><Link to="/terms" className={linkClass}>{m.footer_terms()}</Link></li>
            <li><Link to="/privacy" className={linkClass}>{m.footer_privacy()}</Link></li>
            <li><Link to="/impressum" className={linkClass}>{m.footer_impressum()}</Link></li>
          </ul>
        </nav>
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
