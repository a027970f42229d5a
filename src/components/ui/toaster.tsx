import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

export type ToasterProps = Omit<SonnerProps, "dir"> & {
  dir?: "ltr" | "rtl";
  /** Accessible name of each toast's close button (sonner's own default is English). */
  closeLabel?: string;
  /** Accessible name of the notifications region (sonner's own default is English). */
  regionLabel?: string;
};

// Below the sticky header (h-14) with a gap, at every width: a toast never covers the navigation, and
// at the top it stays clear of the phone's tab bar too (docs/decisions/053).
const BELOW_HEADER = { top: "calc(3.5rem + 0.5rem)" };

/** Mount once near the app root; trigger toasts with `toast()` from "sonner". */
export function Toaster({ dir, closeLabel, regionLabel, toastOptions, style, ...props }: ToasterProps) {
  return (
    <Sonner
      richColors
      closeButton
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      dir={dir}
      containerAriaLabel={regionLabel}
      toastOptions={{ closeButtonAriaLabel: closeLabel, ...toastOptions }}
      style={
        {
          // Sonner ships its own Latin-only font stack; use ours so Arabic and Chinese match the page.
          fontFamily: "var(--font-sans)",
          "--normal-bg": "var(--color-popover)",
          "--normal-text": "var(--color-popover-foreground)",
          "--normal-border": "var(--color-border)",
          "--border-radius": "var(--radius-lg)",
          ...style,
        } as CSSProperties
      }
      {...props}
    />
  );
}
