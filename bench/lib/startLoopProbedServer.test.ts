import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createCollection, upload, waitForJob } from '../document-stall'
import { startLoopProbedServer } from './startLoopProbedServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed. Issue 39: with the loop-delay probe loaded as a .ts file, every
// worker thread that inherits the server's `--import`s (tesseract.js's) failed to start, and every
// image the bench uploaded ended "Processing failed unexpectedly".
describe('startLoopProbedServer', () => {
  it(
    'starts a server whose OCR still reads an image, and reports its event-loop delay',
    { timeout: scaledTimeout(300_000) },
    async () => {
      const server = await startLoopProbedServer(() => {})
      try {
        const image = await sharp({
          text: {
            text: '<span foreground="black">The lighthouse keeper logs the tides.</span>',
            dpi: 300,
            rgba: true,
          },
        })
          .flatten({ background: '#ffffff' })
          .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' })
          .png()
          .toBuffer()
        const first = await server.loopDelay()
        expect(first.max_ms).toBeGreaterThanOrEqual(0)
        const form = new FormData()
        form.append('collection_id', await createCollection(server.url))
        form.append('file', new Blob([new Uint8Array(image)]), 'note.png')
        const { documentId, jobId } = await upload(server.url, form)
        const outcome = await waitForJob(server.url, documentId, jobId)
        expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'completed', error: null })
        expect(outcome.chunkCount).toBeGreaterThan(0)
        const delay = await server.loopDelay()
        expect(delay.max_ms).toBeGreaterThan(0)
        expect(delay.p99_ms).toBeLessThanOrEqual(delay.max_ms)
      } finally {
        await server.stop()
      }
    },
  )
})
