import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import solid from 'vite-plugin-solid'

export default defineConfig({
  plugins: [
    // File routes under web/app/routes; each route's component is split into its own lazy chunk.
    tanstackRouter({
      target: 'solid',
      routesDirectory: './web/app/routes',
      generatedRouteTree: './web/app/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    solid(),
    VitePWA({
      // Our own service worker (web/browser/sw.ts): Workbox precaching plus msw routing of /api.
      strategies: 'injectManifest',
      srcDir: 'web/browser',
      filename: 'sw.ts',
      // The page registers the worker itself (workbox-window), so that it can offer updates.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // Everything, lazy route chunks and workers included, so that offline reloads load them.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json}'],
        rollupFormat: 'iife',
        maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
      },
      manifest: {
        name: 'Quire',
        short_name: 'Quire',
        description: 'Chat with your own documents, privately. Everything runs in your browser.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f7f5f0',
        theme_color: '#3b4a8c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [{ name: 'Collections', url: '/collections' }],
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: { port: 5173 },
})
