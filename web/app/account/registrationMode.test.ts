import { afterEach, describe, expect, it, vi } from 'vitest'
import { readRegistrationMode, registrationMode } from './registrationMode'
import { serverHealth } from './serverHealth'

function answering(body: unknown, status = 200, seen: string[] = []): typeof fetch {
  return (input) => {
    seen.push(String(input))
    return Promise.resolve(new Response(JSON.stringify(body), { status }))
  }
}

describe('registrationMode', () => {
  it("reads the server's health at the normalised address, 503 included", async () => {
    const seen: string[] = []
    expect(
      await registrationMode(
        ' https://quire.example/sub/ ',
        answering({ registration: 'invite' }, 200, seen),
      ),
    ).toBe('invite')
    expect(seen).toEqual(['https://quire.example/sub/health'])
    expect(await registrationMode('https://quire.example', answering({ registration: 'closed' }, 503))).toBe(
      'closed',
    )
  })

  it('is null for an address that is not one, an unreachable server, or an answer that is no health', async () => {
    const never: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await registrationMode('quire.example', answering({ registration: 'open' }))).toBeNull()
    expect(await registrationMode('javascript:alert(1)', answering({ registration: 'open' }))).toBeNull()
    expect(await registrationMode('https://quire.example', never)).toBeNull()
    expect(
      await registrationMode('https://quire.example', () => Promise.resolve(new Response('<html>'))),
    ).toBeNull()
  })

  it('trusts only the three modes', () => {
    expect(readRegistrationMode({ registration: 'open' })).toBe('open')
    expect(readRegistrationMode({ registration: 'anyone' })).toBeNull()
    expect(readRegistrationMode({ registration: ['invite'] })).toBeNull()
    expect(readRegistrationMode(null)).toBeNull()
    expect(readRegistrationMode('invite')).toBeNull()
  })
})

describe('serverHealth of the page’s own origin', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is not asked of a static host (its 404 would show in the console), only of a sync server', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:4173' })
    const seen: string[] = []
    const fetchImpl = answering({ registration: 'open', accounts: true }, 200, seen)
    expect(await serverHealth('http://127.0.0.1:4173', fetchImpl, () => Promise.resolve(false))).toBeNull()
    expect(seen).toEqual([])
    expect(await serverHealth('http://127.0.0.1:4173/', fetchImpl, () => Promise.resolve(true))).toEqual({
      registration: 'open',
      accounts: true,
    })
    // Another origin is the API worker's to ask, whatever this one is.
    expect(
      await serverHealth('https://quire.example', fetchImpl, () => Promise.resolve(false)),
    ).not.toBeNull()
    expect(seen).toEqual(['http://127.0.0.1:4173/health', 'https://quire.example/health'])
  })
})
