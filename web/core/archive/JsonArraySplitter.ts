import { MAX_JSON_DEPTH } from '../kernel/exceedsJsonDepth'

/** Why a streamed JSON entry is refused: its own text, or the size of one of its parts. */
export class JsonSplitError extends Error {
  constructor(
    readonly why: 'malformed' | 'too_deep' | 'element_too_large' | 'frame_too_large',
    message: string,
  ) {
    super(message)
  }
}

/** Where the streamed array is: the whole entry (`null`), or the value of one key of the top object. */
export type ArrayPlace = string | null

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c
const COLON = 0x3a
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

/**
 * Splits JSON text, as it arrives in pieces, into the objects of one array and the rest (the frame),
 * so an entry that may legitimately be large (a document's passages, a chat's messages, a kind's
 * records) is never held or parsed whole: each element is handed on once complete, and is refused the
 * moment it passes `maxElementBytes`; the frame (everything but the elements, the array left as `[]`)
 * is held to `maxFrameBytes` and parsed at the end. Structure outside the elements (commas, the
 * array's brackets, nesting depth) is checked here; each element and the frame are then checked by
 * `JSON.parse`. Works on bytes: every structural character is ASCII, never part of a UTF-8 sequence.
 */
export class JsonArraySplitter {
  private depth = 0
  private inString = false
  private escaped = false
  /** 'frame': outside the array; 'array': inside it between elements; 'element': inside one. */
  private mode: 'frame' | 'array' | 'element' = 'frame'
  private readonly frame: Uint8Array[] = []
  private frameBytes = 0
  private element: Uint8Array[] = []
  private elementBytes = 0
  /** In 'array' mode: an element was just closed (a comma or the end may follow), or a comma was. */
  private afterElement = false
  private afterComma = false
  /** Whether the array was found (once). */
  private found = false
  /** The string being read at the array's level (while it may still be the key), and whether it was. */
  private keyText: number[] | null = null
  private keyMatches = false
  private afterKey = false
  private readonly key: Uint8Array | null
  /** Where the array's own bracket sits: 0 for the whole entry, 1 for a key of the top object. */
  private readonly arrayLevel: number

  constructor(
    place: ArrayPlace,
    private readonly limits: { maxElementBytes: number; maxFrameBytes: number },
  ) {
    this.key = place === null ? null : new TextEncoder().encode(JSON.stringify(place))
    this.arrayLevel = place === null ? 0 : 1
  }

  /** Takes the next piece of text; answers the elements it completed, each as its bytes' pieces. */
  push(chunk: Uint8Array): Uint8Array[][] {
    const done: Uint8Array[][] = []
    // Where the current run of bytes for the frame or the element began within this chunk.
    let runStart = 0
    const flush = (end: number) => {
      if (end <= runStart) return
      const part = chunk.subarray(runStart, end)
      if (this.mode === 'element') this.addElementBytes(part)
      else if (this.mode === 'frame') this.addFrameBytes(part)
      runStart = end
    }
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at]!
      if (this.inString) {
        if (this.keyText && this.keyText.length <= this.key!.length) this.keyText.push(byte)
        if (this.escaped) this.escaped = false
        else if (byte === BACKSLASH) this.escaped = true
        else if (byte === QUOTE) {
          this.inString = false
          if (this.keyText) {
            this.keyMatches = sameBytes(this.keyText, this.key!)
            this.keyText = null
          }
        }
        continue
      }
      if (this.mode === 'array') {
        // Between elements: nothing of this goes to the frame.
        if (isSpace(byte)) continue
        if (byte === COMMA && this.afterElement) {
          this.afterElement = false
          this.afterComma = true
        } else if (byte === OPEN_OBJECT && !this.afterElement) {
          this.mode = 'element'
          this.afterComma = false
          this.depth++
          runStart = at
        } else if (byte === CLOSE_ARRAY && !this.afterComma) {
          this.depth--
          this.mode = 'frame'
          runStart = at
        } else {
          throw new JsonSplitError('malformed', 'its array holds something other than objects')
        }
        continue
      }
      if (byte === QUOTE) {
        this.inString = true
        // A string at the array's level may be the key that names it (compared as written).
        if (this.mode === 'frame' && this.depth === this.arrayLevel && this.key) this.keyText = [QUOTE]
        continue
      }
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        const opensArray =
          this.mode === 'frame' &&
          byte === OPEN_ARRAY &&
          this.depth === this.arrayLevel &&
          !this.found &&
          (this.key === null || this.afterKey)
        this.depth++
        if (this.depth > MAX_JSON_DEPTH) {
          throw new JsonSplitError('too_deep', `it is nested more than ${MAX_JSON_DEPTH} levels deep`)
        }
        if (opensArray) {
          flush(at + 1)
          this.found = true
          this.mode = 'array'
          this.afterElement = false
          this.afterComma = false
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.depth--
        if (this.depth < 0) throw new JsonSplitError('malformed', 'it closes more than it opens')
        if (this.mode === 'element' && this.depth === this.arrayLevel + 1) {
          flush(at + 1)
          done.push(this.element)
          this.element = []
          this.elementBytes = 0
          this.mode = 'array'
          this.afterElement = true
        }
      }
      if (this.mode === 'frame' && this.depth === this.arrayLevel && !isSpace(byte) && byte !== QUOTE) {
        this.afterKey = byte === COLON && this.keyMatches
        if (byte !== COLON) this.keyMatches = false
      }
    }
    flush(chunk.length)
    return done
  }

  /** The frame's text once all pieces were pushed (the array as `[]`); throws if the text is cut short. */
  end(): string {
    if (this.inString || this.depth !== 0 || this.mode !== 'frame') {
      throw new JsonSplitError('malformed', 'it is cut short')
    }
    if (!this.found) throw new JsonSplitError('malformed', 'it lacks the list it must hold')
    const whole = new Uint8Array(this.frameBytes)
    let at = 0
    for (const part of this.frame) {
      whole.set(part, at)
      at += part.length
    }
    return new TextDecoder('utf-8', { fatal: true }).decode(whole)
  }

  private addFrameBytes(part: Uint8Array) {
    this.frameBytes += part.length
    if (this.frameBytes > this.limits.maxFrameBytes) {
      throw new JsonSplitError(
        'frame_too_large',
        `its text besides its list passes ${this.limits.maxFrameBytes} bytes`,
      )
    }
    // A copy: the inflater's chunk may be reused.
    this.frame.push(part.slice())
  }

  private addElementBytes(part: Uint8Array) {
    this.elementBytes += part.length
    if (this.elementBytes > this.limits.maxElementBytes) {
      throw new JsonSplitError(
        'element_too_large',
        `one item of its list passes ${this.limits.maxElementBytes} bytes`,
      )
    }
    this.element.push(part.slice())
  }
}

function sameBytes(bytes: number[], expected: Uint8Array): boolean {
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index])
}
