import { Check } from "lucide-react";
import type { ReactNode } from "react";

import { LANGUAGES } from "../../../domain/languages.ts";
import { currentLanguage, switchLanguage } from "../../lib/locale.ts";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../ui/dropdown-menu.tsx";

/**
 * The ten languages by their own names in a menu; choosing one reloads the page in it. Fetched when the
 * switcher is first used (language-switcher.tsx), so it opens as it arrives.
 */
export function LanguageMenu({ trigger }: { trigger: ReactNode }) {
  const current = currentLanguage();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
