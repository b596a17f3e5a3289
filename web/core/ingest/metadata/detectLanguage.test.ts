import { describe, expect, it } from 'vitest'
import { detectLanguage } from './detectLanguage'

describe('detectLanguage', () => {
  it.each([
    [
      'en',
      'The committee met on Tuesday and agreed that the budget for the next year is sufficient for this work.',
    ],
    [
      'de',
      'Die Kommission hat sich am Dienstag getroffen und ist der Meinung, dass das Budget für das nächste Jahr nicht reicht.',
    ],
    [
      'fr',
      'Le comité s’est réuni mardi et a convenu que le budget pour les années à venir est suffisant dans la pratique.',
    ],
    [
      'es',
      'El comité se reunió el martes y acordó que el presupuesto para los próximos años es suficiente para la obra.',
    ],
    [
      'ru',
      'Комитет собрался во вторник и согласился, что бюджета на следующий год достаточно для этой работы.',
    ],
    ['uk', 'Комітет зібрався у вівторок і погодився, що бюджету на наступний рік достатньо для цієї роботи.'],
    ['ar', 'اجتمعت اللجنة يوم الثلاثاء واتفقت على أن ميزانية العام المقبل كافية لهذا العمل المهم جدا.'],
    ['zh', '委员会于星期二开会，一致认为明年的预算足以完成这项工作。我们将继续努力推进项目。'],
    ['ja', '委員会は火曜日に会合を開き、来年度の予算はこの作業に十分であることに合意しました。'],
    ['th', 'คณะกรรมการประชุมเมื่อวันอังคารและตกลงว่างบประมาณสำหรับปีหน้าเพียงพอสำหรับงานนี้'],
  ])('recognises %s', (language, text) => {
    expect(detectLanguage(text)).toBe(language)
  })

  it('says nothing for too little or ambiguous text', () => {
    expect(detectLanguage('OK')).toBeUndefined()
    expect(detectLanguage('1234 5678 — 42')).toBeUndefined()
    expect(detectLanguage('xylophone quartz jumbo wizard blitz vexing')).toBeUndefined()
  })
})
