import { resolve } from 'node:path'
import { registrationFromEnv, type Registration } from './auth/registration'
import { generatorSettingsSchema, type GeneratorSettings } from '../../web/core/generate/GeneratorSettings'
import { formatZodError } from '../../web/core/api/formatZodError'
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '../../web/core/ingest/IngestLimits'
import { DEFAULT_RATE_LIMITS, type RateLimits } from './auth/RateLimiter'
import { checkFolderRootsApart } from './folders/checkFolderRootsApart'
import { parseFolderRoots } from './folders/folderRoots'
import { MIN_SECRET_KEY_BYTES, secretKeyTooShort } from './secrets/loadSecretKey'
import { databaseUrl } from './sql/databaseUrl'
import { syncRetentionMs } from './syncApi/openSyncSpace'
import type { OutboundConfig } from './outbound/OutboundPolicy'
import { parseOutboundAllow } from './outbound/outboundAllow'

/**
 * INGEST_MEMORY_MB's default: the heap of one ingest worker (JOB_CONCURRENCY of them run at once).
 * The ingest-memory bench's 50-page PDF peaks near 200 MB of heap and its hostile shapes stay far
 * under this; V8's own limit (several GB) let one 92 KB Word file take the server to 2.4 GB.
 */
export const DEFAULT_INGEST_MEMORY_MB = 1024

