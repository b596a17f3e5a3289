import { describe, expect, it } from 'vitest'
import { printsOption, typedOptions } from './typedOptions'

describe('typedOptions', () => {
  it('reads the command-line options a question names, as typed', () => {
    expect(typedOptions('whats the -s option do in a pandoc command')).toEqual(['-s'])
    expect(typedOptions('what do --mathml and --pdf-engine do')).toEqual(['--mathml', '--pdf-engine'])
    // A hyphenated word or a minus sign before a number is no option.
    expect(typedOptions('what is a work-family conflict, -5 degrees')).toEqual([])
  })

  it('finds an option printed as such, not inside a longer one', () => {
    expect(printsOption('The -s option says to create a "standalone" file.', '-s')).toBe(true)
    expect(printsOption('pandoc test1.md -f markdown -t latex -s -o test1.tex', '-s')).toBe(true)
    expect(printsOption('Use --standalone or -so for short.', '-s')).toBe(false)
    expect(printsOption('The --s flag', '-s')).toBe(false)
  })
})
