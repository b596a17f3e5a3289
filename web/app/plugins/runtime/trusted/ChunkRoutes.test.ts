import { describe, expect, it } from 'vitest'
import { PackageUrls } from '../../../../plugin-frame/loadContainer'
import { ChunkRoutes, containerBase } from './ChunkRoutes'

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer

describe('ChunkRoutes', () => {
  const notes = new PackageUrls([
    { path: 'dist/remoteEntry.js', bytes: bytes('entry') },
    { path: 'dist/123.js', bytes: bytes('notes chunk') },
    { path: 'dist/css/main.css', bytes: bytes('css') },
  ])
  const other = new PackageUrls([
    { path: 'dist/remoteEntry.js', bytes: bytes('entry') },
    { path: 'dist/123.js', bytes: bytes('other chunk') },
  ])
  const origin = 'http://localhost:4917'
  const routes = new ChunkRoutes()
  const route = (base: string, urls: PackageUrls) =>
    routes.add(base, (address) => urls.resolve(address, `${base}dist/remoteEntry.js`, 'dist/remoteEntry.js'))
  const first = containerBase(origin, 1)
  const second = containerBase(origin, 2)
  route(first, notes)
  const removeSecond = route(second, other)

  it('routes a chunk to the container whose base it starts with, even where file names are alike', () => {
    expect(routes.target(`${first}dist/123.js`)).toBe(notes.urlOf('dist/123.js'))
    expect(routes.target(`${second}dist/123.js`)).toBe(other.urlOf('dist/123.js'))
    expect(routes.target(`${first}dist/css/main.css?v=2`)).toBe(notes.urlOf('dist/css/main.css'))
    expect(routes.target(`${first}dist/remoteEntry.js`)).toBe(notes.urlOf('dist/remoteEntry.js'))
  })

  it('fails a container’s address its package does not hold, and leaves everyone else’s alone', () => {
    expect(routes.target(`${second}dist/css/main.css`)).toBeNull()
    expect(routes.target(`${first}../../assets/index.js`)).toBeNull()
    expect(routes.target(`${origin}/assets/index-abc.js`)).toBeUndefined()
    expect(routes.target('blob:http://localhost:4917/0b6f5c1e')).toBeUndefined()
    expect(routes.target(`${origin}/__quire-trusted/3/dist/123.js`)).toBeUndefined()
  })

  it('forgets a removed container', () => {
    removeSecond()
    expect(routes.target(`${second}dist/123.js`)).toBeUndefined()
  })
})