export interface ServerConfig {
  port: number
  /** Interface to listen on; absent means every interface, IPv6 and IPv4 alike. */
  host?: string
  dataDir: string
  /** DATABASE_URL: PostgreSQL for every server record and person's data; absent: SQLite files in dataDir. */
  databaseUrl?: string
  /** DATABASE_POOL_MAX (default 20): connections of the process's PostgreSQL pool at most. */
  databasePoolMax?: number
  /** Built PWA to serve at `/`; absent when only the API is wanted (tests, benchmarks). */
  staticDir?: string
  /** Largest accepted upload in bytes (MAX_UPLOAD_MB, default 100 MB). */
  maxUploadBytes?: number
  /** FOLDER_ROOTS: the folders people may follow lie inside these (`{user}`: the person's id); none by default. */
  folderRoots?: string[]
  /** FOLDER_RESCAN_S (default 300): how often followed folders are checked besides their watcher. */
  folderRescanMs?: number
  /** How long connection tests and model lists wait (CONNECTION_TEST_TIMEOUT_MS, 15 s); tests set less. */
  connectionTestMs?: number
  /**
   * How long a document's processing may go without progress, in ms (INGEST_TIMEOUT_S, default 120 s):
   * a document that reads no page (and whose worker reports nothing) for this long is stopped; one that
   * keeps reading pages is never stopped for its length.
   */
  ingestTimeoutMs?: number
  /** INGEST_MEMORY_MB: the JS heap each ingest worker may grow to (DEFAULT_INGEST_MEMORY_MB). */
  ingestMemoryMb?: number
  /**
   * INGEST_WARM (default on from the environment, off when absent from a config object): start the first
   * ingest worker, with its modules and pdf.js loaded, when the server starts rather than at the first
   * upload, whose text layer then waits for none of it: the corpus's 549-page filing searchable in 7.6 s
   * instead of 8.4-9.3 s when uploaded 12 s after the server started (a quiet 2-core machine).
   */
  ingestWarm?: boolean
  /**
   * How far one document may expand (MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHUNKS; defaults
   * DEFAULT_INGEST_LIMITS, the browser's too): past either it ends `failed` with error_code too_large.
   */
  ingestLimits?: IngestLimits
  /** The embedder for new documents: `hash-v1` (EMBEDDER, default) or a transformers.js model id. */
  embedder?: EmbedderConfig
  /** The default answer generator (GENERATOR, GENERATOR_URL, GENERATOR_MODEL), never with a key in it. */
  generator?: GeneratorSettings
  /**
   * GENERATOR_API_KEY: the operator's key, held by the server alone (never in anyone's settings, sync
   * or answers) and sent only with requests to the `generator`'s own base URL (`openai` only).
   */
  generatorApiKey?: string
  /** QUIRE_SECRET_KEY (at least 32 characters): seals people's API keys at rest; absent: DATA_DIR/secret-key. */
  secretKey?: string
  /** REGISTRATION, REGISTRATION_INVITE_TOKENS: who may create an account (default open). */
  registration?: Registration
  /** QUIRE_SINGLE_USER=1: no accounts; every request is the one local user (the spec's local deployment). */
  singleUser?: boolean
  /** JWT_SECRET (at least 32 characters); absent: a key generated once into DATA_DIR/jwt-secret. */
  jwtSecret?: string
  /** RATE_LIMIT_LOGIN (per minute per IP), RATE_LIMIT_REGISTER (per hour per IP), RATE_LIMIT_USER (per minute); 0 turns one off. */
  rateLimits?: RateLimits
  /**
   * JOB_CONCURRENCY (default 2): jobs of the work pool (document processing, evaluation runs) run at
   * once on this instance.
   */
  jobConcurrency?: number
  /**
   * JOB_CONCURRENCY_PER_USER: of those, one person's at most (default: one less than JOB_CONCURRENCY,
   * at least 1, so a slot is always left for someone else; single-user: JOB_CONCURRENCY).
   */
  jobConcurrencyPerUser?: number
  /**
   * OUTBOUND_JOB_CONCURRENCY (default 4): jobs that wait on the network for long (model installs,
   * plugin downloads) run at once on this instance, in slots of their own, never the work pool's.
   */
  outboundJobConcurrency?: number
  /**
   * OUTBOUND_JOB_CONCURRENCY_PER_USER: of those, one person's at most (default: one less than
   * OUTBOUND_JOB_CONCURRENCY, at least 1; single-user: all).
   */
  outboundJobConcurrencyPerUser?: number
  /**
   * JOB_LEASE_S (default 30): with several instances on PostgreSQL, one whose heartbeat is this old
   * is dead and its running jobs are taken over (see jobs/JobLeases.ts).
   */
  jobLeaseMs?: number
  /** TRUSTED_ORIGINS: other origins (comma-separated) whose pages may use the cookies (a PWA hosted elsewhere). */
  trustedOrigins?: string[]
  /** TRUST_PROXY=1: take the client IP and protocol from X-Forwarded-* (behind a reverse proxy). */
  trustProxy?: boolean
  /** TRUST_PROXY_HOPS (default 1): how many proxies in front append to X-Forwarded-For (see createApp). */
  trustProxyHops?: number
  /** ALLOWED_HOSTS: more names (comma-separated) the server answers to; see `auth/hostGuard.ts`. */
  allowedHosts?: string[]
  /** MAX_EVENT_STREAMS_PER_USER (default 16, 0: no cap): event streams one person may hold open. */
  maxEventStreamsPerUser?: number
  /** How often an open event stream's session is checked; it ends once signed out (default 5 s; tests shorten it). */
  streamSignOutCheckMs?: number
  /** BODY_IDLE_TIMEOUT_S (default 60): a request body that stops arriving this long is cut off. */
  bodyIdleTimeoutMs?: number
  /** REQUEST_TIMEOUT_S (default 3600, 0: none): the whole request, body included, must arrive in this time. */
  requestTimeoutMs?: number
  /** How long sync tombstones are kept before compaction (SYNC_TOMBSTONE_RETENTION_DAYS, default 30). */
  syncRetentionMs?: number
  /**
   * INDEX_MEMORY_MB (default 1024): memory for people's loaded search indexes, by estimate; past it
   * the least recently used are unloaded (saved first) and load again from their snapshot when used.
   */
  indexMemoryBytes?: number
  /**
   * Requests to URLs people supply (their answer generator, later providers, search, plugins):
   * OUTBOUND_ALLOW, OUTBOUND_CONNECT_TIMEOUT_S, OUTBOUND_IDLE_TIMEOUT_S, OUTBOUND_TOTAL_TIMEOUT_S,
   * OUTBOUND_MAX_RESPONSE_MB (see outbound/OutboundPolicy.ts).
   */
  outbound?: OutboundConfig
  /**
   * The plugin marketplace's catalog (PLUGIN_CATALOG_URL), fetched through the outbound policy; absent:
   * the built-in catalog in `pluginCatalogDir`.
   */
  pluginCatalogUrl?: string
  /** Quire's sample plugins' catalog (`scripts/buildSamplePlugins.mjs` output, default ./dist-plugins), served at /plugin-catalog/. */
  pluginCatalogDir?: string
  /**
   * The GitHub API that repository URLs are resolved with (GITHUB_API_URL; default https://api.github.com):
   * a mirror, or a fake release server in tests.
   */
  githubApiUrl?: string
  /**
   * SEARXNG_URL: the server's own SearXNG instance, for people who set none of their own; reached as
   * the operator's endpoint (like GENERATOR_URL: the outbound limits, not its address rules).
   */
  searxngUrl?: string
}

