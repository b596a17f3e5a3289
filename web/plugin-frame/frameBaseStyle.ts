/**
 * The app's base look for a module's frame: text, inputs, selects, text areas and buttons styled with
 * Quire's design tokens, light and dark, so that a plugin that brings no styles of its own does not show
 * the browser's bare controls inside a styled page. The token set follows the page's colour scheme: a
 * frame's `prefers-color-scheme` is the used `color-scheme` of its `<iframe>` element, which the app sets
 * from the person's theme (`:root[data-theme='dark'] {color-scheme: dark}`); for a module that declares
 * the theme service the runtime also sets `data-theme` on the frame's `<html>` from the theme the host
 * pushes, which then decides.
 *
 * Everything is in the `quire-base` cascade layer and in `:where()` (no specificity): any style a plugin
 * brings, layered or not, wins over it, so a plugin that styles itself looks as it was made.
 *
 * The token values are the app's own (`web/app/styles/tokens.css`, `:root` and `:root[data-theme='dark']`);
 * the frame cannot read the app's stylesheet (a sandboxed srcdoc frame of its own origin), so they travel as
 * text. `frameBaseStyle.test.ts` holds them equal to the app's. Its spacing and type sizes are the app's
 * tokens too (`FRAME_SIZES`), written into the rules as values: a plugin sees no `--space-*` or `--text-*`.
 */

/** The app's tokens a frame's base styles use, by name (without the leading `--`). */
export const FRAME_TOKENS = [
  'text',
  'muted',
  'surface',
  'surface-muted',
  'border-strong',
  'accent',
  'accent-hover',
  'on-accent',
  'input-bg',
  'focus',
] as const

export type FrameToken = (typeof FRAME_TOKENS)[number]

export const LIGHT_TOKENS: Readonly<Record<FrameToken, string>> = {
  text: '#1f2330',
  muted: '#5a6070',
  surface: '#ffffff',
  'surface-muted': '#f1eee7',
  'border-strong': '#c9c4b8',
  accent: '#3b4a8c',
  'accent-hover': '#2f3c75',
  'on-accent': '#ffffff',
  'input-bg': '#ffffff',
  focus: '#2563eb',
}

export const DARK_TOKENS: Readonly<Record<FrameToken, string>> = {
  text: '#e9e7e2',
  muted: '#a6abb6',
  surface: '#1c1f26',
  'surface-muted': '#23262e',
  'border-strong': '#454a55',
  accent: '#a3b0f5',
  'accent-hover': '#bcc6fa',
  'on-accent': '#14161b',
  'input-bg': '#15171c',
  focus: '#8ab4ff',
}

/** The app's spacing and type tokens the base styles use, by name, with the values `styles/tokens.css` gives. */
export const FRAME_SIZES = {
  'space-4': '0.5rem',
  'space-6': '0.75rem',
  'space-7': '1rem',
  'text-base': '1rem',
} as const

const { 'space-4': space4, 'space-6': space6, 'space-7': space7, 'text-base': textBase } = FRAME_SIZES

const declarations = (tokens: Readonly<Record<FrameToken, string>>) =>
  FRAME_TOKENS.map((name) => `--quire-${name}:${tokens[name]}`).join(';')

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"

/** The frame's base stylesheet (text for a `<style>` element). */
export const FRAME_BASE_STYLE = [
  '@layer quire-base{',
  `:where(:root){${declarations(LIGHT_TOKENS)}}`,
  `@media (prefers-color-scheme:dark){:where(:root:not([data-theme=light])){${declarations(DARK_TOKENS)}}}`,
  `:where(:root[data-theme=dark]){${declarations(DARK_TOKENS)}}`,
  // The cell's own surface, so text is read (and measured) against what it is shown on.
  ':where(html){background:var(--quire-surface)}',
  `:where(body){color:var(--quire-text);font-family:${FONT};font-size:${textBase};line-height:1.5}`,
  ':where(a){color:var(--quire-accent)}',
  ':where(input:not([type=checkbox],[type=radio],[type=range],[type=color],[type=file]),select,textarea){' +
    `box-sizing:border-box;min-height:2.5rem;padding:${space4} ${space6};border:1px solid var(--quire-border-strong);` +
    'border-radius:8px;background:var(--quire-input-bg);color:var(--quire-text);font:inherit}',
  ':where(input,select,textarea)::placeholder{color:var(--quire-muted);opacity:1}',
  ':where(button,input[type=button],input[type=submit],input[type=reset]){' +
    `box-sizing:border-box;min-height:2.5rem;padding:0 ${space7};border:1px solid var(--quire-accent);` +
    'border-radius:8px;background:var(--quire-accent);color:var(--quire-on-accent);font:inherit;font-weight:600;cursor:pointer}',
  ':where(button,input[type=button],input[type=submit],input[type=reset]):hover{background:var(--quire-accent-hover);border-color:var(--quire-accent-hover)}',
  ':where(button,input,select,textarea):disabled{opacity:0.6;cursor:not-allowed}',
  ':where(button,input,select,textarea,a):focus-visible{outline:2px solid var(--quire-focus);outline-offset:2px}',
  ':where(input[type=checkbox],input[type=radio]){accent-color:var(--quire-accent)}',
  '}',
].join('')
