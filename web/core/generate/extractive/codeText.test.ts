import { describe, expect, it } from 'vitest'
import { codeText } from './codeText'

describe('codeText', () => {
  it('reads JSON and a program as code', () => {
    expect(
      codeText(
        '{ "links":[{ "href": "https://example.com/inbox", "rel": "post-me-anything" }, { "rel": "avatar" }]}',
      ),
    ).toBe(true)
    expect(codeText('if (x == null) { return; } else { y = "a"; z = "b"; }')).toBe(true)
  })

  it('reads prose quoting names, and an XPath, as no code', () => {
    expect(
      codeText(
        'The project was named after a blending of "Mosaic and Godzilla" and "Mozilla" was its code name.',
      ),
    ).toBe(false)
    expect(
      codeText("XML: /*/back-matter/resource[@uuid='96445439'] /rlink[@media-type='application/xml']/@href"),
    ).toBe(false)
  })
})
