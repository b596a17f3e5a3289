import { describe, expect, it } from 'vitest'
import { browserRoutes } from '../../core/api/browserRoutes'
import { compileRouteMatcher } from '../../core/api/compileRouteMatcher'
import { trailingSlashTwin } from '../../core/api/trailingSlashTwin'
import { ECHO_ORIGIN, echoingRouter } from '../test/echoingRouter'
import { scaledTimeout } from '../../core/testing/node/scaledTimeout'

/**
 * The page's direct path (`directApiFetch`) matches routes with `compileRouteMatcher`; msw behind the
 * service worker matches them with its own handlers. For every route of the browser's table, on sample
 * paths (the written one, its twin, upper case, escaped and odd parameters), both must pick the same
 * route with the same parameters, or the direct path must leave the request to msw (undefined).
 */
const summaries = browserRoutes.map(({ method, path }) => ({ method, path }))
const router = echoingRouter(summaries)
const match = compileRouteMatcher(summaries)

async function viaMsw(method: string, path: string) {
  const answer = await router.send(method, `${ECHO_ORIGIN}${path}`)
  return answer?.route === undefined ? undefined : { route: answer.route, params: answer.params }
}

function filled(path: string, value: string, rest: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? value : segment.startsWith('*') ? rest : segment))
    .join('/')
}

/** The written path filled in for every route; its twin and odd spellings for every fifth (msw is slow). */
function samplePaths(path: string, index: number): string[] {
  const plain = filled(path, 'c0ffee-1', 'a/b.js')
  if (index % 5 !== 0) return [plain]
  const twin = trailingSlashTwin(path)
  return [
    plain,
    ...(twin === undefined ? [] : [filled(twin, 'c0ffee-1', 'a/b.js')]),
    plain.toUpperCase(),
    filled(path, 'a%20b%2Fc', 'x%20y/z'),
    `${plain}/extra`,
  ]
}

describe('compileRouteMatcher against the msw router', () => {
  it(
    'picks the same route and parameters as msw for every route of the browser table',
    async () => {
      const differences: string[] = []
      let matched = 0
      for (const [index, route] of summaries.entries()) {
        for (const path of samplePaths(route.path, index)) {
          for (const method of index % 5 === 0
            ? [route.method.toUpperCase(), 'HEAD']
            : [route.method.toUpperCase()]) {
            const expected = await viaMsw(method, path)
            const found = match(method, path)
            if (found) matched++
            // Undefined leaves the request to msw (a path not in its one spelling, say), which is never wrong.
            if (found !== undefined && JSON.stringify(found) !== JSON.stringify(expected))
              differences.push(
                `${method} ${path}: msw ${JSON.stringify(expected)}, direct ${JSON.stringify(found)}`,
              )
          }
        }
      }
      expect(differences).toEqual([])
      expect(matched).toBeGreaterThanOrEqual(summaries.length)
    },
    scaledTimeout(120_000),
  )

  it('leaves a malformed escape to msw rather than throwing', () => {
    expect(match('GET', '/api/collections/%E0%A4%A')).toBeUndefined()
  })
})
