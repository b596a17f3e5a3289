/** The flags the browser tests and the in-browser benchmarks launch the system Chromium with. */
export const CHROMIUM_ARGS: readonly string[]
