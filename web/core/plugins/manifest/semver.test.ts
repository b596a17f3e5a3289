import { describe, expect, it } from 'vitest'
import { compareSemver, isSemver, parseSemver } from './semver'

describe('parseSemver', () => {
  it('reads MAJOR.MINOR.PATCH with pre-release and build, and a leading v', () => {
    expect(parseSemver('1.0.17')).toEqual({ major: 1, minor: 0, patch: 17, pre: [] })
    expect(parseSemver('v2.3.4')).toEqual({ major: 2, minor: 3, patch: 4, pre: [] })
    expect(parseSemver('1.0.0-alpha.1+build.5')).toEqual({
      major: 1,
      minor: 0,
      patch: 0,
      pre: ['alpha', '1'],
    })
    expect(parseSemver('1.0.0-0.3.7')).toEqual({ major: 1, minor: 0, patch: 0, pre: ['0', '3', '7'] })
    expect(parseSemver('1.0.0-x-y-z.--')?.pre).toEqual(['x-y-z', '--'])
  })

  it('refuses what semver.org does not allow', () => {
    for (const bad of [
      '',
      '1',
      '1.0',
      '1.0.0.0',
      '01.0.0',
      '1.02.0',
      '1.0.0-01',
      '1.0.0-',
      '1.0.0+',
      '1.0.0-a..b',
      ' 1.0.0',
      '1.0.0 ',
      'vv1.0.0',
      'latest',
      '1.0.x',
      '-1.0.0',
    ])
      expect(parseSemver(bad), bad).toBeUndefined()
    expect(isSemver('1.2.3')).toBe(true)
    expect(isSemver('1.2')).toBe(false)
  })
})

describe('compareSemver', () => {
  it('orders by the precedence rules of semver.org, with pre-releases below their release', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '1.10.0',
      '2.0.0',
      '10.0.0',
    ]
    for (let i = 0; i < ordered.length; i++)
      for (let j = 0; j < ordered.length; j++) {
        const a = ordered[i] as string
        const b = ordered[j] as string
        expect(Math.sign(compareSemver(a, b)), `${a} vs ${b}`).toBe(Math.sign(i - j))
      }
  })

  it('ignores a leading v and build metadata', () => {
    expect(compareSemver('v1.2.3', '1.2.3')).toBe(0)
    expect(compareSemver('1.2.3+a', '1.2.3+b')).toBe(0)
    expect(compareSemver('v1.2.4', '1.2.3')).toBeGreaterThan(0)
  })

  it('compares numbers beyond the safe integer range exactly', () => {
    expect(compareSemver('9007199254740993.0.0', '9007199254740992.0.0')).toBeGreaterThan(0)
  })

  it('puts anything that is not a version below every version', () => {
    expect(compareSemver('garbage', '0.0.1')).toBeLessThan(0)
    expect(compareSemver('0.0.1', 'garbage')).toBeGreaterThan(0)
    expect(compareSemver('junk', 'other junk')).toBe(0)
  })
})
