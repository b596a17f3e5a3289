import { seededRandom, type Random } from '../../web/core/sync/seededRandom'

/** Realistic shapes of the platform's synced records: short text fields, 3 to 6 per record. */
const KINDS: Record<string, readonly string[]> = {
  conversation: ['title', 'persona_id', 'model', 'summary', 'folder', 'status'],
  message: ['conversation_id', 'role', 'content', 'model', 'status', 'language'],
  tag: ['name', 'color', 'description', 'icon', 'scope', 'parent_id'],
  persona: ['name', 'description', 'system_prompt', 'tone', 'avatar', 'language'],
  page: ['title', 'slug', 'summary', 'layout', 'icon', 'status'],
  // BrainDrive's setting instance fields; not `key`, which settings take for a secret (web/core/secrets/secretNames.ts):
  // sealed, masked and never synced.
  setting: ['name', 'value', 'scope', 'description', 'category', 'type'],
}
const WORDS = (
  'river archive quiet lamp north paper budget signal orbit garden copper minute ' +
  'harbor ledger violet summit canvas thread meadow pilot engine marble winter'
).split(' ')

export function shortText(random: Random): string {
  return Array.from({ length: random.int(1, 6) }, () => random.pick(WORDS)).join(' ')
}

/** `count` records of a mix of kinds, the same ones for the same seed. */
export function syntheticSyncRecords(count: number, seed: number) {
  const random = seededRandom(seed)
  const kinds = Object.keys(KINDS)
  return Array.from({ length: count }, (_, index) => {
    const kind = random.pick(kinds)
    const names = random.shuffle(KINDS[kind]!).slice(0, random.int(3, 6))
    return {
      kind,
      id: `${kind}-${seed}-${index}`,
      fields: Object.fromEntries(names.map((name) => [name, shortText(random)])),
    }
  })
}
