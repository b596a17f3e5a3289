import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { textScan } from '../web/core/testing/node/textScan'
import { scannedPdfs } from '../web/core/testing/scannedPdfs'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { SearchPage } from './pages/SearchPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))

/**
 * A photographed page, drawn by Chromium: printed text on an off-white sheet, slightly turned, with
 * uneven light, saved as JPEG (what a phone gives). The words are known, so the test can look for them.
 */
async function photographedPage(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 1400
    canvas.height = 1000
    const ctx = canvas.getContext('2d')!
    const light = ctx.createLinearGradient(0, 0, 1400, 1000)
    light.addColorStop(0, '#f4f1e8')
    light.addColorStop(1, '#c9c4b8')
    ctx.fillStyle = light
    ctx.fillRect(0, 0, 1400, 1000)
    ctx.translate(700, 500)
    ctx.rotate(0.02)
    ctx.translate(-700, -500)
    ctx.fillStyle = '#222'
    ctx.font = '34px serif'
    const lines = [
      'Minutes of the orchard cooperative, spring meeting.',
      'The members agreed to plant forty quince trees',
      'along the northern wall before the first frost.',
      'Rainwater from the barn roof will fill two cisterns,',
      'and the treasurer reported a modest surplus.',
    ]
    lines.forEach((line, index) => ctx.fillText(line, 120, 200 + index * 70))
    return canvas.toDataURL('image/jpeg', 0.85)
  })
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** A clean scan drawn by Chromium: `lines` set in a serif on a white sheet of `width` by `height`, a PNG. */
async function cleanScan(page: Page, width: number, height: number, lines: string[]): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height, lines }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const ctx = canvas.getContext('2d')!
      ctx.fillStyle = '#ffffff'
      ctx.fillRect(0, 0, width, height)
      ctx.fillStyle = '#111'
      ctx.font = '40px serif'
      lines.forEach((line, index) => ctx.fillText(line, 80, 140 + index * 90))
      return canvas.toDataURL('image/png')
    },
    { width, height, lines },
  )
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** A French page: accented words a reader would search for, set in a serif on white (a clean scan). */
const frenchPage = (page: Page) =>
  cleanScan(page, 1400, 500, [
    'Les élèves étaient très fâchés après la fête.',
    'Le garçon a reçu un cadeau à Noël.',
    'Çà et là, on a déjà goûté la crème brûlée.',
  ])

const blankImage = (page: Page) => cleanScan(page, 600, 400, [])

async function searchTexts(page: Page, query: string): Promise<{ names: string[]; text: string }> {
  return page.evaluate(async (query) => {
    const response = await fetch('/api/search_u/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, top_k: 5 }),
    })
    const body = (await response.json()) as {
      chunks: Array<{ content: string; document_id: string }>
    }
    const documents = (await (await fetch('/api/documents/')).json()) as Array<{
      id: string
      original_filename: string
    }>
    const name = new Map(documents.map((d) => [d.id, d.original_filename]))
    return {
      names: body.chunks.map((c) => name.get(c.document_id) ?? ''),
      text: body.chunks.map((c) => c.content).join(' '),
    }
  }, query)
}

