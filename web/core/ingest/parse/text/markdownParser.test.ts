import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Block } from '../../DocumentModel'
import { corpusDir } from '../../../testing/corpusDir'
import { markdownParser } from './markdownParser'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../../', import.meta.url)))
const readCorpus = (path: string) => new Uint8Array(readFileSync(`${corpus}/${path}`))
const encode = (text: string) => new TextEncoder().encode(text)
const parse = (markdown: string) => markdownParser.parse(encode(markdown), {})
const allText = (blocks: Block[]) => blocks.map((block) => block.text).join('\n')

describe('markdownParser', () => {
  it('tracks headings and their paths', async () => {
    const { blocks, title } = await parse('# Top\n\nintro\n\n## A\n\n### A1\n\ntext\n\n## B\n\nmore\n')
    expect(title).toBe('Top')
    expect(
      blocks.map((block) => [block.kind, block.level, block.headingPath.join(' > '), block.text]),
    ).toEqual([
      ['heading', 1, '', 'Top'],
      ['paragraph', undefined, 'Top', 'intro'],
      ['heading', 2, 'Top', 'A'],
      ['heading', 3, 'Top > A', 'A1'],
      ['paragraph', undefined, 'Top > A > A1', 'text'],
      ['heading', 2, 'Top', 'B'],
      ['paragraph', undefined, 'Top > B', 'more'],
    ])
  })

  it("titles a heading by its words, not its badges' alt text; a heading that is a picture alone keeps it", async () => {
    const badged = await parse(
      '# tidyframe [![Build Status](https://ci.example/badge.svg)](https://ci.example) ![npm](https://img.example/v.svg)\n\nThe smallest data frames.\n',
    )
    expect(badged.title).toBe('tidyframe')
    const pictured = await parse('# ![Tidyframe logo](logo.png)\n\nThe smallest data frames.\n')
    expect(pictured.title).toBe('Tidyframe logo')
    // A row of badges is no paragraph: the tagline follows the title.
    const row = await parse(
      'tidyframe\n=========\n\n[![Build Status](https://ci.example/b.svg)](https://ci.example)\n[![NPM version](https://img.example/v.svg)](https://npm.example)\n\n> The smallest data frames!\n\n![A diagram of a join](join.png)\n',
    )
    expect(allText(row.blocks)).toBe('tidyframe\nThe smallest data frames!\nA diagram of a join')
  })

  it('strips inline markup to plain text', async () => {
    const { blocks } = await parse(
      'A &amp; B, `a<b &amp; c`, *em* **strong** [link **text**](https://x) ![alt text](i.png) <em>tag</em>' +
        '<script>alert(1)</script> x\\*y  \nnext line',
    )
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        text: 'A & B, a<b &amp; c, em strong link text alt text tag x*y\nnext line',
        headingPath: [],
      },
    ])
  })

  it('writes nested lists one item per line, indented', async () => {
    const { blocks } = await parse(
      '- one\n- two\n  - nested\n    1. deep\n    2. deeper\n- [x] done\n\n3. c\n4. d\n',
    )
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['list', 'one\ntwo\n  nested\n    1. deep\n    2. deeper\ndone'],
      ['list', '3. c\n4. d'],
    ])
  })

  it('keeps tables with their header row, and code blocks verbatim', async () => {
    const { blocks } = await parse(
      '| Name | Value |\n|---|---|\n| a | `1` |\n| b \\| c | 2 |\n\n```js\nif (x) {\n  y()\n}\n```\n',
    )
    expect(blocks[0]).toEqual({
      kind: 'table',
      text: 'Name | Value\na | 1\nb | c | 2',
      rows: [
        ['Name', 'Value'],
        ['a', '1'],
        ['b | c', '2'],
      ],
      headingPath: [],
    })
    expect(blocks[1]).toEqual({ kind: 'code', text: 'if (x) {\n  y()\n}', headingPath: [] })
  })

  it('skips front matter and reads raw HTML without its scripts, styles, comments and hidden parts', async () => {
    const { blocks, title } = await parse(
      '---\ntitle: Not text\n---\n\n# Doc { #doc }\n\n<style>\nh1 { display: none }\n</style>\n\n' +
        '<div align="center">\n<b>Shown</b> <!-- secret --><span hidden>hidden</span>\n</div>\n\n' +
        '<script>\nvar token = 1\n</script>\n\n> [!NOTE]\n> Quoted\n',
    )
    expect(title).toBe('Doc')
    expect(blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Doc'],
      ['paragraph', 'Shown'],
      ['paragraph', 'Note: Quoted'],
    ])
  })

  it('reads MyST, Docusaurus, Pandoc and MkDocs fences as labels, not text, and leaves code alone', async () => {
    const { blocks } = await parse(
      [
        '# Guide',
        '```\n:::{note}\n```',
        ':::{note}\nThe sidecar file contains the **OCR text**.\nSkipped pages are not in it.\n:::',
        ':::{versionchanged} v17.0.0\n\nA timeout of 0 was recommended.\n\n:::',
        '::: {.warning}\nReview each page.\n:::',
        ':::{figure} chart.png\n:::',
        '(image-processing)=',
        '/// tip',
        'Containers come in a later chapter.',
        '///',
      ].join('\n\n'),
    )
    expect(blocks.slice(1).map((block) => [block.kind, block.text])).toEqual([
      ['code', ':::{note}'],
      ['paragraph', 'Note: The sidecar file contains the OCR text. Skipped pages are not in it.'],
      ['paragraph', 'Changed in v17.0.0'],
      ['paragraph', 'A timeout of 0 was recommended.'],
      ['paragraph', 'Warning: Review each page.'],
      ['paragraph', 'chart.png'],
      ['paragraph', 'Containers come in a later chapter.'],
    ])
  })

  it("leaves out mdBook's and Hugo's includes, whose files the book's build puts there", async () => {
    const { blocks } = await parse(
      [
        '# Ownership',
        'Check what happens when you use s1 after it moves:',
        '{{#rustdoc_include ../listings/ch04/no-listing-04/src/main.rs:here}}',
        'It will not compile. {{< figure src="move.svg" >}} The value moved.',
        '```\n{{#include main.rs}}\n```',
      ].join('\n\n'),
    )
    expect(blocks.slice(1).map((block) => [block.kind, block.text])).toEqual([
      ['paragraph', 'Check what happens when you use s1 after it moves:'],
      ['paragraph', 'It will not compile. The value moved.'],
      ['code', '{{#include main.rs}}'],
    ])
  })

  it('fails with no_text when there is nothing to read', async () => {
    for (const markdown of ['', '\n\n', '---\n\n<!-- only a comment -->\n']) {
      await expect(parse(markdown)).rejects.toMatchObject({ name: 'ParseError', code: 'no_text' })
    }
  })

  it('reads pathologically deep quotes and lists, every line of text kept', async () => {
    // marked lexes each level again: one line of 5,000 '>' overflowed the stack, and a 2 MB file of
    // deepening quotes took 5 s and 2.8 GB (limitMarkdownNesting).
    const quote = await parse(`${'>'.repeat(5_000)} the innermost words\n`)
    expect(allText(quote.blocks)).toBe('the innermost words')
    const list = Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- item${i}`).join('\n')
    const items = allText((await parse(list)).blocks)
    for (const i of [0, 1, 999, 1_999]) expect(items).toContain(`item${i}`)
  })

  it('reads raw HTML nested too deep as nothing, with the HTML parser’s error', async () => {
    await expect(parse(`# Title\n\n${'<div>'.repeat(5_000)}x`)).rejects.toMatchObject({ code: 'corrupt' })
  })
})

