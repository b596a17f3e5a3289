import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import solid from 'vite-plugin-solid'
import { TESSERACT_ASSET_DIR, TESSERACT_ASSET_FILES } from './web/browser/ingest/tesseractAssets.ts'
import { firstUseScriptGlobs } from './web/browser/sw/firstUseScripts.ts'
import { appCsp } from './web/plugin-frame/appCsp.ts'

/**
 * msw declares `sideEffects: false`, so the bundler would drop `import 'msw/mockServiceWorker.js'`
 * from the service worker, although that script is nothing but side effects (its event listeners).
 */
function keepSideEffects(specifier: string): Plugin {
  return {
    name: 'quire:keep-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== specifier) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && { ...resolved, moduleSideEffects: true }
    },
  }
}

/**
 * ONNX Runtime Web's WebAssembly binary (the asyncify build its WebGPU and WASM backends share), which
 * transformers.js would otherwise fetch from a CDN. web/browser/ingest/browserTransformersEmbedder.ts
 * imports its URL (`?url`), so Vite emits it wherever that module is in the graph; emitting it here too
 * (same name and bytes, so the same hashed file; skipped when a worker's build has put it there already)
 * keeps it in every build, ready to precache, even before any bundled code path reaches the embedder.
 */
function onnxRuntimeWasm(): Plugin {
  const name = 'ort-wasm-simd-threaded.asyncify.wasm'
  const path = createRequire(import.meta.url).resolve(`onnxruntime-web/${name}`)
  return {
    name: 'quire:onnxruntime-wasm',
    apply: 'build',
    // After Vite's own plugins, which put a worker's copy into the bundle under the same hashed name.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const stem = name.replace(/\.wasm$/, '')
      if (Object.keys(bundle).some((file) => file.split('/').pop()?.startsWith(`${stem}-`))) return
      this.emitFile({ type: 'asset', name, originalFileName: path, source: readFileSync(path) })
    },
  }
}

/**
 * tesseract.js's worker script, WASM cores and English/French data (web/browser/ingest/browserOcr.ts),
 * which it would otherwise fetch from a CDN: emitted under fixed names in a versioned folder, since
 * tesseract.js builds the core's and the languages' file names itself. Not precached (about 14 MB,
 * needed only for scans and images): the service worker caches them on first use.
 */
function tesseractAssets(): Plugin {
  const require = createRequire(import.meta.url)
  return {
    name: 'quire:tesseract-assets',
    apply: 'build',
    generateBundle() {
      for (const [name, source] of Object.entries(TESSERACT_ASSET_FILES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${TESSERACT_ASSET_DIR}/${name}`,
          source: readFileSync(require.resolve(source)),
        })
      }
    },
  }
}

/**
 * The app's Content-Security-Policy (web/core/http/appContentSecurityPolicy.ts) as the built
 * index.html's first `<meta>`, so a static host and the service worker's copy of the page enforce it;
 * the sync server sends the same policy as a header. Build only: the dev server injects its own scripts.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'quire:content-security-policy',
    apply: 'build',
    // Right after the charset (which must come within the first 1024 bytes), before any script.
    async transformIndexHtml(html) {
      const policy = await appCsp('meta')
      const charset = /<meta charset="[^"]*"\s*\/?>/i
      if (!charset.test(html) || policy.includes('"')) throw new Error('index.html: no place for the CSP')
      return html.replace(
        charset,
        (tag) => `${tag}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
      )
    },
  }
}

function packageVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  return version
}

export default defineConfig({
  plugins: [
    contentSecurityPolicy(),
    onnxRuntimeWasm(),
    tesseractAssets(),
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
      // public/icons are precached by the glob below already.
      includeManifestIcons: false,
      injectManifest: {
        // Everything, lazy route chunks and workers included, so that offline reloads load them.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,json}'],
        // WebLLM's worker and transformers.js are cached on first use instead (firstUseScripts.ts, the
        // service worker's route), as the ONNX runtime and tesseract.js's files are.
        globIgnores: [...firstUseScriptGlobs, 'tesseract/**'],
        rollupFormat: 'iife',
        maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
        buildPlugins: { vite: [keepSideEffects('msw/mockServiceWorker.js')] },
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
        shortcuts: [
          { name: 'Collections', url: '/collections' },
          { name: 'Chat', short_name: 'Chat', url: '/chat' },
          { name: 'Search', short_name: 'Search', url: '/search' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  // The app's version for Settings (web/app/pwa/appVersion.ts), from package.json at build time.
  define: { __APP_VERSION__: JSON.stringify(packageVersion()) },
  // The workers' own builds (no timing report either: see build.rolldownOptions).
  worker: { format: 'es', rolldownOptions: { checks: { bundlerTimings: false } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Rolldown's timing report of each plugin's callbacks printed a yellow block after every build
      // that read as a warning about the app; the build's own result is what a person starting Quire needs.
      checks: { bundlerTimings: false },
      output: {
        // The entry chunk would be one 570 kB file (over Vite's 500 kB warning on every build): msw's
        // page side (setupWorker, with its cookie and domain libraries), which starts the in-browser API,
        // and the router are libraries that change less often than the app, so each gets its own chunk,
        // cached across app updates. All are needed on the first paint, so none can be lazy.
        codeSplitting: {
          groups: [
            {
              name: 'msw',
              test: /node_modules[\\/](msw|@mswjs|tldts|tldts-core|tough-cookie|headers-polyfill|set-cookie-parser|rettime|strict-event-emitter|@open-draft|outvariant|until-async|is-node-process|path-to-regexp)[\\/]/,
            },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
})
