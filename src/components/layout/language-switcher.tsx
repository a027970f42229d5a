import { Check, Languages } from "lucide-react";

import { LANGUAGES } from "../../../domain/languages.ts";
import { currentLanguage, switchLanguage } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu.tsx";

/** The ten languages with their flags; choosing one reloads the page in it. */
export function LanguageSwitcher() {
  const current = currentLanguage();
  const active = LANGUAGES.find((l) => l.code === current);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={m.nav_language()} data-testid="language-switcher">
          <Languages aria-hidden />
          <span aria-hidden>{active?.flag}</span>
          <span className="hidden sm:inline">{active?.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {LANGUAGES.map((l) => (
          <DropdownMenuItem key={l.code} lang={l.code} data-testid={`language-${l.code}`} onSelect={() => switchLanguage(l.code)}>
            <span aria-hidden>{l.flag}</span>
            <span className="flex-1">{l.name}</span>
            {l.code === current && <Check aria-hidden className="size-4" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
