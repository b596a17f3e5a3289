declare const __APP_VERSION__: string | undefined

/** The app's version (package.json), put in by Vite's `define` at build time; "dev" where it is not. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'
