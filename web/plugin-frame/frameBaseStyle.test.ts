import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DARK_TOKENS, FRAME_BASE_STYLE, FRAME_SIZES, FRAME_TOKENS, LIGHT_TOKENS } from './frameBaseStyle'

const css = readFileSync(new URL('../app/styles/tokens.css', import.meta.url), 'utf8')

/** The declarations of the first rule with exactly this selector in the app's stylesheet. */
function tokensOf(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`)
  expect(start, `${selector} in styles/tokens.css`).toBeGreaterThanOrEqual(0)
  const body = css.slice(start, css.indexOf('}', start))
  return new Map([...body.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

describe('the frame base style', () => {
  it('uses the app’s own light and dark tokens', () => {
    const light = tokensOf(':root')
    const dark = tokensOf(":root[data-theme='dark']")
    for (const name of FRAME_TOKENS) {
      expect(LIGHT_TOKENS[name], `light --${name}`).toBe(light.get(name))
      expect(DARK_TOKENS[name], `dark --${name}`).toBe(dark.get(name))
    }
  })

  it('uses the app’s own spacing and type sizes', () => {
    const light = tokensOf(':root')
    for (const [name, value] of Object.entries(FRAME_SIZES)) expect(value, `--${name}`).toBe(light.get(name))
  })

  it('yields to any style a plugin brings: one cascade layer, no specificity', () => {
    expect(FRAME_BASE_STYLE.startsWith('@layer quire-base{')).toBe(true)
    const inner = FRAME_BASE_STYLE.slice('@layer quire-base{'.length, -1)
    // Each rule's selector (inside a media query or not) is a :where(), which has no specificity.
    const selectors = inner
      .replace(/@media[^{]*\{/g, '')
      .split('}')
      .filter(Boolean)
    for (const rule of selectors) expect(rule.trimStart()).toMatch(/^:where\(/)
  })
})
