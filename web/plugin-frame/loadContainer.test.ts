import { describe, expect, it } from 'vitest'
import { PackageUrls } from './loadContainer'

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer

describe('PackageUrls.resolve', () => {
  const urls = new PackageUrls([
    { path: 'dist/remoteEntry.js', bytes: bytes('entry') },
    { path: 'dist/496.js', bytes: bytes('chunk') },
    { path: 'dist/css/main.css', bytes: bytes('css') },
    { path: 'other/496.js', bytes: bytes('elsewhere') },
    { path: 'dist/a/7.js', bytes: bytes('a') },
    { path: 'dist/b/7.js', bytes: bytes('b') },
  ])
  const entry = urls.urlOf('dist/remoteEntry.js')!

  it('maps webpack’s auto publicPath (the entry’s blob: folder) to files beside the container', () => {
    // A browser's blob: URL for the entry (Node's have no folder), as webpack reads currentScript.src.
    const browserEntry = 'blob:null/0b6f5c1e-6a39-4f6e-9f43-2c1d4b7a9e10'
    expect(urls.resolve('blob:null/496.js', browserEntry, 'dist/remoteEntry.js')).toBe(
      urls.urlOf('dist/496.js'),
    )
    expect(urls.resolve('blob:null/b/7.js', browserEntry, 'dist/remoteEntry.js')).toBe(
      urls.urlOf('dist/b/7.js'),
    )
    expect(urls.resolve('blob:null/css/main.css?v=1', browserEntry, 'dist/remoteEntry.js')).toBe(
      urls.urlOf('dist/css/main.css'),
    )
  })

  it('falls back to the file name for bundles built with a fixed publicPath', () => {
    expect(urls.resolve('http://localhost/plugins/x/496.js', entry, 'dist/remoteEntry.js')).toBe(
      urls.urlOf('dist/496.js'),
    )
    expect(urls.resolve('http://localhost/main.css', entry, 'dist/remoteEntry.js')).toBe(
      urls.urlOf('dist/css/main.css'),
    )
  })

  it('answers undefined for what the package does not hold', () => {
    expect(urls.resolve('http://localhost/evil.js', entry, 'dist/remoteEntry.js')).toBeUndefined()
    expect(urls.resolve('http://localhost/', entry, 'dist/remoteEntry.js')).toBeUndefined()
  })

  it('knows its own blob: URLs', () => {
    expect(urls.isOurs(entry)).toBe(true)
    expect(urls.isOurs('blob:null/other')).toBe(false)
  })
})
