import { expect, test } from './support/test'
import { EvaluationPage } from './pages/EvaluationPage'
import { openApp } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const TEST_CASES = JSON.stringify({
  test_cases: [
    {
      id: 'tide',
      question: 'How high did the spring tide reach at the northern jetty?',
      ground_truth: 'The spring tide at the northern jetty reached 4.2 metres on the third morning.',
    },
    {
      id: 'birds',
      question: 'Where did the oystercatchers nest?',
      ground_truth: 'A pair of oystercatchers nested above the high-water line and raised two chicks.',
    },
  ],
})

test('an evaluation run from a test-case file shows progress, results and the accuracy chart', async ({
  page,
}) => {
  await openApp(page)
  await seedNotesCollection(page, 'Harbour')
  const evaluation = new EvaluationPage(page)
  await evaluation.open()

  // The server judges the cases; its refusal is shown in its own words.
  await evaluation.start({
    collection: 'Harbour',
    fileName: 'broken.json',
    contents: JSON.stringify([{ question: 'No answer given' }]),
  })
  await expect(evaluation.alert).toContainText('test_cases:')
  await expect(evaluation.alert).toContainText('ground_truth')

  await evaluation.start({ collection: 'Harbour', fileName: 'harbour.json', contents: TEST_CASES })
  await expect(page.getByText('2 of 2 questions evaluated')).toBeVisible({ timeout: scaledTimeout(30_000) })
  await expect(page.getByText('Done', { exact: true })).toBeVisible()
  await expect(evaluation.progress).toHaveAttribute('value', '2')
  await expect(page.locator('.eval-accuracy')).toContainText(/Accuracy \d+%/)
  await expect(evaluation.results).toHaveCount(2)
  await expect(evaluation.results.first()).toContainText('spring tide')
  await expect(evaluation.results.nth(1)).toContainText('oystercatchers')

  // The reasoning opens on demand.
  await evaluation.results.first().getByText('Reasoning').click()
  await expect(evaluation.results.first().getByText('Expected:')).toBeVisible()

  // The finished run joins the history and the chart, as one point.
  await expect(evaluation.chart).toBeVisible()
  await expect(evaluation.chart.locator('circle')).toHaveCount(1)
  await expect(evaluation.chart).toHaveAccessibleName(/One run, accuracy \d+%/)
  await expect(evaluation.history).toHaveCount(1) // the refused file made no run

  // The open run is in the URL: a reload shows it again.
  await page.reload()
  await expect(evaluation.results).toHaveCount(2)
  await expect(evaluation.chart.locator('circle')).toHaveCount(1)
})
