import { describe, expect, it } from 'vitest'
import { attachmentDisposition } from './attachmentDisposition'

describe('attachmentDisposition', () => {
  it('keeps an ASCII name as it is in both parameters', () => {
    expect(attachmentDisposition('report-2024.pdf')).toBe(
      `attachment; filename="report-2024.pdf"; filename*=UTF-8''report-2024.pdf`,
    )
  })

  it('encodes any Unicode name in filename*, with an ASCII fallback', () => {
    expect(attachmentDisposition('Ünïcode 日本 🙂.md')).toBe(
      `attachment; filename="_n_code __ _.md"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%E6%97%A5%E6%9C%AC%20%F0%9F%99%82.md`,
    )
  })

  it("percent-encodes what RFC 5987 does not allow unencoded: ' ( ) *", () => {
    expect(attachmentDisposition("it's (draft)*.txt")).toContain(
      `filename*=UTF-8''it%27s%20%28draft%29%2A.txt`,
    )
  })

  it('lets no quote, backslash, percent or line break out of the header value', () => {
    const value = attachmentDisposition('a"b\\c%41\r\nSet-Cookie: x=1\u0000.md')
    expect(value).toBe(
      `attachment; filename="a_b_c_41__Set-Cookie: x=1_.md"; filename*=UTF-8''a%22b%5Cc%2541%0D%0ASet-Cookie%3A%20x%3D1%00.md`,
    )
    expect(value).not.toMatch(/[\r\n\0]/)
  })

  it('survives lone surrogates and empty names', () => {
    expect(attachmentDisposition('bad\uD800.txt')).toBe(
      `attachment; filename="bad_.txt"; filename*=UTF-8''bad%EF%BF%BD.txt`,
    )
    expect(attachmentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`)
  })
})
