// With its extension: vite.config.ts loads this file, and Vite's native config loader wants one.
import { frameLoaderHash } from '../../plugin-frame/frameDocument.ts'

/**
 * The app's one Content-Security-Policy, read by both hosts: the Vite build writes it into
 * index.html as a `<meta http-equiv>` (so a static host, and the service worker's copy of the page,
 * enforce it), and the sync server sends it as a header on the HTML, with `frame-ancestors`, which a
 * meta policy cannot carry. No inline script and no eval: an injected `<script>` or handler never runs.
 *
 * What each allowance is for:
 * - script-src `blob:` and the frame loader's hash: a plugin module's `srcdoc` frame inherits this
 *   policy on top of its own (`frameCsp`), and runs its inline loader and its blob: scripts; a trusted
 *   plugin's container runs in the page from blob: URLs. A blob: URL can only be made by script that
 *   already runs, so it lets nothing injected in. `'wasm-unsafe-eval'`: WebAssembly compiled in the page.
 * - style-src `'unsafe-inline'` and `blob:`: plugins inject `<style>` tags and blob: CSS chunks (in their
 *   frame, under this policy too); styles cannot run script.
 * - img/font/media `data:` and `blob:`: plugin assets (from blob: URLs) and rendered PDF pages.
 * - connect-src `http:`/`https:`/`ws:`/`wss:` (issue 39 looked again, and kept it): what the page
 *   itself fetches from another origin is the sync server the person signs in to (the API explorer
 *   with a typed token goes straight to it) and the servers an installed plugin's API calls name
 *   (runApiPlan, CORS). Both are chosen at run time, on any origin, by http: on a home network too,
 *   while this policy is fixed when the app is built (a meta policy, cached by the service worker),
 *   so no list of origins can be written into it. Model servers are not the page's: the person's
 *   Ollama (localhost:11434 or any host), cloud providers, plugin archives and catalogs are fetched by
 *   the API worker in the browser host and by the server in the server host; WebLLM's and
 *   transformers.js's model downloads (huggingface.co and its CDN) by the WebLLM and ingest workers.
 *   A dedicated worker runs under its own script's policy, not this one, so narrowing connect-src
 *   would not reach those fetches either. What keeps a hostile page part away from them is the rest
 *   of this policy (no injected script runs) and the plugin frame's `connect-src 'none'`.
 * - worker-src `'self'` and `blob:`: the API, ingest and WebLLM workers, and libraries' blob: workers.
 * Workers are not covered: each runs under the policy of its own script's response (none).
 */
export function appContentSecurityPolicy(loaderHash: string, delivery: 'header' | 'meta'): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' blob: 'sha256-${loaderHash}'`,
    "style-src 'self' 'unsafe-inline' blob:",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self' http: https: ws: wss: data: blob:",
    "worker-src 'self' blob:",
    // Plugin modules' frames are srcdoc documents, which frame-src does not govern: nothing else frames.
    "frame-src 'none'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]
  // Ignored (with a console warning) in a meta policy: the header alone keeps the app out of frames.
  if (delivery === 'header') directives.push("frame-ancestors 'none'")
  return directives.join('; ')
}

/** The policy with the frame loader's hash filled in. */
export async function appCsp(delivery: 'header' | 'meta'): Promise<string> {
  return appContentSecurityPolicy(await frameLoaderHash(), delivery)
}
