/** TanStack Router file-route options shared by the vite plugin and the `gen` script. */
export const routerGeneratorOptions = {
  target: "react" as const,
  routesDirectory: "./src/routes",
  generatedRouteTree: "./src/routeTree.gen.ts",
  autoCodeSplitting: true,
  quoteStyle: "double" as const,
  // Relative imports name their file, as everywhere else (NodeNext resolution requires it).
  addExtensions: true,
};
