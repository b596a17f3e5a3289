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

  it("reads a README's one statement of a program as code: a declaration, an assignment, a call", () => {
    expect(codeText("const relay = require('relay');")).toBe(true)
    expect(codeText("ctx.body = 'Hello';")).toBe(true)
    expect(codeText('Relay.expose(api, port);')).toBe(true)
    expect(codeText('await server.listen(8080);')).toBe(true)
    expect(codeText("import { wrap } from 'relay';")).toBe(true)
  })

  it("reads a block's opening line as code: a condition's or a parameter list's bracket, then a brace", () => {
    expect(codeText('if (looksLikeInvoice(file)) {')).toBe(true)
    expect(codeText('if (looksLikeInvoice(file)) {: }')).toBe(true)
    expect(codeText('app.get("/", (req, res) => {')).toBe(true)
    expect(codeText('Sets {a, b} (see below) are unordered.')).toBe(false)
  })

  it('reads a clause ending on a semicolon as prose, brackets and all', () => {
    expect(codeText('the employer (as defined in clause 2) pays the wage;')).toBe(false)
    expect(codeText('Employer (as defined) shall pay;')).toBe(false)
    expect(codeText('Tuesday: planning meeting;')).toBe(false)
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
