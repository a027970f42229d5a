import { Check, Languages } from "lucide-react";

import { LANGUAGES } from "../../../domain/languages.ts";
import { currentLanguage, switchLanguage } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu.tsx";

/** The ten languages by their own names; choosing one reloads the page in it. */
export function LanguageSwitcher() {
  const current = currentLanguage();
  const active = LANGUAGES.find((l) => l.code === current);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows, then what it is ("EN, Language"): label in name (WCAG 2.5.3). */}
        <Button variant="ghost" size="sm" data-testid="language-switcher">
          <Languages aria-hidden />
          <span className="text-xs font-semibold sm:hidden">{current.toUpperCase()}</span>
          <span className="hidden sm:inline">{active?.name}</span>
          <span className="sr-only">, {m.nav_language()}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {LANGUAGES.map((l) => (
          <DropdownMenuItem key={l.code} lang={l.code} data-testid={`language-${l.code}`} onSelect={() => switchLanguage(l.code)}>
            <span className="flex-1">{l.name}</span>
            {l.code === current && <Check aria-hidden className="size-4" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
