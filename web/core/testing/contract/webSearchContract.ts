import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectValidationIssue } from './expectValidationIssue'
import { responseJson } from './responseJson'

const W = '/api/v1/websearch'

/** Saves the person's SearXNG URL ('' clears it) with the ordinary settings API. */
async function useSearxng(client: ContractClient, url: string): Promise<void> {
  const saved = await client({
    method: 'POST',
    path: '/api/v1/settings/instances',
    json: { definition_id: 'web_search_settings', value: { searxng_url: url }, user_id: 'current' },
  })
  check(saved.status === 200 || saved.status === 201, `setting saved: ${saved.status} ${saved.text}`)
}

/**
 * Web search on both hosts without a SearXNG to reach (the server tests have fake ones): not set up,
 * bad input, and an instance that does not answer. The setting is cleared again at the end.
 */
export const webSearchContract: HostCase<ContractClient>[] = [
  {
    name: 'Web search: not set up (503, health not_configured), 422 for bad input, an instance that does not answer is unhealthy',
    async run(client) {
      await useSearxng(client, '')
      const health = await client({ method: 'GET', path: `${W}/health` })
      checkEqual(health.status, 200, 'health status')
      checkEqual(responseJson(health).status, 'not_configured', 'health without a URL')
      const search = await client({ method: 'GET', path: `${W}/web?q=marmalade` })
      checkEqual(search.status, 503, 'search without a URL')
      check(String(responseJson(search).detail).includes('Web search is not set up'), search.text)

      expectValidationIssue(await client({ method: 'GET', path: `${W}/web` }), 'query.q')
      expectValidationIssue(
        await client({ method: 'GET', path: `${W}/web?q=jam&safesearch=3` }),
        'query.safesearch',
      )
      const six = Array.from({ length: 6 }, (_, i) => `https://example.org/${i}`)
      expectValidationIssue(
        await client({ method: 'POST', path: `${W}/scrape`, json: { urls: six } }),
        'body.urls',
      )
      expectValidationIssue(await client({ method: 'POST', path: `${W}/scrape`, json: six }), 'body.urls')
      expectValidationIssue(
        await client({ method: 'POST', path: `${W}/scrape`, json: { urls: ['ftp://example.org/x'] } }),
        'body.urls.0',
      )

      // Nothing listens there (and the server's outbound policy refuses it with accounts): unhealthy, with why.
      await useSearxng(client, 'http://127.0.0.1:9')
      try {
        const down = responseJson(await client({ method: 'GET', path: `${W}/health` }))
        checkEqual(down.status, 'unhealthy', 'health of an instance that does not answer')
        checkEqual(down.accessible, false, 'accessible')
        check(typeof down.error === 'string' && down.error.length > 0, `a reason: ${JSON.stringify(down)}`)
      } finally {
        await useSearxng(client, '')
      }
    },
  },
]
