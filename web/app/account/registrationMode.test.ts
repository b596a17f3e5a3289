import { describe, expect, it } from 'vitest'
import { readRegistrationMode, registrationMode } from './registrationMode'

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
