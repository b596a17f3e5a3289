import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * A plugin's saved state. Only persistent states travel to the person's other devices (DESIGN.md
 * section 3); the others never leave this host. Every state the routes write carries these fields.
 */
export const pluginStateKind = defineRecordKind({
  kind: 'plugin_state',
  notFound: 'Plugin state not found',
  idParam: 'state_id',
  sync: (data) => data.state_strategy === 'persistent',
  fields: z.looseObject({
    plugin_id: z.string(),
    state_strategy: z.string(),
    state_data: z.record(z.string(), z.unknown()),
  }),
})
