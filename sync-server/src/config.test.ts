import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config'

describe('configFromEnv: the HTTP layer', () => {
  it('has defaults that let a 100 MB upload over a slow link through', () => {
    const config = configFromEnv({})
    expect(config).toMatchObject({
      trustProxy: false,
      trustProxyHops: 1,
      allowedHosts: [],
      maxEventStreamsPerUser: 16,
      bodyIdleTimeoutMs: 60_000,
      requestTimeoutMs: 3_600_000,
    })
    expect(configFromEnv({}).githubApiUrl).toBeUndefined()
  })

  it('reads the settings', () => {
    const config = configFromEnv({
      TRUST_PROXY: '1',
      TRUST_PROXY_HOPS: '2',
      ALLOWED_HOSTS: ' Quire.Example.com, *.home.example ,.lan,nas.lan:8443',
      MAX_EVENT_STREAMS_PER_USER: '0',
      BODY_IDLE_TIMEOUT_S: '2.5',
      REQUEST_TIMEOUT_S: '0',
      GITHUB_API_URL: 'http://127.0.0.1:9999/api',
      SEARXNG_URL: 'http://searxng:8080',
    })
    expect(config).toMatchObject({
      githubApiUrl: 'http://127.0.0.1:9999/api',
      searxngUrl: 'http://searxng:8080',
      trustProxy: true,
      trustProxyHops: 2,
      allowedHosts: ['quire.example.com', '.home.example', '.lan', 'nas.lan:8443'],
      maxEventStreamsPerUser: 0,
      bodyIdleTimeoutMs: 2500,
      requestTimeoutMs: 0,
    })
  })

  it('starts the first ingest worker with the server unless INGEST_WARM turns it off', () => {
    expect(configFromEnv({}).ingestWarm).toBe(true)
    expect(configFromEnv({ INGEST_WARM: '1' }).ingestWarm).toBe(true)
    expect(configFromEnv({ INGEST_WARM: '0' }).ingestWarm).toBe(false)
    expect(configFromEnv({ INGEST_WARM: 'false' }).ingestWarm).toBe(false)
  })

  it('refuses settings that would not work, naming them', () => {
    expect(() => configFromEnv({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/)
    expect(() => configFromEnv({ ALLOWED_HOSTS: 'https://quire.example.com' })).toThrow(/ALLOWED_HOSTS/)
    expect(() => configFromEnv({ ALLOWED_HOSTS: 'quire.example.com/app' })).toThrow(/ALLOWED_HOSTS/)
    expect(() => configFromEnv({ MAX_EVENT_STREAMS_PER_USER: '-1' })).toThrow(/MAX_EVENT_STREAMS_PER_USER/)
    expect(() => configFromEnv({ BODY_IDLE_TIMEOUT_S: '0' })).toThrow(/BODY_IDLE_TIMEOUT_S/)
    expect(() => configFromEnv({ REQUEST_TIMEOUT_S: 'soon' })).toThrow(/REQUEST_TIMEOUT_S/)
    expect(() => configFromEnv({ GITHUB_API_URL: 'api.github.com' })).toThrow(/GITHUB_API_URL/)
    expect(() => configFromEnv({ GITHUB_API_URL: 'ftp://api.github.com' })).toThrow(/GITHUB_API_URL/)
    expect(() => configFromEnv({ SEARXNG_URL: 'searxng:8080' })).toThrow(/SEARXNG_URL/)
  })
})

describe('configFromEnv: PostgreSQL', () => {
  it('reads DATABASE_POOL_MAX (20 by default) and refuses one that is not a positive integer, naming it', () => {
    expect(configFromEnv({}).databasePoolMax).toBe(20)
    expect(configFromEnv({ DATABASE_POOL_MAX: '50' }).databasePoolMax).toBe(50)
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => configFromEnv({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/)
    }
  })
})

describe('configFromEnv: jobs', () => {
  it('reads JOB_LEASE_S (30 s by default) and refuses one that is not a positive number', () => {
    expect(configFromEnv({}).jobLeaseMs).toBe(30_000)
    expect(configFromEnv({ JOB_LEASE_S: '2.5' }).jobLeaseMs).toBe(2500)
    expect(() => configFromEnv({ JOB_LEASE_S: '0' })).toThrow(/JOB_LEASE_S/)
  })
})
