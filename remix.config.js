/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.*"],
  // Separate build folders let parallel test runs and the benchmark build side by side.
  serverBuildPath: process.env.REMIX_BUILD_DIR ? `${process.env.REMIX_BUILD_DIR}/index.js` : "build/index.js",
  assetsBuildDirectory: process.env.REMIX_ASSETS_DIR ?? "public/build",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The benchmark's build only (npm run bench): a floor route with no data access (bench/floor-route.tsx).
  routes:
    process.env.REMIX_BENCH_FLOOR === "1"
      ? async (defineRoutes) => defineRoutes((route) => route("bench-floor", "../bench/floor-route.tsx", { id: "routes/bench-floor" }))
      : undefined,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    // v3_routeConfig exists only for the Vite plugin (it needs Vite's module runner); the
    // classic compiler we chose discovers flat routes from app/routes instead.
    v3_routeConfig: false,
  },
};
