/** TanStack Router file-route options shared by the vite plugin and the `gen` script. */
export const routerGeneratorOptions = {
  target: "react" as const,
  routesDirectory: "./src/routes",
  generatedRouteTree: "./src/routeTree.gen.ts",
  // Every route's component is its own chunk, home's too: the server preloads the page's chunk with the
  // entry, and a job page no longer carries home's code (vite.config.ts's "home" group, decision 052).
  autoCodeSplitting: true,
  quoteStyle: "double" as const,
  // Relative imports name their file, as everywhere else (NodeNext resolution requires it).
  addExtensions: true,
};
