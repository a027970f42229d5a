// The offline page (public/offline.html) in one language: the one the app was last used in (the
// language switcher keeps it in localStorage "language"), else the browser's first known one, else
// English. Without this script every language stays on the page.
/* global document, localStorage, navigator */
{
  const sections = [...document.querySelectorAll("section[lang]")];
  const known = new Set(sections.map((section) => section.lang));
  const wanted = [];
  try {
    wanted.push(localStorage.getItem("language") ?? "");
  } catch {
    // Storage may be blocked; the browser's languages still say enough.
  }
  wanted.push(...(navigator.languages ?? [navigator.language ?? ""]));
  const chosen = wanted.map((tag) => String(tag).toLowerCase().split("-")[0]).find((code) => known.has(code)) ?? "en";
  for (const section of sections) section.hidden = section.lang !== chosen;
  document.documentElement.lang = chosen;
  document.documentElement.dir = chosen === "ar" ? "rtl" : "ltr";
  document.body.className = "one";
}
