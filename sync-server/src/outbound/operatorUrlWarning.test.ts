import type { LookupFunction } from 'node:net'
import { describe, expect, it } from 'vitest'
import { operatorUrlWarning } from './operatorUrlWarning'
import { outboundPolicy } from './OutboundPolicy'
import { parseOutboundAllow } from './outboundAllow'

const lookup: LookupFunction = (hostname, _options, callback) =>
  hostname === 'ollama.test'
    ? callback(null, [{ address: '10.1.2.3', family: 4 }])
    : callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), '')

const multiUser = (allow = '') => ({
  ...outboundPolicy({ allow: parseOutboundAllow(allow) }, { singleUser: false }),
  lookup,
})

describe('operatorUrlWarning', () => {
  it('tells the operator how to allow a GENERATOR_URL the policy would refuse', async () => {
    expect(await operatorUrlWarning('GENERATOR_URL', 'http://127.0.0.1:11434', multiUser())).toBe(
      "GENERATOR_URL http://127.0.0.1:11434: 127.0.0.1 is a loopback address, which this server does not reach; an operator can allow it with OUTBOUND_ALLOW. People's requests to it will fail in multi-user mode until OUTBOUND_ALLOW lists it (for example OUTBOUND_ALLOW=127.0.0.1:11434).",
    )
    expect(await operatorUrlWarning('GENERATOR_URL', 'http://ollama.test/v1', multiUser())).toContain(
      "ollama.test resolves to a private address 10.1.2.3, which this server does not reach; an operator can allow it with OUTBOUND_ALLOW. People's requests to it will fail in multi-user mode until OUTBOUND_ALLOW lists it (for example OUTBOUND_ALLOW=ollama.test:80).",
    )
  })

  it('says nothing when the URL passes, or cannot be resolved now', async () => {
    expect(
      await operatorUrlWarning('GENERATOR_URL', 'http://ollama.test:11434', multiUser('ollama.test')),
    ).toBeUndefined()
    expect(
      await operatorUrlWarning('GENERATOR_URL', 'http://127.0.0.1:11434', {
        ...outboundPolicy({}, { singleUser: true }),
      }),
    ).toBeUndefined()
    expect(await operatorUrlWarning('GENERATOR_URL', 'http://unknown.test', multiUser())).toBeUndefined()
  })
})
