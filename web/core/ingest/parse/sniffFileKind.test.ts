import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { FileKind } from '../DocumentModel'
import { corpusDir } from '../../testing/corpusDir'
import { SUPPORTED_EXTENSIONS, fileExtension, sniffFileKind } from './sniffFileKind'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../', import.meta.url)))
const encode = (text: string) => new TextEncoder().encode(text)
const OLE2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])

/** What the corpus README says each folder holds, and the adversarial files one by one. */
const EXPECTED: Record<string, FileKind | undefined> = {
  'adversarial/generated__empty.md': 'markdown', // the markdown parser then fails it: no text
  'adversarial/ocrmypdf__linn_png_renamed.pdf': undefined, // a PNG: "not a PDF"
  'adversarial/pdfplumber__empty.pdf': undefined, // zero bytes are no PDF (the upload refuses them first)
  'adversarial/readability__remove-script-tags.html': 'html',
  'adversarial/uns__eng_spa_mult_really-docx.doc': 'docx',
  'adversarial/uns__umlauts-non-utf8.md': 'markdown',
}
const FOLDER_KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  pptx: 'pptx',
  ppt: 'ppt',
  md: 'markdown',
  html: 'html',
}
for (const [folder, kind] of Object.entries(FOLDER_KINDS)) {
  for (const name of readdirSync(`${corpus}/${folder}`)) EXPECTED[`${folder}/${name}`] = kind
}

describe('sniffFileKind', () => {
  it('covers every corpus file', () => {
    expect(Object.keys(EXPECTED).filter((path) => path.startsWith('adversarial/'))).toEqual(
      readdirSync(`${corpus}/adversarial`).map((name) => `adversarial/${name}`),
    )
  })

  it.each(Object.entries(EXPECTED))('sniffs %s as %s', (path, kind) => {
    const bytes = new Uint8Array(readFileSync(`${corpus}/${path}`))
    expect(sniffFileKind(bytes, path.slice(path.indexOf('/') + 1))).toBe(kind)
  })

  it('reads the question documents as markdown', () => {
    const docs = `${corpus}/qa/xquad-en/docs`
    for (const name of readdirSync(docs)) {
      expect(sniffFileKind(new Uint8Array(readFileSync(`${docs}/${name}`)), name)).toBe('markdown')
    }
  })

  it('lets content decide over the extension', () => {
    expect(sniffFileKind(encode('%PDF-1.7\n'), 'scan.docx')).toBe('pdf')
    expect(sniffFileKind(encode(`${' '.repeat(500)}%PDF-1.4\n`), 'junk-first.pdf')).toBe('pdf')
    expect(sniffFileKind(encode('# PDF notes\n\nEvery file starts with `%PDF-1.7`.'), 'notes.md')).toBe(
      'markdown',
    )
    expect(sniffFileKind(encode('<!DOCTYPE html><p>x'), 'page.txt')).toBe('html')
    expect(
      sniffFileKind(encode('\uFEFF<?xml version="1.0"?>\n<!-- saved -->\n<html lang="en">'), 'a.md'),
    ).toBe('html')
    expect(sniffFileKind(PNG, 'scan.pdf')).toBeUndefined()
    expect(sniffFileKind(PNG, 'image.png')).toBe('png')
  })

  it('reads PNG, JPEG, WebP and TIFF images by their content, under any image or unknown name', () => {
    const riff = (tag: string) => encode(`RIFF\0\0\0\0${tag}VP8 `)
    expect(sniffFileKind(PNG, 'screenshot')).toBe('png')
    expect(sniffFileKind(PNG, 'photo.jpg')).toBe('png')
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'page.jpeg')).toBe('jpeg')
    expect(sniffFileKind(riff('WEBP'), 'page.webp')).toBe('webp')
    expect(sniffFileKind(new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]), 'fax.tif')).toBe('tiff')
    expect(sniffFileKind(new Uint8Array([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8]), 'fax.tiff')).toBe('tiff')
    expect(sniffFileKind(riff('WAVE'), 'sound.webp')).toBeUndefined()
    // An image under a document's name is a wrong upload, reported as such ("not a PDF").
    expect(sniffFileKind(PNG, 'report.docx')).toBeUndefined()
  })

  it('tells DOCX from PPTX from other ZIPs by their parts', () => {
    const zip = (...names: string[]) =>
      zipSync(Object.fromEntries(names.map((name) => [name, encode('<x/>')])))
    expect(sniffFileKind(zip('[Content_Types].xml', 'word/document.xml'), 'a.zip')).toBe('docx')
    expect(sniffFileKind(zip('[Content_Types].xml', 'ppt/presentation.xml'), 'a.docx')).toBe('pptx')
    expect(sniffFileKind(zip('[Content_Types].xml', 'xl/workbook.xml'), 'a.docx')).toBeUndefined()
    expect(sniffFileKind(zip('readme.txt'), 'a.pptx')).toBeUndefined()
    expect(sniffFileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.docx')).toBeUndefined()
  })

  it('names OLE2 files by their extension', () => {
    expect(sniffFileKind(OLE2, 'old.DOC')).toBe('doc')
    expect(sniffFileKind(OLE2, 'template.dot')).toBe('doc')
    expect(sniffFileKind(OLE2, 'deck.ppt')).toBe('ppt')
    expect(sniffFileKind(OLE2, 'show.pps')).toBe('ppt')
    expect(sniffFileKind(OLE2, 'book.xls')).toBeUndefined()
  })

  it('reads other text by its extension, and refuses binary content and text posing as a binary format', () => {
    expect(sniffFileKind(encode('# Notes'), 'notes.markdown')).toBe('markdown')
    expect(sniffFileKind(encode('<p>fragment</p>'), 'frag.htm')).toBe('html')
    expect(sniffFileKind(encode('plain'), 'notes.txt')).toBe('text')
    expect(sniffFileKind(encode('a,b\n1,2'), 'data.csv')).toBe('text')
    expect(sniffFileKind(encode('plain'), 'README')).toBe('text')
    const utf16 = new Uint8Array([...'# Hi'].flatMap((char) => [char.charCodeAt(0), 0]))
    expect(sniffFileKind(utf16, 'wide.md')).toBe('markdown')
    expect(sniffFileKind(encode('plain text'), 'fake.pdf')).toBeUndefined()
    expect(sniffFileKind(encode('plain text'), 'fake.docx')).toBeUndefined()
    expect(sniffFileKind(new Uint8Array([0x41, 0x00, 0x00, 0x00, 0x7f, 0x01]), 'blob.txt')).toBeUndefined()
    expect(sniffFileKind(encode('{\\rtf1\\ansi hello}'), 'letter.doc')).toBeUndefined()
    expect(sniffFileKind(new Uint8Array([0x1f, 0x8b, 0x08, 0x00]), 'notes.md')).toBeUndefined()
  })

  it('lists the supported extensions, and reads extensions case-insensitively', () => {
    expect(SUPPORTED_EXTENSIONS).toEqual(
      expect.arrayContaining(['.pdf', '.docx', '.doc', '.pptx', '.ppt', '.md', '.html', '.txt']),
    )
    expect(fileExtension('Report.Final.PDF')).toBe('.pdf')
    expect(fileExtension('dir.v2/README')).toBe('')
    expect(fileExtension('C:\\docs\\a.Md')).toBe('.md')
    expect(fileExtension('.bashrc')).toBe('')
  })
})
