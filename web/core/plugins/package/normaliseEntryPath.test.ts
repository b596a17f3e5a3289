import { describe, expect, it } from 'vitest'
import { ApiError } from '../../kernel/ApiError'
import { normaliseEntryPath } from './normaliseEntryPath'

describe('normaliseEntryPath', () => {
  it.each([
    ['plugin.json', 'plugin.json', false],
    ['./plugin.json', 'plugin.json', false],
    ['dist//chunks/./a.js', 'dist/chunks/a.js', false],
    ['dist/', 'dist', true],
    ['./', '', true],
    ['.', '', true],
    // Dots inside a name are not a ".." segment.
    ['..hidden/a..b...js', '..hidden/a..b...js', false],
    ['dist/é 中.js', 'dist/é 中.js', false],
  ])('reads %j as %j', (name, path, isFolder) => {
    expect(normaliseEntryPath(name)).toEqual({ path, isFolder })
  })

  it.each([
    ['..', /leaves the package/],
    ['a/../..', /leaves the package/],
    ['a/b/../c', /leaves the package/],
    ['//server/share', /absolute/],
    ['c:evil', /drive letter/],
    ['a\\b', /backslash/],
    ['a\0b', /NUL/],
    ['a\u007fb', /control character/],
  ])('refuses %j with 400', (name, pattern) => {
    let error: unknown
    try {
      normaliseEntryPath(name)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).detail).toMatch(pattern)
  })
})
