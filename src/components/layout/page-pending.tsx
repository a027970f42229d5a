import { Loading } from "./loading.tsx";

/** The router's placeholder while a page's loader takes a moment: a heading and a block of content. */
export function PagePending() {
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <Loading blocks={["h-10 w-2/3", "h-48 w-full"]} className="space-y-4" />
    </main>
  );
}