describe('markdownParser on the corpus', () => {
  it.each(readdirSync(`${corpus}/md`))('parses md/%s', async (name) => {
    const { blocks, title } = await markdownParser.parse(readCorpus(`md/${name}`), {})
    expect(blocks.length).toBeGreaterThan(10)
    expect(title).toBeTruthy()
    expect(blocks.some((block) => block.kind === 'heading')).toBe(true)
    expect(blocks.every((block) => block.text.trim() !== '')).toBe(true)
  })

  it('keeps Chinese text and heading paths (fastapi zh)', async () => {
    const { blocks, title } = await markdownParser.parse(readCorpus('md/fastapi__zh-index.md'), {})
    expect(title).toBe('FastAPI')
    expect(allText(blocks)).toContain('FastAPI 框架，高性能，易于学习，高效编码，生产可用')
    expect(allText(blocks)).not.toContain('include_yaml')
    expect(allText(blocks)).not.toContain('md-typeset')
    const install = blocks.find((block) => block.kind === 'code' && block.text.includes('uv add'))
    expect(install?.headingPath).toEqual(['FastAPI', '安装'])
    const deep = blocks.find((block) => block.text.startsWith('FastAPI Cloud 由 FastAPI 的同一位作者'))
    expect(deep?.headingPath).toEqual(['FastAPI', '示例升级', '部署你的应用（可选）', '关于 FastAPI Cloud'])
  })

  it('finds headings, code blocks and tables (ripgrep README)', async () => {
    const { blocks, title } = await markdownParser.parse(readCorpus('md/ripgrep__README.md'), {})
    expect(title).toBe('ripgrep (rg)')
    const headings = blocks.filter((block) => block.kind === 'heading').map((block) => block.text)
    expect(headings).toContain('Why should I use ripgrep?')
    expect(headings).toContain('Installation')
    const code = blocks.filter((block) => block.kind === 'code')
    expect(code.length).toBeGreaterThan(5)
    expect(code.some((block) => block.text.includes('cargo install ripgrep'))).toBe(true)
    const table = blocks.find((block) => block.kind === 'table')
    expect(table?.rows?.[0]).toEqual(['Tool', 'Command', 'Line count', 'Time'])
  })

  it('decodes a Latin-1 file with its umlauts', async () => {
    // The bytes are `## k\xf6nnen\n\nk\xf6nnen\n\n\xe4\xf6\xfc\xdf\n`.
    const { blocks, title } = await markdownParser.parse(
      readCorpus('adversarial/uns__umlauts-non-utf8.md'),
      {},
    )
    expect(title).toBe('können')
    expect(blocks.map((block) => block.text)).toEqual(['können', 'können', 'äöüß'])
  })

  it('fails the empty file with no_text', async () => {
    await expect(
      markdownParser.parse(readCorpus('adversarial/generated__empty.md'), {}),
    ).rejects.toMatchObject({
      name: 'ParseError',
      code: 'no_text',
      message: 'The file contains no extractable text',
    })
  })
})
