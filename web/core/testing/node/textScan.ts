import sharp from 'sharp'
import type { GreyScan } from '../scannedPdfs'

/**
 * Lines of text as a clean 300 dpi grey scan, set in a 12 pt sans by sharp (libvips and Pango, with the
 * machine's fonts; sharp comes with @huggingface/transformers), with a margin of white around them.
 */
export async function textScan(lines: readonly string[]): Promise<GreyScan> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="black">${lines.join('\n')}</span>`,
      font: 'sans 12',
      dpi: 300,
      rgba: true,
    },
  })
    .flatten({ background: '#ffffff' })
    .extend({ top: 90, bottom: 90, left: 90, right: 90, background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (info.channels !== 1) throw new Error(`expected a grey scan, got ${info.channels} channels`)
  return { width: info.width, height: info.height, data: new Uint8Array(data) }
}
