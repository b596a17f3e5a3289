import { describe, expect, it } from 'vitest'
import { ParseError } from '../../ParseError'
import { childElements, descendants, parseXml, textContent } from './readXml'

describe('parseXml', () => {
  it('canonicalises prefixes by namespace, so a file using its own prefixes reads the same', () => {
    const xml =
      '<x:document xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      '<x:body><x:p><x:r><x:t xml:space="preserve">Hello &amp; bye</x:t></x:r></x:p></x:body></x:document>'
    const root = parseXml(xml)
    expect(childElements(root)[0]?.name).toBe('w:document')
    const [text] = descendants(root, 'w:t')
    expect(text === undefined ? '' : textContent(text)).toBe('Hello & bye')
  })

  it('reads a default namespace and Strict OOXML namespaces', () => {
    const root = parseXml(
      '<document xmlns="http://purl.oclc.org/ooxml/wordprocessingml/main"><body/></document>',
    )
    expect(childElements(root)[0]?.name).toBe('w:document')
    expect(descendants(root, 'w:body')).toHaveLength(1)
  })

  it('keeps only the first choice of markup-compatibility blocks, so text is not read twice', () => {
    const xml =
      '<w:p xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      '<mc:AlternateContent><mc:Choice Requires="wps"><w:t>box</w:t></mc:Choice>' +
      '<mc:Fallback><w:t>box</w:t></mc:Fallback></mc:AlternateContent><w:t>after</w:t></w:p>'
    const texts = descendants(parseXml(xml), 'w:t').map(textContent)
    expect(texts).toEqual(['box', 'after'])
  })

  it('refuses absurd nesting with a ParseError instead of overflowing the stack', () => {
    const xml = '<a>'.repeat(5000) + '</a>'.repeat(5000)
    expect(() => parseXml(xml)).toThrow(ParseError)
  })
})
