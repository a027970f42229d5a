// Starts the app once a page the server drew (server/http/first-screen-markup.ts, decision 037) is on
// the screen: its code, fetched meanwhile (modulepreload), then runs after the first paint and never
// holds it up. The page's own code (data-after-paint: its screen's chunks, the rest of the language) is
// asked for then, beside the app's start, rather than with the page. A tab in the background paints
// nothing: the app starts there all the same.
/* global document, requestAnimationFrame, setTimeout */
{
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  const afterPaint = script?.dataset.afterPaint?.split(" ") ?? [];
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    for (const href of afterPaint) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    void import(entry);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
}
