import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appCsp } from './appCsp'
import { FRAME_LOADER_SOURCE, frameCsp } from './frameDocument'

const directive = (policy: string, name: string) =>
  policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? ''

describe('the app’s Content-Security-Policy', () => {
  it('runs no inline or eval’d script, embeds nothing, and keeps the base URL', async () => {
    for (const delivery of ['header', 'meta'] as const) {
      const policy = await appCsp(delivery)
      const scripts = directive(policy, 'script-src')
      expect(scripts.split(' ')).toContain("'self'")
      expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'strict-dynamic'|\*|https?:/)
      expect(directive(policy, 'object-src')).toBe("object-src 'none'")
      expect(directive(policy, 'base-uri')).toBe("base-uri 'self'")
      expect(directive(policy, 'default-src')).toBe("default-src 'self'")
    }
  })

  it('lets the page connect to its own origin only (other servers go through the API worker or the server)', async () => {
    for (const delivery of ['header', 'meta'] as const) {
      expect(directive(await appCsp(delivery), 'connect-src')).toBe("connect-src 'self' data: blob:")
    }
  })

  it('keeps the app out of frames by header only (a meta policy cannot)', async () => {
    expect(directive(await appCsp('header'), 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(await appCsp('meta')).not.toContain('frame-ancestors')
  })

  it('lets a plugin frame (which inherits it) run its loader and blob: scripts and styles', async () => {
    const hash = createHash('sha256').update(FRAME_LOADER_SOURCE).digest('base64')
    const policy = await appCsp('meta')
    expect(directive(policy, 'script-src').split(' ')).toEqual(
      expect.arrayContaining(['blob:', `'sha256-${hash}'`]),
    )
    // The frame's own policy allows the same loader.
    expect(frameCsp(hash)).toContain(`'sha256-${hash}'`)
    expect(directive(policy, 'style-src').split(' ')).toEqual(
      expect.arrayContaining(["'unsafe-inline'", 'blob:']),
    )
  })
})
