import { describe, expect, it } from 'vitest'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { parseTextHere } from '../../../web/core/ingest/parse/TextParsing'
import { closedAfterAll } from '../../test/closedAfterAll'
import { WorkerTextParsing } from './WorkerTextParsing'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const encode = (text: string) => new TextEncoder().encode(text)
const PAGE = encode(
  '<html><head><title>Tides</title></head><body><nav>Home</nav><main><h1>Tides</h1><p>Twice a day.</p></main></body></html>',
)

describe('WorkerTextParsing', () => {
  const make = closedAfterAll(
    (options?: ConstructorParameters<typeof WorkerTextParsing>[0]) => new WorkerTextParsing(options),
  )

  it(
    'reads in its thread what the calling thread reads, kind given or sniffed, bytes left intact',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const reader = make()
      const bytes = PAGE.slice()
      const here = await parseTextHere(bytes, 'page.html', { timeoutMs: scaledTimeout(5_000), kind: 'html' })
      expect(
        await reader.parse(bytes, 'page.html', { timeoutMs: scaledTimeout(5_000), kind: 'html' }),
      ).toEqual(here)
      expect(here.blocks.map((block) => block.text)).toEqual(['Tides', 'Twice a day.'])
      expect(bytes).toEqual(PAGE)
      // Several at once take their turns; each gets its own answer.
      const notes = ['# One\n\nfirst', '# Two\n\nsecond', 'plain third'].map(encode)
      const read = await Promise.all(
        notes.map((note, i) => reader.parse(note, `n${i}.md`, { timeoutMs: scaledTimeout(5_000) })),
      )
      expect(read.map((parsed) => [parsed.kind, parsed.blocks.at(-1)?.text])).toEqual([
        ['markdown', 'first'],
        ['markdown', 'second'],
        ['markdown', 'plain third'],
      ])
    },
  )

  it('answers a parser’s refusal as the same ParseError', { timeout: scaledTimeout(60_000) }, async () => {
    const reader = make()
    const deep = encode(`<html><body>${'<div>'.repeat(5_000)}x</body></html>`)
    await expect(reader.parse(deep, 'deep.html', { timeoutMs: scaledTimeout(5_000) })).rejects.toMatchObject({
      name: 'ParseError',
      code: 'corrupt',
      message: expect.stringContaining('more than 1,000 deep'),
    })
    await expect(
      reader.parse(encode('   \n'), 'blank.txt', { timeoutMs: scaledTimeout(5_000) }),
    ).rejects.toMatchObject({
      code: 'no_text',
    })
  })

  it(
    'stops a parse past its time limit by ending the thread, and reads the next in a new one',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const reader = make({ graceMs: 0 })
      // A few MB of page take far longer than 1 ms to read: the thread is ended while it reads.
      const big = encode(
        `<html><body><main>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(150_000)}</main></body></html>`,
      )
      const error = await reader.parse(big, 'big.html', { timeoutMs: 1 }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ParseError)
      expect(error).toMatchObject({ code: 'timeout' })
      const after = await reader.parse(PAGE, 'page.html', { timeoutMs: scaledTimeout(5_000) })
      expect(after.title).toBe('Tides')
    },
  )

  it(
    'fails a file that runs the thread out of memory as too large, and keeps working',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const reader = make({ memoryMb: 64 })
      const huge = encode(`<html><body>${'<p>x</p>'.repeat(2_000_000)}</body></html>`)
      await expect(
        reader.parse(huge, 'huge.html', { timeoutMs: scaledTimeout(30_000) }),
      ).rejects.toMatchObject({
        code: 'too_large',
      })
      expect((await reader.parse(PAGE, 'page.html', { timeoutMs: scaledTimeout(5_000) })).title).toBe('Tides')
    },
  )
})
