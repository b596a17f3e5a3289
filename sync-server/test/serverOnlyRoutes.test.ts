import { describe, expect, it } from 'vitest'
import { browserRoutes } from '../../web/core/api/browserRoutes'
import { serverOnlyRoutes } from '../../web/core/api/serverOnlyRoutes'
import { serverRoutes } from '../src/createApp'

const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`

describe('serverOnlyRoutes', () => {
  // The browser forwards exactly these to the sync server; a server route with no browser twin that is
  // missing here would get the in-browser API's 404 on the server's own origin.
  it('lists exactly the server routes the in-browser API does not answer', () => {
    const inBrowser = new Set(browserRoutes.map(key))
    const onlyOnServer = serverRoutes.map(key).filter((route) => !inBrowser.has(route))
    expect([...serverOnlyRoutes.map(key)].sort()).toEqual(onlyOnServer.sort())
  })
})
