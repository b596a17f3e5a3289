/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and first tries whether it
 * may: under the app's Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as
 * a violation. Its global config lives on `globalThis.__zod_globalConfig` (zod/v4/core/core.js), which
 * it reads when it loads and at each parse: set here, first thing in the page, before any chunk with
 * zod is loaded (it comes with the lazy screens), so no import of zod is added to the entry chunk.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true }

export {}
