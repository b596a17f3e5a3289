import { describe, expect, it } from 'vitest'
import { readNdjson } from './readNdjson'

function body(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part))
      controller.close()
    },
  })
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const values: unknown[] = []
  for await (const value of readNdjson(stream)) values.push(value)
  return values
}

describe('readNdjson', () => {
  it('yields one value per line, across read boundaries, skipping blank lines', async () => {
    const text = '{"a":1}\n\n{"b":"ü"}\r\n[1,2]\n"last, without newline"'
    const whole = await collect(body([text]))
    expect(whole).toEqual([{ a: 1 }, { b: 'ü' }, [1, 2], 'last, without newline'])
    expect(await collect(body(text.split('')))).toEqual(whole)
  })

  it('throws a SyntaxError quoting a line that is not JSON', async () => {
    await expect(collect(body(['{"ok":true}\n<html>Bad gateway</html>\n']))).rejects.toThrow(
      /not a JSON line: <html>Bad gateway/,
    )
  })
})
