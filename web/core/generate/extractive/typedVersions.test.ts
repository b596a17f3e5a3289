import { describe, expect, it } from 'vitest'
import { printsVersion, typedVersions } from './typedVersions'

describe('typedVersions', () => {
  it('reads the versions a question names, not quantities', () => {
    expect(typedVersions('when does tika 3.x reach end of life')).toEqual(['3.x'])
    expect(typedVersions('what changed in version 3.12')).toEqual(['3.12'])
    expect(typedVersions('is v4 supported')).toEqual(['v4'])
    expect(typedVersions('upgrade 1.8.3 to 2.4.x')).toEqual(['1.8.3', '2.4.x'])
    expect(typedVersions('what is the 1.5 billion charge, up 4.2%')).toEqual([])
  })

  it('finds a version printed as such, or one of its series', () => {
    expect(printsVersion('Tika 3.0.0 was released', '3.x')).toBe(true)
    expect(printsVersion('Tika 2.x and Java 8 reached end of life', '3.x')).toBe(false)
    expect(printsVersion('Python 3.12 adds', '3.12')).toBe(true)
    expect(printsVersion('see section 3.120', '3.12')).toBe(false)
    expect(printsVersion('version 4 of the API', 'v4')).toBe(true)
  })
})