// OCR in the browser: tesseract.js in the ingest worker, its worker, WASM core and English data served
// by the app itself (the static test server has no API and no internet route is used).
test('reads a scanned PDF and a photographed page by OCR in the browser; a blank image fails clearly', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(420_000))
  const external: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') external.push(request.url())
  })
  await openApp(page, '/collections')
  const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-'))
  const photo = join(dir, 'orchard-minutes.jpg')
  const blank = join(dir, 'blank.png')
  writeFileSync(photo, await photographedPage(page))
  writeFileSync(blank, await blankImage(page))

  await new CollectionsPage(page).create({ name: 'Scans', description: 'Scanned and photographed pages' })
  const collection = new CollectionPage(page)
  await collection.open('Scans')
  await collection.upload([join(corpus, 'pdf/ocrmypdf__c02-22.pdf'), photo, blank])

  // Each row settles (Ready or Failed) before its outcome is checked, so a failure shows its reason at once.
  for (const name of ['ocrmypdf__c02-22.pdf', 'orchard-minutes.jpg', 'blank.png']) {
    await expect(collection.row(name).getByText(/^(Ready|Failed)$/)).toBeVisible({
      timeout: scaledTimeout(360_000),
    })
  }
  await expect(collection.row('ocrmypdf__c02-22.pdf')).toContainText('Ready')
  await expect(collection.row('orchard-minutes.jpg')).toContainText('Ready')
  await expect(collection.row('blank.png')).toContainText('Failed')
  await expect(collection.row('blank.png')).toContainText('No text found in the image.')

  const documents = (await page.evaluate(async () => (await fetch('/api/documents/')).json())) as Array<{
    original_filename: string
    metadata: { ocr_pages?: number[]; ocr_confidence?: number }
  }>
  const scan = documents.find((d) => d.original_filename === 'ocrmypdf__c02-22.pdf')
  expect(scan?.metadata.ocr_pages).toEqual([1])
  expect(scan?.metadata.ocr_confidence).toBeGreaterThan(50)

  // The same words as on the server (ocr.test.ts), the column beside the engraving included: both hosts
  // decode the scan's JPEG with pdf.js and draw the page at 300 dpi (Skia in both: @napi-rs/canvas on
  // the server, an OffscreenCanvas here), so Tesseract sees nearly the same pixels.
  const book = await searchTexts(page, 'tip-toeing along a path to the widow’s garden')
  expect(book.names[0]).toBe('ocrmypdf__c02-22.pdf')
  expect(book.text).toMatch(/widow.s garden/)
  const bookEnd = await searchTexts(page, 'I dasn’t scratch it, then my ear begun to itch, at a funeral')
  expect(bookEnd.names[0]).toBe('ocrmypdf__c02-22.pdf')
  expect(bookEnd.text).toMatch(/scratch it/)
  expect(bookEnd.text).toMatch(/funeral/)
  const minutes = await searchTexts(page, 'quince trees along the northern wall')
  expect(minutes.names[0]).toBe('orchard-minutes.jpg')
  expect(minutes.text).toMatch(/quince trees/)
  expect(minutes.text).toMatch(/cisterns/)

  // The Search screen says a passage was read by OCR, and how sure the engine was.
  const search = new SearchPage(page)
  await search.open()
  await search.search({ query: 'quince trees along the northern wall' })
  await expect(search.results.first()).toContainText('orchard-minutes.jpg')
  await expect(search.results.first()).toContainText(/read by OCR, \d{2,3}% confidence/)

  // With French among the OCR languages (Settings), a French page keeps its accents: the French data is
  // served by the app too.
  const chosen = await page.evaluate(async () => {
    const response = await fetch('/api/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ocr_languages: ['eng', 'fra'] }),
    })
    return ((await response.json()) as { ocr_languages: string[] }).ocr_languages
  })
  expect(chosen).toEqual(['eng', 'fra'])
  const lettre = join(dir, 'lettre.png')
  writeFileSync(lettre, await frenchPage(page))
  await collection.open('Scans')
  await collection.upload([lettre])
  await expect(collection.row('lettre.png')).toContainText('Ready', { timeout: scaledTimeout(180_000) })
  const french = await searchTexts(page, 'le garçon a reçu un cadeau à Noël')
  expect(french.names[0]).toBe('lettre.png')
  expect(french.text).toMatch(/garçon a reçu un cadeau/)
  expect(french.text).toMatch(/crème brûlée/)
  expect(external).toEqual([])
})

// PDF pages that only drawing reads (the page's largest image gave 0 words or none): pdf.js draws them in
// the ingest Web Worker on an OffscreenCanvas (web/browser/ingest/OffscreenCanvasFactory.ts).
test('reads a rotated page, an image mask, a soft-masked scan and text drawn as outlines by drawing them in the browser', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(300_000))
  await openApp(page, '/collections')
  const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-drawn-'))
  const pages = {
    'rotated.pdf': {
      kind: 'rotated',
      lines: [
        'The lighthouse keeper counted ninety gulls at dawn.',
        'Saltwater had corroded the brass telescope.',
      ],
      query: 'lighthouse keeper counted ninety gulls',
      expected: /lighthouse keeper counted ninety gulls/,
    },
    'fax.pdf': {
      kind: 'mask',
      lines: [
        'A faxed invoice listed seven crates of marmalade.',
        'Payment is due before the harvest festival.',
      ],
      query: 'invoice seven crates of marmalade',
      expected: /seven crates of marmalade/,
    },
    'masked.pdf': {
      kind: 'softMask',
      lines: [
        'The beekeeper sold amber honey at the Tuesday market.',
        'Her hives stood beside the old mill.',
      ],
      query: 'beekeeper sold amber honey',
      expected: /beekeeper sold amber honey/,
    },
    'outlines.pdf': {
      kind: 'outlines',
      lines: [
        'The glassblower shaped a cobalt vase for the museum.',
        'Its handles curled like two seahorses.',
      ],
      query: 'glassblower shaped a cobalt vase',
      expected: /glassblower shaped a cobalt vase/,
    },
  } as const
  for (const [name, { kind, lines }] of Object.entries(pages)) {
    writeFileSync(join(dir, name), scannedPdfs(await textScan(lines))[kind])
  }
  await new CollectionsPage(page).create({ name: 'Drawn', description: 'Pages read by drawing them' })
  const collection = new CollectionPage(page)
  await collection.open('Drawn')
  await collection.upload(Object.keys(pages).map((name) => join(dir, name)))
  for (const name of Object.keys(pages)) {
    await expect(collection.row(name).getByText(/^(Ready|Failed)$/)).toBeVisible({
      timeout: scaledTimeout(240_000),
    })
    await expect(collection.row(name)).toContainText('Ready')
  }
  for (const [name, { query, expected }] of Object.entries(pages)) {
    const found = await searchTexts(page, query)
    expect(found.names[0]).toBe(name)
    expect(found.text).toMatch(expected)
  }
})
