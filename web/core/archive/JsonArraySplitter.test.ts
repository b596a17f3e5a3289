import { describe, expect, it } from 'vitest'
import { JsonArraySplitter, JsonSplitError, type ArrayPlace } from './JsonArraySplitter'

const limits = { maxElementBytes: 1000, maxFrameBytes: 1000 }

/** Splits `text` fed `size` bytes at a time: the elements parsed, and the frame's text. */
function split(text: string, place: ArrayPlace, size = 3) {
  const splitter = new JsonArraySplitter(place, limits)
  const bytes = new TextEncoder().encode(text)
  const items: unknown[] = []
  for (let at = 0; at < bytes.length; at += size) {
    for (const parts of splitter.push(bytes.subarray(at, at + size))) {
      // Joined before decoding, as the reader does: a character's bytes may lie in two pieces.
      items.push(JSON.parse(new TextDecoder().decode(new Uint8Array(parts.flatMap((part) => [...part])))))
    }
  }
  return { items, frame: JSON.parse(splitter.end()) as unknown }
}

const why = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof JsonSplitError ? error.why : error
  }
  return 'accepted'
}

describe('JsonArraySplitter', () => {
  it('hands on the objects of a keyed list one at a time, the rest as the frame', () => {
    const text = '{"format":"x","chunks":[ {"id":"a","t":"[]{}\\"]"} , {"id":"é"} ],"n":1}'
    for (const size of [1, 2, 5, 1000]) {
      expect(split(text, 'chunks', size)).toEqual({
        items: [{ id: 'a', t: '[]{}"]' }, { id: 'é' }],
        frame: { format: 'x', chunks: [], n: 1 },
      })
    }
  })

  it('reads a list that is the whole entry, and an empty one', () => {
    expect(split('[{"a":1},{"b":[2]}]', null)).toEqual({ items: [{ a: 1 }, { b: [2] }], frame: [] })
    expect(split('{"session":{"id":"s"},"messages":[]}', 'messages')).toEqual({
      items: [],
      frame: { session: { id: 's' }, messages: [] },
    })
  })

  it('does not take a nested list or a value equal to the key for the list', () => {
    const text = '{"x":{"chunks":[{"deep":1}]},"y":"chunks","chunks":[{"top":1}]}'
    expect(split(text, 'chunks')).toEqual({
      items: [{ top: 1 }],
      frame: { x: { chunks: [{ deep: 1 }] }, y: 'chunks', chunks: [] },
    })
  })

  it('refuses an item or a frame past its cap as it arrives', () => {
    const long = 'x'.repeat(2000)
    expect(why(() => split(`{"chunks":[{"t":"${long}"}]}`, 'chunks'))).toBe('element_too_large')
    expect(why(() => split(`{"pad":"${long}","chunks":[]}`, 'chunks'))).toBe('frame_too_large')
  })

  it('refuses what is not a list of objects, cut short, or nested too deeply', () => {
    for (const text of ['{"chunks":[1]}', '{"chunks":[{},]}', '{"chunks":[,{}]}', '{"chunks":[{}{}]}']) {
      expect(
        why(() => split(text, 'chunks')),
        text,
      ).toBe('malformed')
    }
    expect(why(() => split('{"chunks":[{"a":1}', 'chunks'))).toBe('malformed')
    expect(why(() => split('{"other":[]}', 'chunks'))).toBe('malformed')
    expect(why(() => split(`{"chunks":[{"a":${'['.repeat(200)}`, 'chunks'))).toBe('too_deep')
    expect(why(() => split(`{"pad":${'['.repeat(200)}`, 'chunks'))).toBe('too_deep')
  })
})
