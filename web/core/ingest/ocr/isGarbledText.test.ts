import { describe, expect, it } from 'vitest'
import { isGarbledText } from './isGarbledText'

describe('isGarbledText', () => {
  it('passes prose, tables of figures and short captions', () => {
    expect(isGarbledText('We went tip-toeing along a path amongst the trees back towards the end.')).toBe(
      false,
    )
    expect(isGarbledText('Net sales | 14,694 | 14,544 | (1.0)%\nCost of sales | (11,724) | (11,582)')).toBe(
      false,
    )
    expect(isGarbledText('Figure 3.')).toBe(false)
    expect(isGarbledText('Ελληνικά κείμενα και русский текст, ไทยภาษา')).toBe(false)
    expect(isGarbledText('')).toBe(false)
  })

  it('catches replacement characters, private-use glyphs and symbol soup', () => {
    expect(isGarbledText('\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD text that is mostly fine otherwise here')).toBe(
      true,
    )
    expect(isGarbledText('\uE001\uE002\uE003\uE004 \uE005\uE006 words words words words words')).toBe(true)
    expect(isGarbledText('!#$%&()*+,-./:;<=>?@[]^_`{|}~ !#$%&()*+ ab')).toBe(true)
    // No letters or digits at all, however short.
    expect(isGarbledText('~~ ## ~~')).toBe(true)
  })

  it('puts the line at 10 percent broken characters and 50 percent letters or digits', () => {
    const letters = 'a'.repeat(90)
    expect(isGarbledText(letters + '\uFFFD'.repeat(10))).toBe(false)
    expect(isGarbledText(letters + '\uFFFD'.repeat(11))).toBe(true)
    expect(isGarbledText('a'.repeat(50) + '.'.repeat(50))).toBe(false)
    expect(isGarbledText('a'.repeat(49) + '.'.repeat(51))).toBe(true)
  })
})
