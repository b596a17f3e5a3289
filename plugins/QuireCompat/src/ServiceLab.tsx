import React, { useEffect, useRef, useState } from 'react'
import { errorText, isRecord, type ModuleProps } from '../../shared/braindriveServices'
import { SETTING_ID } from './compatMessages'

// Uses the rest of BrainDrive's services as its plugins do: plugin state through the pluginState
// service and pageContext, setting instances and category subscriptions, and server-sent event streams
// through getSse and subscribeToSse (BrainDrive-Core's ApiService, SettingsService, PluginStateService).

type Callback = (value: unknown) => void

interface LabServices {
  api?: {
    getSse(path: string, onMessage?: (data: string) => void): Promise<void>
    subscribeToSse(
      path: string,
      handlers: {
        onOpen?: (response: Response) => void
        onMessage?: (data: string) => void
        onError?: (error: unknown) => void
        onClose?: () => void
      },
    ): () => void
  }
  settings?: {
    registerSettingDefinition(definition: Record<string, unknown>): Promise<void>
    setSetting(id: string, value: unknown, context?: unknown): Promise<void>
    deleteSetting(id: string, context: unknown): Promise<void>
    createSettingInstance(id: string, value: unknown, context: unknown, name?: string): Promise<Instance>
    getSettingInstance(id: string, context: unknown): Promise<Instance | undefined>
    updateSettingInstance(instanceId: string, value: unknown): Promise<Instance>
    deleteSettingInstance(instanceId: string): Promise<void>
    subscribeToCategory(category: string, callback: Callback): () => void
  }
  pageContext?: {
    getPluginState(pluginId: string): Promise<unknown>
    savePluginState(pluginId: string, state: unknown): Promise<void>
    clearPluginState(pluginId: string): Promise<void>
  }
  pluginState?: {
    configure(config: Record<string, unknown>): void
    getState(): Promise<unknown>
    saveState(state: unknown): Promise<void>
    clearState(): Promise<void>
  }
}

interface Instance {
  id: string
  value: unknown
}

export const LAB_SETTING = 'quire_compat_lab'
const CONTEXT = { userId: 'current' }

function countOf(value: unknown): string {
  return isRecord(value) && typeof value.count === 'number' ? String(value.count) : 'none'
}

