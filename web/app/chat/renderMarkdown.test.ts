import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './renderMarkdown'

describe('renderMarkdown', () => {
  it('turns [n] citations into numbered chips, also inside tables', () => {
    const html = renderMarkdown('Tides rose [1].\n\n| a | b |\n|---|---|\n| x | y [2] |')
    expect(html).toContain(
      '<button type="button" class="citation-chip" data-source="1" aria-label="Source 1">1</button>',
    )
    expect(html).toContain('<td>y <button type="button" class="citation-chip" data-source="2"')
    expect(html).toContain('<table>')
  })

  it('shows raw HTML from the model as text', () => {
    const html = renderMarkdown('Hi <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>')
    expect(html).not.toMatch(/<img|<script/)
    expect(html).toContain('&lt;script&gt;')
  })

  it('keeps only http(s) and mailto links, opened without an opener, and drops images', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](https://example.org) ![c](https://t.example/p.png)',
    )
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">b</a>')
    expect(html).not.toContain('<img')
  })

  it('escapes code blocks', () => {
    expect(renderMarkdown('```html\n<b>x</b>\n```')).toContain('&lt;b&gt;x&lt;/b&gt;')
  })
})
