/** The Chromium the browser tests use: CHROMIUM_PATH if set, else the first installed candidate. */
export function findChromium(): string | undefined
