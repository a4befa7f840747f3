import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work (and the benchmarks) build side by side; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
