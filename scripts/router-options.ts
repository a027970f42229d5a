/** TanStack Router file-route options shared by the vite plugin and the `gen` script. */
export const routerGeneratorOptions = {
  target: "react" as const,
  routesDirectory: "./src/routes",
  generatedRouteTree: "./src/routeTree.gen.ts",
  autoCodeSplitting: true,
  codeSplittingOptions: {
    // The home page is where most visits start: its component ships with the app's first chunk rather
    // than a round trip later. Every other route's component is fetched when it is first shown.
    splitBehavior: ({ routeId }: { routeId: string }) => (routeId === "/" ? [] : undefined),
  },
  quoteStyle: "double" as const,
  // Relative imports name their file, as everywhere else (NodeNext resolution requires it).
  addExtensions: true,
};
