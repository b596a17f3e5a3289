/**
 * SHA-256 (FIPS 180-4) fed in pieces. Web Crypto's `digest` takes the whole input at once and, in
 * Node, copies it on the calling thread first: hashing a 360 MB chunk blob that way blocked the
 * server for 200+ ms. This one hashes as much as it is given per `update`, so a caller can hash a
 * big buffer a slice at a time and let other work run between slices (`sha256Hex` does). About a
 * third of Web Crypto's speed; used only for inputs too big to hash in one go.
 */
export class Sha256 {
  private readonly state = Uint32Array.from(INITIAL)
  private readonly words = new Uint32Array(64)
  private readonly pending = new Uint8Array(64)
  private pendingLength = 0
  private length = 0
  private finished = false

  update(bytes: Uint8Array): this {
    if (this.finished) throw new Error('Sha256: update after digest')
    this.length += bytes.length
    let offset = 0
    if (this.pendingLength > 0) {
      const take = Math.min(64 - this.pendingLength, bytes.length)
      this.pending.set(bytes.subarray(0, take), this.pendingLength)
      this.pendingLength += take
      offset = take
      if (this.pendingLength < 64) return this
      this.compress(this.pending, 0)
      this.pendingLength = 0
    }
    for (; offset + 64 <= bytes.length; offset += 64) this.compress(bytes, offset)
    this.pending.set(bytes.subarray(offset), 0)
    this.pendingLength = bytes.length - offset
    return this
  }

  /** The 32-byte digest; the hash cannot be updated afterwards. */
  digest(): Uint8Array {
    if (this.finished) throw new Error('Sha256: digest called twice')
    const bits = this.length * 8
    // Padding: 0x80, zeros to 56 mod 64, then the length in bits as a 64-bit big-endian number.
    const padding = new Uint8Array(
      this.pendingLength < 56 ? 64 - this.pendingLength : 128 - this.pendingLength,
    )
    padding[0] = 0x80
    const view = new DataView(padding.buffer)
    view.setUint32(padding.length - 8, Math.floor(bits / 2 ** 32))
    view.setUint32(padding.length - 4, bits >>> 0)
    this.update(padding)
    this.finished = true
    const out = new Uint8Array(32)
    const outView = new DataView(out.buffer)
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, this.state[i]!)
    return out
  }

  private compress(bytes: Uint8Array, offset: number): void {
    const w = this.words
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4
      w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!
      const b = w[i - 2]!
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0
    }
    const s = this.state
    let a = s[0]!
    let b = s[1]!
    let c = s[2]!
    let d = s[3]!
    let e = s[4]!
    let f = s[5]!
    let g = s[6]!
    let h = s[7]!
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      h = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    s[0] = (s[0]! + a) | 0
    s[1] = (s[1]! + b) | 0
    s[2] = (s[2]! + c) | 0
    s[3] = (s[3]! + d) | 0
    s[4] = (s[4]! + e) | 0
    s[5] = (s[5]! + f) | 0
    s[6] = (s[6]! + g) | 0
    s[7] = (s[7]! + h) | 0
  }
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n))
}

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])
