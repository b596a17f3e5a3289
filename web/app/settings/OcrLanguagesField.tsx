import { For } from 'solid-js'
import { OCR_LANGUAGE_NAMES, OCR_LANGUAGES, type OcrLanguage } from '../../core/ingest/ocr/ocrLanguages'
import { CheckboxField } from '../ui/CheckboxField'
import { FieldGroup } from '../ui/FieldGroup'

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
    <FieldGroup
      legend="Languages of scanned pages and images"
      hintId="ocr-languages-hint"
      hint="Text recognition (OCR) reads scanned PDF pages and uploaded photos of pages in these languages. Choose the languages your scans are written in: a French page read as English loses its accents. Used for documents added from now on; nothing is downloaded."
    >
      <For each={OCR_LANGUAGES}>
        {(code) => (
          <CheckboxField
            name="ocr-language"
            label={OCR_LANGUAGE_NAMES[code]}
            value={code}
            checked={props.value.includes(code)}
            disabled={props.value.length === 1 && props.value.includes(code)}
            onChange={(event) => toggle(code, event.currentTarget.checked)}
          />
        )}
      </For>
    </FieldGroup>
  )
}
