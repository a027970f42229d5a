import { Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

/** What a stand-in's trigger spreads on itself: it fetches the real control when neared and asks for it when used. */
export type StandInTrigger = {
  onPointerEnter: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

export type LazyOnUseProps = {
  /** Fetches the real control's code (called again freely: a module is fetched once). */
  load: () => Promise<unknown>;
  /**
   * The stand-in: the same control as it looks closed, with `trigger` spread on the element that opens
   * it. It is a real, labelled, focusable button, so the page works and reads the same before the code
   * comes.
   */
  standIn: (trigger: StandInTrigger) => ReactNode;
  /** The real control (a lazy component), shown once the stand-in is used. */
  children: ReactNode;
  /**
   * Finds the real control's trigger, which is focused and clicked to open what the stand-in was asked
   * for (a Radix select or popover opens on click). Without it the real control opens itself
   * (a menu given `defaultOpen`).
   */
  trigger?: string;
};

const idle: StandInTrigger = { onPointerEnter() {}, onTouchStart() {}, onFocus() {}, onClick() {}, onKeyDown() {} };

/**
 * A control whose code (a Radix popover, select or menu) stays out of the first load: a look-alike
 * stand-in shows until it is used, then the real control replaces it and opens, in the same
 * interaction (a click, Enter, Space or an arrow key). The code is fetched as soon as a pointer or the
 * focus comes near, so the swap is usually not seen (docs/decisions/024).
 */
export function LazyOnUse({ load, standIn, children, trigger }: LazyOnUseProps) {
  const [used, setUsed] = useState(false);
  const open = () => {
    void load();
    setUsed(true);
  };
  const near = () => void load();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    open();
  };
  if (!used) return standIn({ onPointerEnter: near, onTouchStart: near, onFocus: near, onClick: open, onKeyDown });
  return (
    <Suspense fallback={standIn(idle)}>
      <OpenOnArrival trigger={trigger}>{children}</OpenOnArrival>
    </Suspense>
  );
}

/** Renders the real control and, once it is on the page, opens it from its own trigger. */
function OpenOnArrival({ trigger, children }: { trigger?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!trigger) return;
    const button = box.current?.querySelector<HTMLElement>(trigger);
    button?.focus();
    button?.click();
  }, [trigger]);
  return (
    <div ref={box} className="contents">
      {children}
    </div>
  );
}
