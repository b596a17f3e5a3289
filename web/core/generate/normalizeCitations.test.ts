import { describe, expect, it } from 'vitest'
import { normalizeCitations } from './normalizeCitations'

async function* from(deltas: string[]): AsyncGenerator<string> {
  yield* deltas
}

async function run(deltas: string[], sources = [1, 2, 3]): Promise<{ text: string; pieces: string[] }> {
  const pieces: string[] = []
  for await (const piece of normalizeCitations(from(deltas), new Set(sources))) pieces.push(piece)
  return { text: pieces.join(''), pieces }
}

describe('normalizeCitations', () => {
  it('keeps [n] citations as they are, even split across deltas', async () => {
    expect((await run(['Paris is the capital ', '[', '1', ']', ' and large [2][3].'])).text).toBe(
      'Paris is the capital [1] and large [2][3].',
    )
  })

  it('rewrites the forms models write instead into [n]', async () => {
    expect(
      (await run(['A [1, 2]. B [Source 3]. C [1 and 3]. D [^2]. E 【1】. F [source 1; source 2].'])).text,
    ).toBe('A [1][2]. B [3]. C [1][3]. D [2]. E [1]. F [1][2].')
  })

  it('leaves every other bracket exactly as written', async () => {
    const text =
      'Not sources: [7], [0], [sic], array[10], [1, 9], [a link](http://x) and [unclosed\nline] and ['
    expect((await run([text])).text).toBe(text)
    const long = `[${'x'.repeat(60)}]`
    expect((await run([long])).text).toBe(long)
  })

  it('passes text through without holding it back, except an open bracket', async () => {
    const { pieces } = await run(['Hello ', 'world [', '2', '] done'])
    expect(pieces).toEqual(['Hello ', 'world ', '[2] done'])
  })
})
