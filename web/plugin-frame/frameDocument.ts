/**
 * The document of a module's frame, given as `srcdoc` of `<iframe sandbox="allow-scripts">`. Not a URL:
 * a sandboxed frame without allow-same-origin is never controlled by Quire's service worker, so a
 * page fetched by URL would not load offline. The document holds only a loader; the frame's runtime
 * (React 18, ReactDOM and the bootstrap, `frameRuntime.ts`) arrives as text over postMessage from the
 * host, which read it through the service worker, and runs from a blob: URL.
 *
 * The CSP leaves the frame nothing but its own blob: scripts and the loader (by hash): no fetch, XHR,
 * WebSocket, image or font from anywhere (connect-src is 'none' through default-src), no forms, no
 * nested frames, no <base>. Styles may be inline (plugins inject <style> tags) or blob: (CSS chunks).
 * `color-scheme: light dark` as the app's: a frame whose scheme differs from its page's is painted
 * on an opaque canvas (white in a dark app). The base styles (frameBaseStyle.ts) paint the frame in the
 * cell's own surface colour of the page's scheme, which a plugin may override.
 */

import { FRAME_BASE_STYLE } from './frameBaseStyle.ts'

/** The loader: waits for the host's one `{quireFrame: 'runtime', source}` message with a port. */
export const FRAME_LOADER_SOURCE = `(function () {
  function onInit(event) {
    var data = event.data
    if (event.source !== parent || !data || data.quireFrame !== 'runtime' || !event.ports[0]) return
    removeEventListener('message', onInit)
    window.__quireFramePort = event.ports[0]
    var script = document.createElement('script')
    script.type = 'module'
    script.src = URL.createObjectURL(new Blob([String(data.source)], { type: 'text/javascript' }))
    document.head.appendChild(script)
  }
  addEventListener('message', onInit)
})()`

/**
 * The loader's SHA-256 (base64), as a CSP hash source takes it: the frame's own policy allows the
 * loader by it, and so does the app's (a srcdoc frame inherits its page's policy too).
 */
export async function frameLoaderHash(): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(FRAME_LOADER_SOURCE))
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
}

/** The frame's Content-Security-Policy, allowing the loader by its SHA-256 (base64). */
export function frameCsp(loaderHash: string): string {
  return [
    "default-src 'none'",
    `script-src blob: 'sha256-${loaderHash}'`,
    "style-src 'unsafe-inline' blob:",
    'img-src blob: data:',
    'font-src blob: data:',
    'media-src blob: data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ')
}

// The frame's own layout, then the app's base look for plugins that bring no styles (frameBaseStyle.ts).
// The root takes the frame's whole size, which is the cell's (or more, when the content needs more:
// contentHeight.ts): a module at `width/height: 100%`, as BrainDrive lays its modules out, fills its cell.
const STYLE =
  ':root{color-scheme:light dark}html,body{margin:0;padding:0;width:100%;height:100%}' +
  '#root{display:flow-root;box-sizing:border-box;width:100%;height:100%}' +
  FRAME_BASE_STYLE

/** The whole srcdoc for a loader hash. */
export function frameSrcdoc(loaderHash: string): string {
  const csp = frameCsp(loaderHash).replace(/"/g, '&quot;')
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>${STYLE}</style><script>${FRAME_LOADER_SOURCE}</script></head><body><div id="root"></div></body></html>`
}
