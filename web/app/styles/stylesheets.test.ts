import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The app's stylesheets stay small and write their spacing and type sizes as tokens (web/app/CONTEXT.md).

const web = new URL('../../', import.meta.url)
const stylesheets = readdirSync(web, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.css'))
  .map((path) => ({ path, text: readFileSync(new URL(path, web), 'utf8') }))
const lines = (text: string) => text.trimEnd().split('\n').length

const tokens = readFileSync(new URL('tokens.css', import.meta.url), 'utf8')
const scale = (kind: 'space' | 'text') =>
  new Map(
    [...tokens.matchAll(new RegExp(`--(${kind}-[a-z0-9]+):\\s*([^;]+);`, 'g'))].map((m) => [m[2]!, m[1]!]),
  )
const SPACE = scale('space')
const TEXT = scale('text')
const SPACING = /^(padding|margin|gap|row-gap|column-gap|inset|top|left|right|bottom)(-[a-z-]+)?$/

/** `file: property: value` for each spacing or font-size length that equals a token's value. */
function literalsOnTheScale(path: string, text: string): string[] {
  const found: string[] = []
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const [, property, value] of code.matchAll(/(?<![\w-])([a-z-]+)\s*:\s*([^;{}]+)(?=[;}])/g)) {
    const onScale = SPACING.test(property!) ? SPACE : property === 'font-size' ? TEXT : undefined
    if (!onScale) continue
    for (const [length] of value!.matchAll(/(?<![\w.#-])\d*\.?\d+[a-z%]*(?![\w.%])/g)) {
      if (onScale.has(length))
        found.push(`${path}: ${property}: ${value!.trim()} (var(--${onScale.get(length)}))`)
    }
  }
  return found
}

describe('the stylesheets', () => {
  it('are found', () => {
    expect(stylesheets.length).toBeGreaterThan(40)
    expect(SPACE.size).toBeGreaterThan(5)
    expect(TEXT.size).toBeGreaterThan(5)
  })

  it('keep the tokens in one small file', () => {
    expect(lines(tokens)).toBeLessThanOrEqual(120)
  })

  it('stay under 400 lines each; a long one is split by sub-feature', () => {
    const long = stylesheets
      .filter(({ text }) => lines(text) > 400)
      .map(({ path, text }) => `${path}: ${lines(text)}`)
    expect(long).toEqual([])
  })

  it('write a spacing or font size on the scale as its token', () => {
    const literals = stylesheets
      .filter(({ path }) => !path.endsWith('tokens.css'))
      .flatMap(({ path, text }) => literalsOnTheScale(path, text))
    expect(literals).toEqual([])
  })
})