export default function ServiceLab(props: ModuleProps<Record<string, never>>) {
  const services = props.services as LabServices | undefined
  const pluginId = props.pluginId ?? 'QuireCompat'
  const [draft, setDraft] = useState('')
  const [stateNote, setStateNote] = useState('')
  const [instance, setInstance] = useState<Instance | undefined>()
  const [instanceNote, setInstanceNote] = useState('')
  const [labCategory, setLabCategory] = useState('not heard')
  const [pluginsCategory, setPluginsCategory] = useState('not heard')
  const [ssePath, setSsePath] = useState('')
  const [sse, setSse] = useState('')
  const stopStream = useRef<(() => void) | undefined>(undefined)
  // The lab's setting definition, registered on mount: an action waits for it, as a click can come first
  // on a busy machine (and creating an instance of a definition not yet known fails).
  const registered = useRef<Promise<unknown>>(Promise.resolve())

  useEffect(() => {
    const state = services?.pluginState
    if (!state) return
    state.configure({
      pluginId,
      stateStrategy: 'session',
      stateSchema: { draft: { type: 'string', default: '' } },
    })
    state.getState().then(
      (saved) => {
        if (isRecord(saved) && typeof saved.draft === 'string') setDraft(saved.draft)
        setStateNote(saved === null ? 'No saved state' : 'Restored')
      },
      (error: unknown) => setStateNote(`State: ${errorText(error)}`),
    )
  }, [services, pluginId])

  useEffect(() => {
    const settings = services?.settings
    if (!settings) return
    registered.current = settings
      .registerSettingDefinition({
        id: LAB_SETTING,
        name: 'Quire Compat lab',
        description: 'A counter the service lab keeps',
        category: LAB_SETTING,
        type: 'object',
        default: { count: 0 },
        allowedScopes: ['user'],
      })
      .catch((error: unknown) => setInstanceNote(`Definition: ${errorText(error)}`))
    // BrainDrive calls a category's subscribers with all its instances after any change among them.
    const stopLab = settings.subscribeToCategory(LAB_SETTING, (instances) => {
      const list = Array.isArray(instances) ? (instances as Instance[]) : []
      setLabCategory(`${list.length} instance(s): ${list.map((i) => countOf(i.value)).join(', ')}`)
    })
    const stopPlugins = settings.subscribeToCategory('plugins', (instances) => {
      const list = Array.isArray(instances) ? (instances as Array<Instance & { definitionId?: string }>) : []
      const compat = list.find((i) => i.definitionId === SETTING_ID)
      setPluginsCategory(isRecord(compat?.value) ? `note: ${String(compat.value.note)}` : 'no note')
    })
    return () => {
      stopLab()
      stopPlugins()
      stopStream.current?.()
    }
  }, [services])

  const run = (what: string, action: () => Promise<string>) => {
    registered.current
      .then(action)
      .then(setInstanceNote, (error: unknown) => setInstanceNote(`${what}: ${errorText(error)}`))
  }
  const settings = services?.settings

  return (
    <section data-testid="lab" style={{ padding: 12, fontFamily: 'system-ui' }}>
      <h2 style={{ margin: '0 0 8px', fontSize: 18 }}>Service lab</h2>
      <label>
        Draft{' '}
        <input data-testid="lab-draft" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      <button
        type="button"
        data-testid="lab-keep"
        onClick={() =>
          services?.pluginState?.saveState({ draft }).then(
            () => setStateNote('Kept'),
            (error: unknown) => setStateNote(`Not kept: ${errorText(error)}`),
          )
        }
      >
        Keep draft
      </button>
      <button
        type="button"
        data-testid="lab-forget"
        onClick={() =>
          services?.pluginState?.clearState().then(
            () => setStateNote('Forgotten'),
            (error: unknown) => setStateNote(`Not forgotten: ${errorText(error)}`),
          )
        }
      >
        Forget draft
      </button>
      <button
        type="button"
        data-testid="lab-page-state"
        onClick={() => {
          const page = services?.pageContext
          if (!page) return
          Promise.all([
            page.getPluginState(pluginId),
            page.getPluginState('QuireNotes').catch(errorText),
          ]).then(
            ([own, other]) => setStateNote(`Own: ${JSON.stringify(own)}; other: ${String(other)}`),
            (error: unknown) => setStateNote(`Page state: ${errorText(error)}`),
          )
        }}
      >
        Read page state
      </button>
      <p data-testid="lab-state">{stateNote}</p>

      <button
        type="button"
        data-testid="lab-create"
        onClick={() =>
          run('Create', async () => {
            const created = await settings!.createSettingInstance(LAB_SETTING, { count: 1 }, CONTEXT, 'Lab')
            setInstance(created)
            return `Created ${countOf(created.value)}`
          })
        }
      >
        Create instance
      </button>
      <button
        type="button"
        data-testid="lab-update"
        onClick={() =>
          run('Update', async () => {
            const updated = await settings!.updateSettingInstance(instance?.id ?? '', { count: 2 })
            setInstance(updated)
            return `Updated ${countOf(updated.value)}`
          })
        }
      >
        Update instance
      </button>
      <button
        type="button"
        data-testid="lab-read"
        onClick={() =>
          run('Read', async () => {
            const found = await settings!.getSettingInstance(LAB_SETTING, CONTEXT)
            return found ? `Read ${countOf(found.value)}` : 'Read nothing'
          })
        }
      >
        Read instance
      </button>
      <button
        type="button"
        data-testid="lab-delete"
        onClick={() =>
          run('Delete', async () => {
            await settings!.deleteSettingInstance(instance?.id ?? '')
            setInstance(undefined)
            return 'Deleted'
          })
        }
      >
        Delete instance
      </button>
      <button
        type="button"
        data-testid="lab-set"
        onClick={() =>
          run('Save', async () => {
            await settings!.setSetting(LAB_SETTING, { count: 5 }, CONTEXT)
            return 'Saved 5'
          })
        }
      >
        Save setting
      </button>
      <button
        type="button"
        data-testid="lab-delete-setting"
        onClick={() =>
          run('Delete setting', async () => {
            await settings!.deleteSetting(LAB_SETTING, CONTEXT)
            return 'Setting deleted'
          })
        }
      >
        Delete setting
      </button>
      <p data-testid="lab-instance">{instanceNote}</p>
      <p data-testid="lab-category">{labCategory}</p>
      <p data-testid="lab-plugins-category">{pluginsCategory}</p>

      <label>
        Stream path{' '}
        <input
          data-testid="lab-sse-path"
          value={ssePath}
          onChange={(event) => setSsePath(event.target.value)}
        />
      </label>
      <button
        type="button"
        data-testid="lab-sse-get"
        onClick={() => {
          const events: string[] = []
          setSse('Listening')
          services?.api
            ?.getSse(ssePath, (data) => events.push(data))
            .then(
              () => setSse(`getSse ended after ${events.length} event(s); last: ${events.at(-1) ?? ''}`),
              (error: unknown) => setSse(`getSse failed: ${errorText(error)}`),
            )
        }}
      >
        Listen once
      </button>
      <button
        type="button"
        data-testid="lab-sse-subscribe"
        onClick={() => {
          const heard: string[] = []
          let count = 0
          stopStream.current = services?.api?.subscribeToSse(ssePath, {
            onOpen: (response) => heard.push(`open ${response.status}`),
            onMessage: () => (count += 1),
            onError: (error) => setSse(`${heard.join(', ')}; error: ${errorText(error)}`),
            onClose: () => setSse(`${heard.join(', ')}; ${count} event(s); closed`),
          })
        }}
      >
        Subscribe
      </button>
      <p data-testid="lab-sse" role="status">
        {sse}
      </p>
    </section>
  )
}