export interface EmbedderConfig {
  id: string
  /** Self-hosted models, `<modelsDir>/<model id>/...` (MODELS_DIR); also served at /models/. */
  modelsDir?: string
  /** Whether a model missing from modelsDir may be downloaded from the Hugging Face hub (ALLOW_REMOTE_MODELS=1). */
  allowRemote?: boolean
  /** Where downloaded model files are kept (DATA_DIR/models-cache). */
  cacheDir?: string
}

/**
 * Reads PORT (default 8005), HOST (all interfaces), DATA_DIR (./data), DATABASE_URL, DATABASE_POOL_MAX, STATIC_DIR, MAX_UPLOAD_MB,
 * INGEST_TIMEOUT_S, INGEST_MEMORY_MB, INGEST_WARM, MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHUNKS, EMBEDDER, MODELS_DIR, ALLOW_REMOTE_MODELS, the GENERATOR settings, the
 * account settings: QUIRE_SINGLE_USER, REGISTRATION, REGISTRATION_INVITE_TOKENS, JWT_SECRET, RATE_LIMIT_*, JOB_CONCURRENCY, JOB_CONCURRENCY_PER_USER,
 * OUTBOUND_JOB_CONCURRENCY, OUTBOUND_JOB_CONCURRENCY_PER_USER, JOB_LEASE_S, TRUSTED_ORIGINS,
 * TRUST_PROXY, TRUST_PROXY_HOPS, ALLOWED_HOSTS, MAX_EVENT_STREAMS_PER_USER, BODY_IDLE_TIMEOUT_S,
 * REQUEST_TIMEOUT_S, SYNC_TOMBSTONE_RETENTION_DAYS, QUIRE_SECRET_KEY, SEARXNG_URL, FOLDER_ROOTS and
 * FOLDER_RESCAN_S.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8005 : Number(env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${JSON.stringify(env.PORT)}`)
  }
  const dataDir = resolve(env.DATA_DIR || './data')
  const folderRoots = parseFolderRoots(env.FOLDER_ROOTS)
  checkFolderRootsApart(folderRoots, dataDir)
  return {
    port,
    host: env.HOST || undefined,
    dataDir,
    databaseUrl: databaseUrl(env),
    databasePoolMax: wholeNumber(env, 'DATABASE_POOL_MAX', 20, 1),
    staticDir: resolve(env.STATIC_DIR || './dist'),
    maxUploadBytes: positiveNumber(env, 'MAX_UPLOAD_MB', 100) * 1024 * 1024,
    folderRoots,
    folderRescanMs: positiveNumber(env, 'FOLDER_RESCAN_S', 300) * 1000,
    ingestTimeoutMs: positiveNumber(env, 'INGEST_TIMEOUT_S', 120) * 1000,
    ingestMemoryMb: wholeNumber(env, 'INGEST_MEMORY_MB', DEFAULT_INGEST_MEMORY_MB, 64),
    ingestWarm: env.INGEST_WARM === undefined || env.INGEST_WARM === '' || flag(env.INGEST_WARM),
    ingestLimits: {
      maxChars: wholeNumber(env, 'MAX_DOCUMENT_CHARS', DEFAULT_INGEST_LIMITS.maxChars, 1),
      maxChunks: wholeNumber(env, 'MAX_DOCUMENT_CHUNKS', DEFAULT_INGEST_LIMITS.maxChunks, 1),
    },
    embedder: {
      id: env.EMBEDDER || 'hash-v1',
      modelsDir: env.MODELS_DIR ? resolve(env.MODELS_DIR) : undefined,
      allowRemote: env.ALLOW_REMOTE_MODELS === '1' || env.ALLOW_REMOTE_MODELS === 'true',
      cacheDir: resolve(env.DATA_DIR || './data', 'models-cache'),
    },
    generator: generatorFromEnv(env),
    generatorApiKey: generatorApiKey(env),
    secretKey: secretKey(env),
    singleUser: flag(env.QUIRE_SINGLE_USER),
    registration: registrationFromEnv(env),
    jwtSecret: env.JWT_SECRET || undefined,
    rateLimits: {
      login: { limit: count(env, 'RATE_LIMIT_LOGIN', DEFAULT_RATE_LIMITS.login.limit), windowSeconds: 60 },
      register: {
        limit: count(env, 'RATE_LIMIT_REGISTER', DEFAULT_RATE_LIMITS.register.limit),
        windowSeconds: 3600,
      },
      user: { limit: count(env, 'RATE_LIMIT_USER', DEFAULT_RATE_LIMITS.user.limit), windowSeconds: 60 },
    },
    jobConcurrency: positiveNumber(env, 'JOB_CONCURRENCY', 2),
    jobConcurrencyPerUser: optionalWholeNumber(env, 'JOB_CONCURRENCY_PER_USER'),
    outboundJobConcurrency: wholeNumber(env, 'OUTBOUND_JOB_CONCURRENCY', 4, 1),
    outboundJobConcurrencyPerUser: optionalWholeNumber(env, 'OUTBOUND_JOB_CONCURRENCY_PER_USER'),
    jobLeaseMs: positiveNumber(env, 'JOB_LEASE_S', 30) * 1000,
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: flag(env.TRUST_PROXY),
    trustProxyHops: wholeNumber(env, 'TRUST_PROXY_HOPS', 1, 1),
    allowedHosts: allowedHosts(env.ALLOWED_HOSTS),
    maxEventStreamsPerUser: count(env, 'MAX_EVENT_STREAMS_PER_USER', 16),
    bodyIdleTimeoutMs: positiveNumber(env, 'BODY_IDLE_TIMEOUT_S', 60) * 1000,
    requestTimeoutMs: count(env, 'REQUEST_TIMEOUT_S', 3600) * 1000,
    syncRetentionMs: syncRetentionMs(env),
    indexMemoryBytes: positiveNumber(env, 'INDEX_MEMORY_MB', 1024) * 1024 * 1024,
    outbound: outboundFromEnv(env),
    pluginCatalogUrl: env.PLUGIN_CATALOG_URL || undefined,
    pluginCatalogDir: resolve('./dist-plugins'),
    githubApiUrl: httpUrl(env, 'GITHUB_API_URL'),
    searxngUrl: httpUrl(env, 'SEARXNG_URL'),
  }
}

/** An http(s) URL, or undefined when unset; anything else is refused at start rather than on the first install. */
function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http:// or https:// URL, got ${JSON.stringify(raw)}`)
  return raw
}

