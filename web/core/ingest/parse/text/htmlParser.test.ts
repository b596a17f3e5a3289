import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Block } from '../../DocumentModel'
import { corpusDir } from '../../../testing/corpusDir'
import { htmlParser } from './htmlParser'
import { MAX_HTML_DEPTH } from './parseHtmlDocument'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../../', import.meta.url)))
const readCorpus = (path: string) => new Uint8Array(readFileSync(`${corpus}/${path}`))
const encode = (text: string) => new TextEncoder().encode(text)
const parse = (html: string) => htmlParser.parse(encode(html), {})
const allText = (blocks: Block[]) => blocks.map((block) => block.text).join('\n')
const summary = (blocks: Block[]) => blocks.map((block) => [block.kind, block.text])

describe('htmlParser', () => {
  it('reads headings with their paths, paragraphs and text runs, with entities decoded', async () => {
    const { blocks, title } = await parse(
      '<title> Page &amp; title </title><h1>Top</h1><p>One&nbsp;&lt;two&gt;\n  three<br>four</p>loose text' +
        '<div>in a div</div><h2>Sub</h2><blockquote>quoted</blockquote><h3>Deeper</h3><p>x</p><h2>Next</h2><p>y</p>',
    )
    expect(title).toBe('Page & title')
    expect(blocks.map((block) => [block.kind, block.headingPath.join(' > '), block.text])).toEqual([
      ['heading', '', 'Top'],
      ['paragraph', 'Top', 'One <two> three\nfour'],
      ['paragraph', 'Top', 'loose text'],
      ['paragraph', 'Top', 'in a div'],
      ['heading', 'Top', 'Sub'],
      ['paragraph', 'Top > Sub', 'quoted'],
      ['heading', 'Top > Sub', 'Deeper'],
      ['paragraph', 'Top > Sub > Deeper', 'x'],
      ['heading', 'Top', 'Next'],
      ['paragraph', 'Top > Next', 'y'],
    ])
  })

  it("marks a definition list's term, a paragraph of its own before its definition", async () => {
    const { blocks } = await parse(
      '<h2>Terms</h2><dl><dt>Root <em>cause</em></dt><dd><p>A defect that, once fixed, ends the incident.</p></dd></dl>',
    )
    expect(blocks.map((block) => [block.kind, block.text, block.term ?? false])).toEqual([
      ['heading', 'Terms', false],
      ['paragraph', 'Root cause', true],
      ['paragraph', 'A defect that, once fixed, ends the incident.', false],
    ])
  })

  it('leaves out scripts, styles, comments and hidden elements', async () => {
    const { blocks } = await parse(
      '<head><style>p { color: red }</style><script>var inHead = 1</script></head><body>' +
        '<p>visible <!-- a comment --><script>alert("x")</script><noscript>enable js</noscript></p>' +
        '<p hidden>hidden attr</p><div aria-hidden="true">aria hidden</div>' +
        '<p style="color: red; display : none">display none</p><p style="visibility:hidden">invisible</p>' +
        '<template><p>template</p></template><svg><text>svg text</text></svg><p>end</p></body>',
    )
    expect(summary(blocks)).toEqual([
      ['paragraph', 'visible'],
      ['paragraph', 'end'],
    ])
  })

  it('leaves out navigation and page furniture, keeping an article’s own header', async () => {
    const { blocks } = await parse(
      '<body><header>Site banner</header><nav>Home | About</nav><div id="sidebar">Side</div>' +
        '<div class="cookie-consent">We use cookies</div><div role="navigation">Links</div>' +
        '<p>Page text</p><footer>Copyright</footer><aside>Related</aside></body>',
    )
    expect(summary(blocks)).toEqual([['paragraph', 'Page text']])

    const article = await parse(
      '<body><div class="menu">Menu</div><article><header><h1>Title</h1></header><p>Body text</p>' +
        '<div class="share-buttons">Share</div><footer>Posted in News</footer></article><p>Outside</p></body>',
    )
    expect(summary(article.blocks)).toEqual([
      ['heading', 'Title'],
      ['paragraph', 'Body text'],
      ['paragraph', 'Posted in News'],
    ])
  })

  it('never drops a wrapper named like furniture when it holds the content', async () => {
    const { blocks } = await parse(
      '<body><div id="header">Site name</div><div class="layout-with-sidebar"><div class="sidebar">Side</div>' +
        '<p>Wrapped text</p></div><div class="nav-wrapper-x"><h1>Real title</h1></div></body>',
    )
    expect(summary(blocks)).toEqual([
      ['paragraph', 'Wrapped text'],
      ['heading', 'Real title'],
    ])
    const article = await parse('<section><div class="post-header">Byline</div><p>Text</p></section>')
    expect(summary(article.blocks)).toEqual([
      ['paragraph', 'Byline'],
      ['paragraph', 'Text'],
    ])
  })

  it('uses <main> as the root, and the whole page when <main> is empty', async () => {
    const main = await parse('<p>Teaser</p><main><p>Main text</p></main><p>After</p>')
    expect(summary(main.blocks)).toEqual([['paragraph', 'Main text']])
    const empty = await parse('<p>Teaser</p><div role="main"></div><p>After</p>')
    expect(summary(empty.blocks)).toEqual([
      ['paragraph', 'Teaser'],
      ['paragraph', 'After'],
    ])
  })

  it('writes nested lists one item per line, indented', async () => {
    const { blocks } = await parse(
      '<ul><li>one<ul><li>n1</li><li>n2<ol start="5"><li>five</li><li>six</li></ol></li></ul></li>' +
        '<li><p>two</p><p>parts</p></li></ul>',
    )
    expect(summary(blocks)).toEqual([['list', 'one\n  n1\n  n2\n    5. five\n    6. six\ntwo parts']])
  })

  it('keeps data tables as rows of cells, and walks layout tables as containers', async () => {
    const { blocks } = await parse(
      '<table><caption>Prices</caption><thead><tr><th>Item</th><th>Price</th></tr></thead>' +
        '<tbody><tr><td>Tea</td><td>2&nbsp;€</td></tr><tr><td></td><td></td></tr><tr><td><b>Cake</b></td><td>3 €</td></tr></tbody></table>' +
        '<table><tr><td><table><tr><td>a</td><td>b</td></tr></table></td><td><p>Layout text</p></td></tr></table>',
    )
    expect(blocks[0]).toEqual({ kind: 'paragraph', text: 'Prices', headingPath: [] })
    expect(blocks[1]).toEqual({
      kind: 'table',
      text: 'Item | Price\nTea | 2 €\nCake | 3 €',
      rows: [
        ['Item', 'Price'],
        ['Tea', '2 €'],
        ['Cake', '3 €'],
      ],
      headingPath: [],
    })
    expect(summary(blocks.slice(2))).toEqual([
      ['table', 'a | b'],
      ['paragraph', 'Layout text'],
    ])
  })

  it('keeps code in <pre> verbatim and reads prose in a bare <pre> as paragraphs', async () => {
    const { blocks } = await parse(
      '<pre><code>if (x) {\n  y()\n}\n</code></pre>' +
        '<pre>\nThis is a plain text document\n   served as preformatted text.\n\nSecond paragraph here.</pre>',
    )
    expect(summary(blocks)).toEqual([
      ['code', 'if (x) {\n  y()\n}'],
      ['paragraph', 'This is a plain text document\nserved as preformatted text.'],
      ['paragraph', 'Second paragraph here.'],
    ])
  })

  it('decodes by the declared charset when the bytes are not UTF-8', async () => {
    const bytes = new Uint8Array([
      ...encode('<meta charset="iso-8859-1"><p>Gr'),
      0xfc,
      0xdf,
      ...encode('e</p>'),
    ])
    expect(summary((await htmlParser.parse(bytes, {})).blocks)).toEqual([['paragraph', 'Grüße']])
  })

  it('fails with no_text when nothing remains', async () => {
    for (const html of ['', '<html><head><title>T</title></head><body><script>x()</script></body></html>']) {
      await expect(parse(html)).rejects.toMatchObject({ name: 'ParseError', code: 'no_text' })
    }
  })

  it('reads a page nested up to MAX_HTML_DEPTH and refuses a deeper one at once, with a clear error', async () => {
    const nested = (depth: number) =>
      `<html><body>${'<div>'.repeat(depth)}<p>deep words</p>${'</div>'.repeat(depth)}<p>after</p></body></html>`
    expect(allText((await parse(nested(MAX_HTML_DEPTH - 10))).blocks)).toBe('deep words\nafter')
    // 20,000 levels: recursive walks overflowed the stack, and 2 MB of them took 37 s to parse.
    await expect(parse(nested(20_000))).rejects.toMatchObject({
      name: 'ParseError',
      code: 'corrupt',
      message: expect.stringContaining('more than 1,000 deep'),
    })
  })
})

