import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The API serves the built app from dist/ at "/"; in development Vite serves it and forwards /api.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": process.env.BLOBBENCH_API_URL ?? "http://127.0.0.1:8000",
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
  },
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
  },
});