/**
 * OUTBOUND_ALLOW (comma-separated hosts, host:port, IP addresses or CIDR networks that people's URLs
 * may reach in multi-user mode although they are not public) and the outbound limits: connect timeout,
 * idle timeout (for the answer to start and between streamed chunks), total timeout, largest answer.
 * Unset values take DEFAULT_OUTBOUND_LIMITS.
 */
function outboundFromEnv(env: NodeJS.ProcessEnv): OutboundConfig {
  const seconds = (name: string) => (env[name] ? positiveNumber(env, name, 0) * 1000 : undefined)
  return {
    allow: parseOutboundAllow(env.OUTBOUND_ALLOW ?? ''),
    connectTimeoutMs: seconds('OUTBOUND_CONNECT_TIMEOUT_S'),
    idleTimeoutMs: seconds('OUTBOUND_IDLE_TIMEOUT_S'),
    totalTimeoutMs: seconds('OUTBOUND_TOTAL_TIMEOUT_S'),
    maxResponseBytes: env.OUTBOUND_MAX_RESPONSE_MB
      ? Math.round(positiveNumber(env, 'OUTBOUND_MAX_RESPONSE_MB', 0) * 1024 * 1024)
      : undefined,
  }
}

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true'
}

/** An integer of at least `min` (TRUST_PROXY_HOPS: 0 hops would trust nothing, which is TRUST_PROXY unset). */
/** A whole number of at least 1, or undefined when unset (its default depends on other settings). */
function optionalWholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  return env[name] === undefined || env[name] === '' ? undefined : wholeNumber(env, name, 1, 1)
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`)
  return value
}

/**
 * ALLOWED_HOSTS: host names without scheme or path (a port is allowed and ignored, as in Host);
 * `.example.com` (or `*.example.com`) allows every subdomain as well. Anything else (a URL, a name
 * with a path) is refused at start: it could never match a Host header, and the operator would only
 * find out when every request is refused.
 */
function allowedHosts(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase().replace(/^\*\./u, '.'))
    .filter(Boolean)
  for (const name of names) {
    if (
      !/^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?(?::\d+)?$/u.test(name) &&
      !/^\[?[0-9a-f:.]+\]?(?::\d+)?$/u.test(name)
    ) {
      throw new Error(
        `ALLOWED_HOSTS must list host names such as quire.example.com or .example.com (comma-separated, no scheme or path), got ${JSON.stringify(name)}`,
      )
    }
  }
  return names
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number (0: no limit), got ${JSON.stringify(raw)}`)
  return value
}

