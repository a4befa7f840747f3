/**
 * Imported first by the benchmarks that serve the app in their own process: what `npm start` runs,
 * React's production build. React chooses its build from NODE_ENV when it is first loaded, so the
 * variable must be set before any import loads it; without it the pages render with React's
 * development build, several times slower (docs/decisions/023-no-stalls-at-10000-posts.md).
 */
process.env.NODE_ENV = "production";
