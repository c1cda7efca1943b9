import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ProxyOptions } from 'vite';

const serverUrl = 'http://127.0.0.1:8080';

/** /public/dashboard/:slug is also an SPA route: a browser page load (Accept: text/html) stays with Vite. */
function keepPageLoads(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html') ? req.url : undefined;
}

const toServer: ProxyOptions = { target: serverUrl, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  // not 'public': /public/... is the server's public API and an SPA route (/public/dashboard/:slug)
  publicDir: 'static',
  server: {
    proxy: {
      '/api': toServer,
      '/public': { ...toServer, bypass: keepPageLoads },
      '/health': toServer,
    },
  },
  preview: {
    proxy: {
      '/api': toServer,
      '/public': { ...toServer, bypass: keepPageLoads },
      '/health': toServer,
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/check-bundle.mjs follows the signed-in shell's imports through it
    manifest: true,
    rolldownOptions: {
      output: {
        // libraries change less often than the app: separate chunks stay cached across deploys
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/,
            },
            { name: 'data', test: /node_modules[\\/](zod|@tanstack|i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
