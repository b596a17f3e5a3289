import { For } from 'solid-js'
import { OCR_LANGUAGE_NAMES, OCR_LANGUAGES, type OcrLanguage } from '../../core/ingest/ocr/ocrLanguages'

/**
 * The languages OCR reads scans and photos in, one checkbox each (the ones whose data ships with Quire).
 * At least one stays checked: unchecking the last one is refused by the API, so it is not offered.
 */
export function OcrLanguagesField(props: {
  value: readonly OcrLanguage[]
  onChange: (languages: OcrLanguage[]) => void
}) {
  const toggle = (code: OcrLanguage, checked: boolean) =>
    props.onChange(OCR_LANGUAGES.filter((each) => (each === code ? checked : props.value.includes(each))))
  return (
    <fieldset class="field" aria-describedby="ocr-languages-hint">
      <legend class="field-label">Languages of scanned pages and images</legend>
      <For each={OCR_LANGUAGES}>
        {(code) => (
          <label class="choice">
            <input
              type="checkbox"
              name="ocr-language"
              value={code}
              checked={props.value.includes(code)}
              disabled={props.value.length === 1 && props.value.includes(code)}
              onChange={(event) => toggle(code, event.currentTarget.checked)}
            />
            {OCR_LANGUAGE_NAMES[code]}
          </label>
        )}
      </For>
      <p id="ocr-languages-hint" class="field-hint">
        Text recognition (OCR) reads scanned PDF pages and uploaded photos of pages in these languages. Choose
        the languages your scans are written in: a French page read as English loses its accents. Used for
        documents added from now on; nothing is downloaded.
      </p>
    </fieldset>
  )
}
