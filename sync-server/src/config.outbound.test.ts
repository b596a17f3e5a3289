import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config'
import { outboundPolicy } from './outbound/OutboundPolicy'

describe('configFromEnv: outbound requests', () => {
  it('reads OUTBOUND_ALLOW and the outbound limits', () => {
    const { outbound } = configFromEnv({
      OUTBOUND_ALLOW: 'localhost:11434, 10.0.0.0/8,[fd00::1]:8080',
      OUTBOUND_CONNECT_TIMEOUT_S: '5',
      OUTBOUND_IDLE_TIMEOUT_S: '30',
      OUTBOUND_TOTAL_TIMEOUT_S: '900',
      OUTBOUND_MAX_RESPONSE_MB: '2.5',
    })
    expect(outbound?.allow?.map((rule) => [rule.type, rule.text, rule.port])).toEqual([
      ['host', 'localhost:11434', 11434],
      ['network', '10.0.0.0/8', undefined],
      ['network', '[fd00::1]:8080', 8080],
    ])
    expect(outbound).toMatchObject({
      connectTimeoutMs: 5_000,
      idleTimeoutMs: 30_000,
      totalTimeoutMs: 900_000,
      maxResponseBytes: 2.5 * 1024 * 1024,
    })
  })

  it('leaves unset limits to the defaults, and private addresses to single-user mode', () => {
    const multi = outboundPolicy(configFromEnv({}).outbound, { singleUser: false })
    expect(multi).toMatchObject({
      allow: [],
      reachPrivateAddresses: false,
      connectTimeoutMs: 10_000,
      idleTimeoutMs: 120_000,
      totalTimeoutMs: 600_000,
      maxResponseBytes: 10 * 1024 * 1024,
      maxRedirects: 5,
    })
    expect(outboundPolicy(configFromEnv({}).outbound, { singleUser: true }).reachPrivateAddresses).toBe(true)
  })

  it('refuses values that make no sense, naming the variable', () => {
    expect(() => configFromEnv({ OUTBOUND_ALLOW: 'localhost, 10.0.0.0/40' })).toThrow(
      'OUTBOUND_ALLOW entry "10.0.0.0/40" has a prefix length that is not 0 to 32',
    )
    expect(() => configFromEnv({ OUTBOUND_ALLOW: 'http://ollama:11434' })).toThrow(
      /is a URL: give only its host/,
    )
    expect(() => configFromEnv({ OUTBOUND_IDLE_TIMEOUT_S: '0' })).toThrow(
      'OUTBOUND_IDLE_TIMEOUT_S must be a positive number, got "0"',
    )
    expect(() => configFromEnv({ OUTBOUND_MAX_RESPONSE_MB: 'lots' })).toThrow(
      /OUTBOUND_MAX_RESPONSE_MB must be/,
    )
  })
})
