import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { ParseError } from '../../ParseError'
import { readRelationships } from './relationships'
import { isXmlPart, openZip } from './zip'

describe('openZip', () => {
  it('reads wanted parts case-insensitively and leaves the rest packed', () => {
    const zip = openZip(
      zipSync({ 'word/Document.xml': strToU8('<x/>'), 'word/media/a.png': new Uint8Array(9) }),
      isXmlPart,
    )
    expect(zip.text('word/document.xml')).toBe('<x/>')
    expect(zip.has('word/media/a.png')).toBe(false)
  })

  it('turns bytes that are not a ZIP into ParseError corrupt', () => {
    const error = (() => {
      try {
        openZip(strToU8('PK\u0003\u0004 this is not really a zip archive at all'), isXmlPart)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).code).toBe('corrupt')
  })

  it('resolves relationship targets relative to the source part', () => {
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://x/notesSlide" Target="../notesSlides/notesSlide1.xml"/>' +
      '<Relationship Id="rId2" Type="http://x/hyperlink" Target="https://example.com" TargetMode="External"/>' +
      '</Relationships>'
    const zip = openZip(zipSync({ 'ppt/slides/_rels/slide1.xml.rels': strToU8(rels) }), isXmlPart)
    expect(readRelationships(zip, 'ppt/slides/slide1.xml')).toEqual([
      { id: 'rId1', type: 'http://x/notesSlide', target: 'ppt/notesSlides/notesSlide1.xml' },
    ])
  })
})
