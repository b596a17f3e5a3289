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
 * - connect-src `'self'` (and `data:`/`blob:`, which reach no other server): the page talks to its own
 *   origin only. What it needs of other servers goes through a path this policy allows (issue 39,
 *   item 7): the signed-in sync server, the person's model servers, cloud providers, plugin archives
 *   and catalogs are fetched by the API worker in the browser host and by the server in the server host;
 *   the few requests the page itself made to another origin (a plugin's `network.request` call, the
 *   sign-up form's look at a server's `/health`, the API explorer with a typed token) are handed to the
 *   API worker (`outboundFetch`). A dedicated worker runs under its own script's policy, not this
 *   one; WebLLM's and transformers.js's model downloads happen in theirs. So an injected `<a ping>` or
 *   a script that somehow ran cannot send the page's data anywhere by itself, on either host.
 * - worker-src `'self'` and `blob:`: the API, ingest and WebLLM workers, and libraries' blob: workers.
 * Workers are not covered: each runs under the policy of its own script's response (none).
 *
 * The frame loader's hash is given, not computed here: core knows nothing of the plugin frame, whose
 * `appCsp` (web/plugin-frame/appCsp.ts) fills it in for the build and the server.
 */
export function appContentSecurityPolicy(loaderHash: string, delivery: 'header' | 'meta'): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' blob: 'sha256-${loaderHash}'`,
    "style-src 'self' 'unsafe-inline' blob:",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self' data: blob:",
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