describe('htmlParser on the corpus', () => {
  it.each(readdirSync(`${corpus}/html`))('parses html/%s', async (name) => {
    const { blocks, title } = await htmlParser.parse(readCorpus(`html/${name}`), {})
    expect(blocks.length).toBeGreaterThan(10)
    expect(title).toBeTruthy()
    expect(blocks.every((block) => block.text.trim() !== '')).toBe(true)
  })

  it('keeps the Wikipedia article and drops the navigation around it', async () => {
    const { blocks, title } = await htmlParser.parse(
      readCorpus('html/readability__wikipedia-mozilla.html'),
      {},
    )
    expect(title).toBe('Mozilla - Wikipedia')
    const text = allText(blocks)
    expect(text).toContain(
      'Mozilla is a free-software community, created in 1998 by members of Netscape. The Mozilla community uses',
    )
    // The sidebar, the personal tools, the page footer and the navbox templates.
    for (const furniture of ['Random article', 'Donate to Wikipedia', 'What links here', 'Create account']) {
      expect(text).not.toContain(furniture)
    }
    expect(text).not.toContain('Privacy policy')
    expect(text).not.toContain('Template:Mozilla')
    expect(text).not.toContain('[edit]')
    const eich = blocks.find((block) =>
      block.text.startsWith('On March 24, 2014, Mozilla promoted Brendan Eich'),
    )
    expect(eich?.headingPath).toEqual(['Mozilla', 'History', 'Eich CEO promotion controversy'])
  })

  it('keeps the blog post of a Docusaurus page without its navbar and sidebar', async () => {
    const { blocks } = await htmlParser.parse(readCorpus('html/markitdown__test_blog.html'), {})
    const text = allText(blocks)
    expect(text).toContain('Large language models (LLMs) are powerful tools')
    expect(text).not.toContain('Recent posts')
    expect(blocks.find((block) => block.kind === 'heading' && block.level === 2)?.text).toBe(
      'Experiment Setup',
    )
  })

  it('indexes no script text between paragraphs', async () => {
    const { blocks } = await htmlParser.parse(
      readCorpus('adversarial/readability__remove-script-tags.html'),
      {},
    )
    const text = allText(blocks)
    expect(text).not.toMatch(/alert|wrong|document\.write/)
    expect(text).toContain(
      'Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint',
    )
    expect(blocks.filter((block) => block.kind === 'heading').map((block) => block.text)).toEqual([
      'Lorem',
      'Foo',
    ])
  })
})
