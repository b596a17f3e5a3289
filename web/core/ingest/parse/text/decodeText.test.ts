import { describe, expect, it } from 'vitest'
import { decodeText } from './decodeText'
import { detectUtf16 } from './detectUtf16'

const utf8 = (text: string) => new TextEncoder().encode(text)

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (char) => char.charCodeAt(0))]
  const bytes = new Uint8Array(units.length * 2)
  const view = new DataView(bytes.buffer)
  units.forEach((unit, i) => view.setUint16(i * 2, unit, littleEndian))
  return bytes
}

describe('decodeText', () => {
  it('reads UTF-8, with or without a BOM', () => {
    expect(decodeText(utf8('Grüße, 世界'))).toBe('Grüße, 世界')
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Grüße')]))).toBe('Grüße')
  })

  it('reads UTF-16 with a BOM in either byte order', () => {
    expect(decodeText(utf16('Grüße\nzwei', true, true))).toBe('Grüße\nzwei')
    expect(decodeText(utf16('Grüße\nzwei', false, true))).toBe('Grüße\nzwei')
  })

  it('recognises UTF-16 without a BOM by its NUL bytes', () => {
    expect(detectUtf16(utf16('plain ASCII text', true, false))).toBe('utf-16le')
    expect(detectUtf16(utf16('plain ASCII text', false, false))).toBe('utf-16be')
    expect(detectUtf16(utf8('plain ASCII text'))).toBeUndefined()
    expect(decodeText(utf16('Hello, wörld', true, false))).toBe('Hello, wörld')
    expect(decodeText(utf16('Hello, wörld', false, false))).toBe('Hello, wörld')
  })

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    // "Grüße €5" in Windows-1252: ü = FC, ß = DF, € = 80 (a C1 control in plain Latin-1).
    expect(decodeText(new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x80, 0x35]))).toBe('Grüße €5')
    // Curly quotes and a dash, as Word pasted into old web pages.
    expect(decodeText(new Uint8Array([0x93, 0x61, 0x94, 0x20, 0x96, 0x20, 0x92, 0x9f]))).toBe(
      '\u201ca\u201d \u2013 \u2019\u0178',
    )
    expect(decodeText(new Uint8Array([0xe4]), 'iso-8859-1')).toBe('ä')
  })

  it('uses a declared encoding only when the bytes are not UTF-8', () => {
    const shiftJis = new Uint8Array([0x93, 0xfa, 0x96, 0x7b]) // 日本
    expect(decodeText(shiftJis, 'shift_jis')).toBe('日本')
    expect(decodeText(utf8('日本'), 'shift_jis')).toBe('日本')
    expect(decodeText(new Uint8Array([0xe4]), 'no-such-encoding')).toBe('ä')
  })

  it('normalises line endings', () => {
    expect(decodeText(utf8('a\r\nb\rc\n'))).toBe('a\nb\nc\n')
  })
})
