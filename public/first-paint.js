// Starts the app once a page the server drew (server/http/first-screen-markup.ts, decision 037) is on
// the screen: its code, fetched meanwhile (modulepreload), then runs after the first paint and never
// holds it up. A tab in the background paints nothing: the app starts there all the same.
/* global document, requestAnimationFrame, setTimeout */
{
  const entry = document.currentScript?.dataset.entry;
  let started = false;
  const start = () => {
    if (started || !entry) return;
    started = true;
    void import(entry);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
}
