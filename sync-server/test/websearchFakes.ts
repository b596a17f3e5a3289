import type { ServerResponse } from 'node:http'
import type { UpstreamRequest } from './fakeUpstream'

/** A page with furniture around its `<main>`: what ingestion's extraction keeps is the main text only. */
export const ARTICLE_HTML = `<!doctype html><html><head><title>Marmalade facts</title>
<script>var tracking = "SCRIPT TEXT";</script><style>body { color: red }</style></head>
<body><nav><a href="/">Home</a> NAVIGATION TEXT</nav>
<main><h1>Marmalade</h1><p>Seville oranges make the best marmalade because of their bitter peel.</p>
<p hidden>HIDDEN TEXT</p><p>Marmalade was first sold in Dundee in 1797.</p></main>
<footer>FOOTER TEXT</footer></body></html>`

/** One result per page of the fake page server, in the order SearXNG ranked them. */
export function searxngResults(pagesUrl: string) {
  return [
    {
      title: 'Marmalade facts',
      url: `${pagesUrl}/article`,
      content: 'Seville oranges make the best marmalade.',
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'wikipedia'],
      score: 2.5,
      category: 'general',
    },
    {
      title: 'Not a page',
      url: `${pagesUrl}/file.pdf`,
      content: 'Marmalade history in Dundee started in 1797 with a shop.',
      engine: 'bing',
    },
    { title: 'Not a web URL', url: 'ftp://example.org/x', content: 'dropped' },
  ]
}

/** Answers like SearXNG: `/search?format=json` with `results`, `/config` with its engines. */
export function fakeSearxng(pagesUrl: string) {
  return (request: UpstreamRequest, response: ServerResponse) => {
    const url = new URL(request.path, 'http://searxng.test')
    const cors = { 'access-control-allow-origin': '*' }
    if (url.pathname === '/config') {
      response.writeHead(200, { 'content-type': 'application/json', ...cors }).end(
        JSON.stringify({
          engines: [{ name: 'duckduckgo' }, { name: 'wikipedia' }],
          categories: ['general'],
        }),
      )
    } else if (url.pathname === '/search' && url.searchParams.get('format') === 'json') {
      response.writeHead(200, { 'content-type': 'application/json', ...cors }).end(
        JSON.stringify({
          query: url.searchParams.get('q'),
          number_of_results: 3,
          results: searxngResults(pagesUrl),
          answers: [],
          suggestions: ['marmalade recipe'],
          infoboxes: [],
          unresponsive_engines: [['google', 'timeout']],
        }),
      )
    } else {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>')
    }
  }
}

/** Pages to scrape: an article, a large page, a PDF, a 404, and a redirect to `redirectTo`. */
export function fakePages(redirectTo: () => string) {
  return (request: UpstreamRequest, response: ServerResponse) => {
    const cors = { 'access-control-allow-origin': '*' }
    switch (new URL(request.path, 'http://pages.test').pathname) {
      case '/article':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...cors }).end(ARTICLE_HTML)
        return
      case '/long':
        response
          .writeHead(200, { 'content-type': 'text/html', ...cors })
          .end(`<main>${'<p>Oranges are citrus fruit grown in Seville.</p>'.repeat(2000)}</main>`)
        return
      case '/nested':
        // Built to hurt a parser: 20,000 elements deep (htmlparser2 is quadratic in depth).
        response
          .writeHead(200, { 'content-type': 'text/html', ...cors })
          .end(`<body>${'<div>'.repeat(20_000)}Deep${'</div>'.repeat(20_000)}</body>`)
        return
      case '/notes.txt':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('First paragraph.\n\nSecond paragraph.')
        return
      case '/file.pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4')
        return
      case '/moved':
        response.writeHead(302, { location: redirectTo() }).end()
        return
      default:
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Gone</p>')
    }
  }
}