/**
 * GENERATOR=extractive (default) | openai | ollama, with GENERATOR_URL and GENERATOR_MODEL. The key
 * (GENERATOR_API_KEY) is read apart, by generatorApiKey: it is the server's, not a default setting.
 * WebLLM runs only in browsers.
 */
function generatorFromEnv(env: NodeJS.ProcessEnv): GeneratorSettings {
  const kind = env.GENERATOR || 'extractive'
  const parsed = generatorSettingsSchema.safeParse(
    kind === 'extractive' ? { kind } : { kind, base_url: env.GENERATOR_URL, model: env.GENERATOR_MODEL },
  )
  if (!parsed.success || parsed.data.kind === 'webllm') {
    const why = parsed.success ? 'webllm runs only in the browser' : formatZodError(parsed.error, 'body')
    throw new Error(
      `GENERATOR settings are invalid (${why}): use GENERATOR=extractive, or GENERATOR=openai|ollama with GENERATOR_URL and GENERATOR_MODEL`,
    )
  }
  return parsed.data
}

/** GENERATOR_API_KEY, only beside GENERATOR=openai: a key set for another generator would be sent nowhere. */
function generatorApiKey(env: NodeJS.ProcessEnv): string | undefined {
  const key = env.GENERATOR_API_KEY?.trim()
  if (!key) return undefined
  if (env.GENERATOR !== 'openai') {
    throw new Error(
      `GENERATOR_API_KEY is set but GENERATOR is ${JSON.stringify(env.GENERATOR ?? 'extractive')}: the key is for GENERATOR=openai (an OpenAI-compatible GENERATOR_URL); unset it or set GENERATOR=openai`,
    )
  }
  return key
}

/** QUIRE_SECRET_KEY: at least 32 bytes (loadSecretKey checks again); empty counts as unset. */
function secretKey(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.QUIRE_SECRET_KEY
  if (raw === undefined || raw === '') return undefined
  const bytes = Buffer.byteLength(raw, 'utf8')
  if (bytes < MIN_SECRET_KEY_BYTES) throw new Error(secretKeyTooShort(bytes))
  return raw
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`)
  return value
}
