import { createSignal, For, Show } from 'solid-js'
import { getAllModels } from '../api/aiApi'
import { errorDetail } from '../api/ApiRequestError'
import { setConversationModel, type Conversation } from '../api/conversationsApi'
import { createLoad } from '../settings/createLoad'
import { modelChoices } from '../settings/modelChoices'
import { showToast } from '../toasts/toastStore'
import { SelectField } from '../ui/SelectField'

const AS_SETTINGS = ''

/**
 * Which model replies in this conversation: the one chosen in Settings (the default), or a model of one
 * of the person's servers, from the same list as Settings' picker. Stored in the conversation's `model`
 * and `server` (a server id), which the reply route reads. A new chat's choice is held until the chat
 * is created with its first message.
 */
export function ConversationModelPicker(props: {
  /** The conversation whose model this sets; absent for a new chat not yet created (`onDraft` is told). */
  conversation?: Conversation
  onDraft?: (model: string | null, server: string | null) => void
}) {
  const models = createLoad(() => getAllModels())
  const [own, setOwn] = createSignal({
    model: props.conversation?.model ?? null,
    server: props.conversation?.server ?? null,
  })
  const groups = () =>
    modelChoices(models.data() ?? { models: [], errors: [] }, { kind: 'extractive' }, []).groups
  const valueOf = (model: string | null, server: string | null) =>
    model && server ? JSON.stringify([server, model]) : AS_SETTINGS
  const listed = () =>
    groups().flatMap((group) =>
      group.choices.flatMap((choice) =>
        choice.generator?.kind === 'provider'
          ? [{ ...choice, model: choice.generator.model, server: choice.generator.server_id ?? '' }]
          : [],
      ),
    )
  const selected = () => valueOf(own().model, own().server)
  const unlisted = () =>
    selected() !== AS_SETTINGS &&
    !listed().some((choice) => valueOf(choice.model, choice.server) === selected())

  const choose = async (select: HTMLSelectElement) => {
    const choice = listed().find((option) => valueOf(option.model, option.server) === select.value)
    const next = choice ? { model: choice.model, server: choice.server } : { model: null, server: null }
    try {
      if (props.conversation) await setConversationModel(props.conversation.id, next.model, next.server)
      else props.onDraft?.(next.model, next.server)
      setOwn(next)
      showToast({
        message: next.model
          ? `Replies now come from ${next.model}`
          : 'Replies come from the model chosen in Settings',
      })
    } catch (error) {
      select.value = selected()
      showToast({ message: errorDetail(error) })
    }
  }

  return (
    <SelectField
      label="Model"
      labelClass="conv-inline-label"
      class="conv-inline-field"
      aria-busy={models.loading() ? true : undefined}
      onChange={(event) => void choose(event.currentTarget)}
    >
      <option value={AS_SETTINGS} selected={selected() === AS_SETTINGS}>
        As in Settings
      </option>
      <Show when={unlisted()}>
        <option value={selected()} selected>
          {own().model} ({models.loading() ? 'checking…' : 'server not listed now'})
        </option>
      </Show>
      <For each={groups()}>
        {(group) => (
          <optgroup label={group.label}>
            <For each={group.choices}>
              {(choice) => {
                const generator = choice.generator
                const value =
                  generator?.kind === 'provider' ? valueOf(generator.model, generator.server_id ?? '') : ''
                return (
                  <option value={value} selected={selected() === value}>
                    {choice.label}
                  </option>
                )
              }}
            </For>
          </optgroup>
        )}
      </For>
    </SelectField>
  )
}
