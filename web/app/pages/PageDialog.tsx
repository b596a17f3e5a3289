import { createSignal, For, Show } from 'solid-js'
import { CheckboxField } from '../ui/CheckboxField'
import { createSubmission } from '../ui/createSubmission'
import { FormDialog } from '../ui/FormDialog'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'
import { parentValue, placeFrom, segmentFromName, segmentProblem, type ParentChoice } from './pagePlaces'
import type { Page, PagePlace } from './pagesApi'

export interface PageDialogProps {
  /** The page being placed; absent for a new page, which also asks for a name. */
  page?: Page
  choices: ParentChoice[]
  onSubmit: (name: string, place: PagePlace) => Promise<void>
  onCancel: () => void
}

/**
 * A new page (name, route segment, parent, parent page) or an existing page's place (its segment,
 * parent and parent-page switch). The route it will have is shown as it is typed. A refused request
 * (a taken route) keeps the dialog open with what was typed and says why.
 */
export function PageDialog(props: PageDialogProps) {
  const [name, setName] = createSignal(props.page?.name ?? '')
  const [segment, setSegment] = createSignal(props.page?.route_segment ?? '')
  const [segmentEdited, setSegmentEdited] = createSignal(props.page !== undefined)
  const [parent, setParent] = createSignal(props.page ? parentValue(props.page) : '')
  const [isParentPage, setIsParentPage] = createSignal(props.page?.is_parent_page ?? false)
  let nameInput: HTMLInputElement | undefined
  let segmentInput: HTMLInputElement | undefined

  const route = () => `${placeFrom(parent(), segment(), false).parent_route ?? ''}/${segment()}`

  const submission = createSubmission(
    () => props.onSubmit(name().trim(), placeFrom(parent(), segment().trim(), isParentPage())),
    () => {
      if (!props.page && !name().trim()) {
        nameInput?.focus()
        return 'Enter a name for the page.'
      }
      const problem = segmentProblem(segment().trim())
      if (problem) segmentInput?.focus()
      return problem
    },
  )

  const group = (which: ParentChoice['group']) => props.choices.filter((choice) => choice.group === which)

  return (
    <FormDialog
      title={props.page ? `Move ${props.page.name}` : 'New page'}
      submitLabel={props.page ? 'Save' : 'Create'}
      submission={submission}
      onCancel={() => props.onCancel()}
      initialFocus={() => nameInput ?? segmentInput}
    >
      <Show when={!props.page}>
        <TextField
          ref={nameInput}
          label="Name"
          maxlength="200"
          value={name()}
          onInput={(event) => {
            setName(event.currentTarget.value)
            if (!segmentEdited()) setSegment(segmentFromName(event.currentTarget.value))
          }}
        />
      </Show>
      <SelectField label="Parent" value={parent()} onChange={(event) => setParent(event.currentTarget.value)}>
        <option value="">None (top level)</option>
        <Show when={group('Pages').length > 0}>
          <optgroup label="Pages">
            <For each={group('Pages')}>
              {(choice) => <option value={choice.value}>{choice.label}</option>}
            </For>
          </optgroup>
        </Show>
        <Show when={group('Navigation').length > 0}>
          <optgroup label="Navigation">
            <For each={group('Navigation')}>
              {(choice) => <option value={choice.value}>{choice.label}</option>}
            </For>
          </optgroup>
        </Show>
      </SelectField>
      <TextField
        ref={segmentInput}
        label="Route segment"
        hint={
          <>
            Opens at <code class="pages-route">{`/p${route()}`}</code>
          </>
        }
        mono
        maxlength="200"
        value={segment()}
        onInput={(event) => {
          setSegmentEdited(true)
          setSegment(event.currentTarget.value)
        }}
      />
      <CheckboxField
        label="Parent page (other pages go under it)"
        labelClass="field pages-check"
        checked={isParentPage()}
        onChange={(event) => setIsParentPage(event.currentTarget.checked)}
      />
    </FormDialog>
  )
}
