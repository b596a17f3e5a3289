import { describe, expect, it } from 'vitest'
import { streamInPieces } from './streamInPieces'

async function pieces(text: string): Promise<string[]> {
  const all: string[] = []
  for await (const piece of streamInPieces(text)) all.push(piece)
  return all
}

describe('streamInPieces', () => {
  it('yields a few words at a time, joining back to the text exactly', async () => {
    const text = 'Tesla died on 7 January 1943. [1]  He was 86. [2]'
    const result = await pieces(text)
    expect(result).toEqual(['Tesla died on ', '7 January 1943. ', '[1]  He was ', '86. [2]'])
    expect(result.join('')).toBe(text)
  })

  it('cuts long runs of unspaced script into pieces too', async () => {
    const text =
      'FastAPI 是一个用于构建 API 的现代、快速（高性能）的 Web 框架，使用 Python 并基于标准的 Python 类型提示。 [1]'
    const result = await pieces(text)
    expect(result.length).toBeGreaterThan(3)
    expect(result.join('')).toBe(text)
    expect(await pieces('')).toEqual([])
  })
})
