import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** Which seeds this host has written to the profile (one record): this host's own, never synced. */
export const profileSeedKind = defineRecordKind({
  kind: 'profile_seed',
  notFound: 'Not found',
  idParam: 'seed_id',
  idSchema: z.string(),
  sync: 'never',
  fields: z.looseObject({ ids: z.array(z.string()) }),
})
