import { describe, expect, it } from 'vitest'
import { canonicalPath, hasDotSegment } from './canonicalPath'

describe('canonicalPath', () => {
  it('folds runs of slashes into one', () => {
    expect(canonicalPath('//api///v1//auth/login')).toBe('/api/v1/auth/login')
  })

  it('decodes percent-encoded unreserved characters, upper or lower hex', () => {
    expect(canonicalPath('/%61pi/v1/auth/%6c%6F%67in')).toBe('/api/v1/auth/login')
    expect(canonicalPath('/api/v1/plugin-state/%73tats')).toBe('/api/v1/plugin-state/stats')
    expect(canonicalPath('/a%2Db%2ec%5Fd%7Ee%30%39%41%5A')).toBe('/a-b.c_d~e09AZ')
  })

  it('leaves reserved escapes and other bytes encoded', () => {
    expect(canonicalPath('/api/files/a%2Fb%3F%25%20%C3%A9')).toBe('/api/files/a%2Fb%3F%25%20%C3%A9')
    expect(canonicalPath('/%40%5B%60%7B%2F')).toBe('/%40%5B%60%7B%2F')
  })

  it('leaves case alone', () => {
    expect(canonicalPath('/API/Documents/')).toBe('/API/Documents/')
  })
})

describe('hasDotSegment', () => {
  it('finds . and .. segments only', () => {
    expect(hasDotSegment('/api/../x')).toBe(true)
    expect(hasDotSegment('/api/./x')).toBe(true)
    expect(hasDotSegment('/api/.x/..y')).toBe(false)
  })
})
