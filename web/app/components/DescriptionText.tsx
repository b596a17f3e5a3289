import { For, Match, Switch } from 'solid-js'
import { parseDescription, splitCodeSpans } from '../openapi/parseDescription'

function Inline(props: { text: string }) {
  return (
    <For each={splitCodeSpans(props.text)}>
      {(part, index) => (index() % 2 === 1 ? <code>{part}</code> : part)}
    </For>
  )
}

/** An OpenAPI description (Markdown-ish) as paragraphs and lists, never as raw markup. */
export function DescriptionText(props: { source: string; class?: string }) {
  return (
    <div class={props.class}>
      <For each={parseDescription(props.source)}>
        {(block) => (
          <Switch>
            <Match when={block.kind === 'paragraph' && block}>
              {(paragraph) => (
                <p>
                  <Inline text={paragraph().text} />
                </p>
              )}
            </Match>
            <Match when={block.kind === 'list' && block}>
              {(list) => (
                <ul>
                  <For each={list().items}>
                    {(item) => (
                      <li>
                        <Inline text={item} />
                      </li>
                    )}
                  </For>
                </ul>
              )}
            </Match>
          </Switch>
        )}
      </For>
    </div>
  )
}
