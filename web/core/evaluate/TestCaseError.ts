/**
 * Why a test-case file cannot be used. `message` is shown to people as it is (an API `detail`, a UI
 * notice), so it names the case and line and says what to fix:
 * "test case 3 (line 4): ground_truth must be a non-empty string".
 */
export class TestCaseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TestCaseError'
  }
}
