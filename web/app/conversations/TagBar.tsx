import { createMemo, createSignal, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Tag } from '../api/conversationsApi'
import { PRESET_COLOURS } from '../collections/collectionColours'
import { showToast } from '../toasts/toastStore'
import { TagChip } from './TagChip'
import { createSubmission } from '../ui/createSubmission'
import { Field } from '../ui/Field'
import { FormDialog } from '../ui/FormDialog'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'

export interface TagBarProps {
  /** Every tag the person has. */
  tags: Tag[]
  /** The ids of the tags on this conversation. */
  attached: string[]
  onAttach: (tagId: string) => Promise<void>
  onDetach: (tag: Tag) => Promise<void>
  /** Creates the tag and attaches it. */
  onCreate: (name: string, color: string) => Promise<void>
}

/** The open conversation's tags: take one off, put an existing one on, or make a new one with a colour. */
export function TagBar(props: TagBarProps) {
  const [creating, setCreating] = createSignal(false)
  let newButton: HTMLButtonElement | undefined
  const attachedTags = createMemo(() => props.tags.filter((tag) => props.attached.includes(tag.id)))
  const available = createMemo(() => props.tags.filter((tag) => !props.attached.includes(tag.id)))

  // Failures here are single clicks on a chip or a menu; a toast says what went wrong without a panel.
  const run = async (action: () => Promise<void>) => {
    try {
      await action()
    } catch (error) {
      showToast({ message: errorDetail(error) })
    }
  }

  return (
    <div class="conv-tagbar">
      <Show when={attachedTags().length > 0} fallback={<span class="conv-muted">No tags.</span>}>
        <ul class="conv-tags" aria-label="Tags on this conversation">
          <For each={attachedTags()}>
            {(tag) => (
              <li>
                <TagChip tag={tag} onRemove={() => void run(() => props.onDetach(tag))} />
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={available().length > 0}>
        <SelectField
          label="Add a tag"
          labelHidden
          class="conv-inline-field"
          value=""
          onChange={(event) => {
            const tagId = event.currentTarget.value
            event.currentTarget.value = ''
            if (tagId) void run(() => props.onAttach(tagId))
          }}
        >
          <option value="">Add a tag…</option>
          <For each={available()}>{(tag) => <option value={tag.id}>{tag.name}</option>}</For>
        </SelectField>
      </Show>
      <button
        ref={newButton}
        type="button"
        class="button button-quiet button-small"
        onClick={() => setCreating(true)}
      >
        New tag
      </button>
      <Show when={creating()}>
        <NewTagDialog
          onCreate={async (name, color) => {
            await props.onCreate(name, color)
            setCreating(false)
          }}
          onCancel={() => setCreating(false)}
          fallbackFocus={() => newButton}
        />
      </Show>
    </div>
  )
}

interface NewTagDialogProps {
  onCreate: (name: string, color: string) => Promise<void>
  onCancel: () => void
  fallbackFocus: () => HTMLElement | undefined
}

function NewTagDialog(props: NewTagDialogProps) {
  const [name, setName] = createSignal('')
  const [color, setColor] = createSignal(PRESET_COLOURS[0]?.value ?? '#4f5fb8')
  let nameInput!: HTMLInputElement

  const submission = createSubmission(
    () => props.onCreate(name().trim(), color()),
    () => {
      if (name().trim()) return undefined
      nameInput.focus()
      return 'Give the tag a name.'
    },
  )

  return (
    <FormDialog
      title="New tag"
      submitLabel="Create and add"
      submission={submission}
      onCancel={() => props.onCancel()}
      initialFocus={() => nameInput}
      fallbackFocus={props.fallbackFocus}
      class="dialog-narrow"
    >
      <TextField
        ref={nameInput}
        label="Tag name"
        maxlength="100"
        value={name()}
        invalid={submission.error() !== undefined}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <Field label="Tag colour">
        {(control) => (
          <div class="conv-colour-row">
            <input
              {...control}
              type="color"
              class="colour-input"
              value={color()}
              onInput={(event) => setColor(event.currentTarget.value.toLowerCase())}
            />
            <For each={PRESET_COLOURS}>
              {(preset) => (
                <button
                  type="button"
                  class="conv-swatch"
                  classList={{ 'conv-swatch-chosen': color() === preset.value }}
                  style={{ background: preset.value }}
                  aria-label={preset.name}
                  aria-pressed={color() === preset.value}
                  onClick={() => setColor(preset.value)}
                />
              )}
            </For>
          </div>
        )}
      </Field>
    </FormDialog>
  )
}
