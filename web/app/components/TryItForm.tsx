import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { explorerFetch } from '../openapi/apiTarget'
import { exampleFromSchema } from '../openapi/exampleFromSchema'
import { formFields } from '../openapi/formFields'
import { FormFieldsInput } from './FormFieldsInput'
import type { OperationEntry } from '../openapi/listOperations'
import type { OpenApiDocument, OpenApiParameter } from '../openapi/OpenApiDocument'
import { resolveRefs } from '../openapi/resolveRefs'
import { ResponseView, type TriedResponse } from './ResponseView'
import './tryItForm.css'
import { FormAlert } from '../ui/FormAlert'
import { TextareaField } from '../ui/TextareaField'
import { TextField } from '../ui/TextField'

export interface TryItFormProps {
  entry: OperationEntry
  document: OpenApiDocument
}

/**
 * Sends one request to this origin with fetch, exactly as a script would, so what comes back is what the
 * in-browser API or the sync server (see apiTarget) really answers. Malformed JSON is sent as typed: seeing the API's
 * 400 for it is part of exploring.
 */
export function TryItForm(props: TryItFormProps) {
  const ids = { error: createUniqueId() }
  const parameters = () =>
    (props.entry.operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')
  const bodySchema = () => props.entry.operation.requestBody?.content?.['application/json']?.schema
  const initialBody = () => {
    const schema = bodySchema()
    return schema ? JSON.stringify(exampleFromSchema(resolveRefs(schema, props.document)), null, 2) : ''
  }

  const fields = () => formFields(props.entry.operation, props.document)
  const [formText, setFormText] = createSignal<Record<string, string>>({})
  const [formFiles, setFormFiles] = createSignal<Record<string, File[]>>({})
  const [values, setValues] = createSignal<Record<string, string>>({})
  const [body, setBody] = createSignal(initialBody())
  const [error, setError] = createSignal<string>()
  const [sending, setSending] = createSignal(false)
  const [response, setResponse] = createSignal<TriedResponse>()
  const inputIds = new Map<string, string>()
  const inputId = (p: OpenApiParameter) => {
    const key = `${p.in}:${p.name}`
    if (!inputIds.has(key)) inputIds.set(key, createUniqueId())
    return inputIds.get(key) as string
  }

  const url = () => {
    let path = props.entry.path
    const query = new URLSearchParams()
    for (const p of parameters()) {
      const value = values()[`${p.in}:${p.name}`] ?? ''
      if (p.in === 'path' && value) path = path.replace(`{${p.name}}`, encodeURIComponent(value))
      if (p.in === 'query' && value) query.set(p.name, value)
    }
    const search = query.toString()
    return search ? `${path}?${search}` : path
  }

  const jsonWarning = () => {
    if (!bodySchema() || !body().trim()) return undefined
    try {
      JSON.parse(body())
      return undefined
    } catch (caught) {
      return `Not valid JSON (${(caught as Error).message}); it will be sent as typed.`
    }
  }

  const send = async (event: SubmitEvent) => {
    event.preventDefault()
    const missing = parameters().filter(
      (p) => (p.in === 'path' || p.required) && !values()[`${p.in}:${p.name}`],
    )
    if (missing.length > 0) {
      setError(`Fill in ${missing.map((p) => p.name).join(', ')} first.`)
      document.getElementById(inputId(missing[0] as OpenApiParameter))?.focus()
      return
    }
    setError(undefined)
    setSending(true)
    const init: RequestInit = {
      method: props.entry.method.toUpperCase(),
      headers: { accept: 'application/json' },
    }
    if (fields().length > 0) {
      // The browser sets the multipart boundary itself: no content-type here.
      const form = new FormData()
      for (const [name, value] of Object.entries(formText())) if (value) form.append(name, value)
      for (const [name, files] of Object.entries(formFiles()))
        for (const file of files) form.append(name, file)
      init.body = form
    } else if (bodySchema() && body().trim()) {
      init.headers = { accept: 'application/json', 'content-type': 'application/json' }
      init.body = body()
    }
    const started = performance.now()
    try {
      const answer = await explorerFetch(url(), init)
      const text = await answer.text()
      setResponse({
        status: answer.status,
        statusText: answer.statusText,
        headers: [...answer.headers.entries()],
        body: text,
        durationMs: performance.now() - started,
      })
    } catch (caught) {
      setResponse(undefined)
      setError(`No response: ${(caught as Error).message}`)
    } finally {
      setSending(false)
    }
  }

  return (
    <form class="try-it" novalidate onSubmit={(event) => void send(event)}>
      <For each={parameters()}>
        {(p) => (
          <TextField
            id={inputId(p)}
            label={
              <>
                {p.name} <span class="field-tag">{p.in}</span>
              </>
            }
            required={p.in === 'path' || p.required}
            mono
            type="text"
            autocomplete="off"
            spellcheck={false}
            value={values()[`${p.in}:${p.name}`] ?? ''}
            onInput={(e) => setValues((v) => ({ ...v, [`${p.in}:${p.name}`]: e.currentTarget.value }))}
          />
        )}
      </For>

      <FormFieldsInput
        fields={fields()}
        onText={(name, value) => setFormText((v) => ({ ...v, [name]: value }))}
        onFiles={(name, files) => setFormFiles((v) => ({ ...v, [name]: files }))}
      />

      <Show when={bodySchema()}>
        <TextareaField
          label="Request body (JSON)"
          hint={jsonWarning()}
          hintClass="field-warning"
          mono
          rows={Math.min(14, Math.max(4, body().split('\n').length + 1))}
          spellcheck={false}
          value={body()}
          onInput={(e) => setBody(e.currentTarget.value)}
        />
      </Show>

      <div class="try-it-bar">
        <code class="try-it-url">
          {props.entry.method.toUpperCase()} {url()}
        </code>
        <button type="submit" class="button button-primary" aria-disabled={sending()}>
          Send
        </button>
      </div>
      <FormAlert id={ids.error} message={error()} />

      <div class="try-it-response" aria-live="polite">
        <Show when={response()}>{(r) => <ResponseView response={r()} />}</Show>
      </div>
    </form>
  )
}
