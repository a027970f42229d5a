import { Languages } from "lucide-react";
import { lazy } from "react";

import { LANGUAGES } from "../../../domain/languages.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { LazyOnUse, type StandInTrigger } from "../ui/lazy-on-use.tsx";

// The menu (Radix's dropdown) is fetched when the switcher is first used (docs/decisions/024).
const loadMenu = () => import("./language-menu.tsx");
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/** The switcher's button: "EN" on phones, the language's own name on wider screens. */
function SwitcherButton(props: Partial<StandInTrigger> & { "aria-expanded"?: boolean }) {
  const current = currentLanguage();
  const active = LANGUAGES.find((l) => l.code === current);
  return (
    // Named by what it shows, then what it is ("EN, Language"): label in name (WCAG 2.5.3).
    <Button variant="ghost" size="sm" aria-haspopup="menu" data-testid="language-switcher" {...props}>
      <Languages aria-hidden />
      <span className="text-xs font-semibold sm:hidden">{current.toUpperCase()}</span>
      <span className="hidden sm:inline">{active?.name}</span>
      <span className="sr-only">, {m.nav_language()}</span>
    </Button>
  );
}

/** The ten languages by their own names; choosing one reloads the page in it. */
export function LanguageSwitcher() {
  return (
    <LazyOnUse load={loadMenu} standIn={(trigger) => <SwitcherButton aria-expanded={false} data-state="closed" {...trigger} />}>
      <LanguageMenu trigger={<SwitcherButton />} />
    </LazyOnUse>
  );
}
