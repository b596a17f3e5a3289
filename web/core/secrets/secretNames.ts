/**
 * Which field names name a secret. A name is read as words, whatever its spelling: camelCase,
 * PascalCase, snake_case, kebab-case, SCREAMING_CASE (`accessToken`, `access_token`, `ACCESS-TOKEN`
 * are the words `access token`). What a name is decides by its last word, as English does: a
 * `max_tokens` is a count, a `token_limit` a limit, a `key_hint` a hint, while an `auth_token` is a
 * token. A few words before `key` and `token` make them ordinary (`public_key`, `sort_key`,
 * `next_token`, `eos_token`): those are never secrets, and reads must show them whole.
 *
 * Two rules, one for each place a secret may sit (see secretFields): `isApiKeyName` everywhere (any
 * record: an API key under `api_key`, `apiKey`, `X-Api-Key`, `openai_api_key`), and the wider
 * `isSecretName` in settings, where people save credentials under any name (`token`, `password`,
 * `clientSecret`, `private_key`, `bearer`, `credentials`...).
 */

/** Last words that name a secret. */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'credential',
  'credentials',
  'bearer',
  'authorization',
])

/** Endings that make one word a secret however it begins (`accesstoken`, `clientsecret`, `dbpassword`). */
const SECRET_ENDINGS = ['apikey', 'token', 'secret', 'password', 'passwd', 'passphrase']

/** One word ending in `key` is a secret after these only (`privatekey`), never otherwise (`monkey`, `hotkey`). */
const SECRET_KEY_HEADS = [
  'access',
  'secret',
  'private',
  'signing',
  'encryption',
  'master',
  'license',
  'licence',
  'auth',
  'session',
  'client',
  'app',
  'service',
]

/** Words before `key` that name what the key finds or orders, never a secret. */
const ORDINARY_KEYS = new Set([
  'public',
  'sort',
  'state',
  'idempotency',
  'cache',
  'shortcut',
  'hot',
  'primary',
  'foreign',
  'partition',
  'lookup',
  'translation',
  'i18n',
  'locale',
  'storage',
  'object',
  'group',
  'unique',
  'dedupe',
  'row',
  'column',
  'field',
  'index',
  'hash',
  'range',
  'map',
  'label',
  'item',
  'list',
  'menu',
  'keyboard',
  'route',
  'routing',
])

/** Words before `token` that name a place in a text or a list, never a secret. */
const ORDINARY_TOKENS = new Set([
  'max',
  'min',
  'page',
  'next',
  'prev',
  'previous',
  'continuation',
  'cursor',
  'sync',
  'stop',
  'eos',
  'bos',
  'pad',
  'unk',
  'sep',
  'cls',
  'mask',
  'start',
  'end',
  'special',
  'first',
  'last',
  'sentinel',
  'separator',
])

/** First words that make a name a flag about a secret (`has_api_key`, `uses_server_key`), never one. */
const FLAG_WORDS = new Set(['has', 'is', 'uses', 'needs', 'requires', 'supports', 'show', 'hide'])

/**
 * A name's words, lowercase: split at anything not a letter or digit and where a lowercase letter or
 * digit meets an uppercase one (`groqApiKey`), or an acronym meets a word (`APIKey`). Digits that
 * number a field (`api_key2`, `token_2`) are not a word.
 */
export function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.toLowerCase().replace(/(?<=[a-z])\d+$/, ''))
    .filter((word) => word !== '' && !/^\d+$/.test(word))
  return words
}

/** Whether a field of this name holds an API key, wherever it sits: its last words are `api key`. */
export function isApiKeyName(name: string): boolean {
  const words = nameWords(name)
  if (FLAG_WORDS.has(words[0] ?? '')) return false
  const last = words.at(-1) ?? ''
  return last.endsWith('apikey') || (last === 'key' && words.at(-2) === 'api')
}

/** Whether a field of this name holds a secret in settings (see the rules above). */
export function isSecretName(name: string): boolean {
  const words = nameWords(name)
  const last = words.at(-1)
  if (last === undefined || FLAG_WORDS.has(words[0] ?? '')) return false
  const before = words.at(-2)
  if (last === 'key') return before === undefined || !ORDINARY_KEYS.has(before)
  if (last === 'token') return before === undefined || !ORDINARY_TOKENS.has(before)
  if (SECRET_WORDS.has(last)) return true
  if (SECRET_ENDINGS.some((ending) => last.endsWith(ending))) return true
  return last.endsWith('key') && SECRET_KEY_HEADS.includes(last.slice(0, -'key'.length))
}
