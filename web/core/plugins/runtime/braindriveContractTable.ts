import {
  BRAINDRIVE_CORE,
  BRAINDRIVE_SERVICES,
  BRAINDRIVE_TEMPLATE,
  type CallStyle,
  type MethodContract,
} from './braindriveContract'

/** How each call style reads in the table: what the method gives back, at once or later. */
const STYLE_TEXT: Record<CallStyle, string> = {
  async: 'async (Promise)',
  read: 'sync (value at once)',
  command: 'sync (void; applied by the host)',
  listen: 'sync (void; callback)',
  unlisten: 'sync (void)',
  subscribe: 'sync (returns unsubscribe)',
  local: 'sync (answered in the frame)',
}

/** The source cell: BrainDrive-Core's files are relative to its frontend/src, the template's named. */
function sourceText(source: string): string {
  return source.startsWith(BRAINDRIVE_TEMPLATE) ? source : `${BRAINDRIVE_CORE}/${source}`
}

/** One Markdown table row per method of BrainDrive's services, as docs/braindrive-services.md lists them. */
export function braindriveContractRows(): string[] {
  const rows: string[] = []
  for (const [service, methods] of Object.entries(BRAINDRIVE_SERVICES)) {
    const table: Record<string, MethodContract> = methods
    for (const [method, contract] of Object.entries(table)) {
      const note = contract.note ?? ''
      rows.push(
        `| \`${service}.${method}\` | \`${contract.signature.replace(/\|/g, '\\|')}\` | ${STYLE_TEXT[contract.style]} | ${contract.quire ? 'yes' : 'no'} | ${note} | \`${sourceText(contract.source)}\` |`,
      )
    }
  }
  return rows
}
