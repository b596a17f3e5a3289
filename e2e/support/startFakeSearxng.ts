import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One result SearXNG finds, its `url` given as a path on the fake itself (`/marmalade`). */
export interface FakeSearxngResult {
  title: string
  path: string
  content: string
  engine: string
}

/** A page the fake serves; `cors: false` plays a site that does not let other origins read it. */
export interface FakeSearxngPage {
  html: string
  cors?: boolean
}

export interface FakeSearxng {
  url: string
  close(): Promise<void>
}

/**
 * One server that plays a SearXNG instance (`/config` with two engines, `/search?format=json` with
 * `results`) and the pages it finds. The in-browser API reaches it from the app's origin, so it allows
 * any origin (CORS), as a person's SearXNG behind a CORS proxy would; a page may refuse instead.
 */
export async function startFakeSearxng(options: {
  results: readonly FakeSearxngResult[]
  pages: Record<string, FakeSearxngPage>
}): Promise<FakeSearxng> {
  let base = ''
  const cors = { 'access-control-allow-origin': '*' }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base)
    const page = options.pages[url.pathname]
    if (url.pathname === '/config') {
      response.writeHead(200, { 'content-type': 'application/json', ...cors })
      response.end(JSON.stringify({ engines: [{ name: 'duckduckgo' }, { name: 'wikipedia' }] }))
    } else if (url.pathname === '/search' && url.searchParams.get('format') === 'json') {
      const results = options.results.map(({ path, ...result }) => ({ ...result, url: `${base}${path}` }))
      response.writeHead(200, { 'content-type': 'application/json', ...cors })
      response.end(JSON.stringify({ query: url.searchParams.get('q'), results }))
    } else if (page) {
      const headers = { 'content-type': 'text/html; charset=utf-8', ...(page.cors === false ? {} : cors) }
      response.writeHead(200, headers).end(page.html)
    } else {
      response.writeHead(404, cors).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
