import { describe, expect, test } from 'vitest'
import type { ActivityEntry } from '#shared/activity.ts'
import { actorName, describeActivity, describeChange } from './history-text.ts'

const dana = { id: 1, firstName: 'Dana', lastName: 'Reyes', email: 'dana@scout.test' }

function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: 1,
    action: 'talent.updated',
    entityType: 'talent',
    entityId: 7,
    details: null,
    actor: dana,
    createdAt: '2024-01-05T12:00:00.000Z',
    ...overrides,
  }
}

describe('actorName', () => {
  test('first and last name, else e-mail, else Someone', () => {
    expect(actorName(dana)).toBe('Dana Reyes')
    expect(actorName({ ...dana, lastName: null })).toBe('Dana')
    expect(actorName({ ...dana, firstName: ' ', lastName: null })).toBe('dana@scout.test')
    expect(actorName(null)).toBe('Someone')
  })
})

describe('describeActivity', () => {
  test('created and deleted', () => {
    expect(describeActivity(entry({ action: 'talent.created' })).text).toBe(
      'Dana Reyes added this talent',
    )
    expect(describeActivity(entry({ action: 'talent.deleted', actor: null })).text).toBe(
      'Someone deleted this talent',
    )
  })

  test('an entry written on the privacy page names the talent (security rule 59)', () => {
    const viaPage = { via: 'privacy-page', changes: [{ field: 'phone', from: null, to: '+44 1' }] }
    expect(
      describeActivity(entry({ action: 'talent.updated', actor: null, details: viaPage })).text,
    ).toMatch(/^The talent \(privacy page\) /)
    expect(
      describeActivity(entry({ action: 'talent.privacy_updated', actor: null, details: viaPage }))
        .text,
    ).toBe('The talent (privacy page) updated the privacy record')
    // Only with no user: a user's entry never reads as the person's.
    expect(
      describeActivity(entry({ action: 'talent.privacy_updated', details: viaPage })).text,
    ).toBe('Dana Reyes updated the privacy record')
  })

  test('CV attached, replaced and removed', () => {
    const text = (action: ActivityEntry['action'], details: Record<string, unknown>) =>
      describeActivity(entry({ action, details })).text
    expect(text('talent.cv_attached', { fileName: 'cv.pdf' })).toBe(
      'Dana Reyes attached the CV cv.pdf',
    )
    expect(text('talent.cv_attached', { fileName: 'new.pdf', replacedFileName: 'old.pdf' })).toBe(
      'Dana Reyes replaced the CV old.pdf with new.pdf',
    )
    expect(text('talent.cv_removed', { fileName: 'cv.pdf' })).toBe(
      'Dana Reyes removed the CV cv.pdf',
    )
    // Security rule 48: the oldest version removed to keep CV_MAX_VERSIONS is named.
    expect(
      text('talent.cv_attached', {
        fileName: 'new.pdf',
        replacedFileName: 'old.pdf',
        prunedFileNames: ['first.pdf'],
      }),
    ).toBe(
      'Dana Reyes replaced the CV old.pdf with new.pdf; the oldest version first.pdf was removed (versions are capped)',
    )
  })

  test('one change is one sentence, with the form label', () => {
    const details = { changes: [{ field: 'status', from: ['Interviewed'], to: ['Hired'] }] }
    expect(describeActivity(entry({ details }))).toEqual({
      text: 'Dana Reyes changed Status from Interviewed to Hired',
      changes: [],
    })
  })

  test('several changes: a headline and one phrase each', () => {
    const details = {
      fullName: 'Ada',
      changes: [
        { field: 'seniorityLevel', from: 'mid', to: 'senior' },
        { field: 'tags', from: [], to: ['High Potential', 'Remote'] },
      ],
    }
    expect(describeActivity(entry({ details }))).toEqual({
      text: 'Dana Reyes edited this talent',
      changes: [
        'changed Seniority Level from Mid to Senior',
        'added High Potential, Remote to Theme Tags',
      ],
    })
  })

  test('details that do not parse still give a sentence', () => {
    expect(describeActivity(entry({ details: { changes: 'oops' } })).text).toBe(
      'Dana Reyes edited this talent',
    )
    expect(describeActivity(entry({ action: 'tag.created' })).text).toBe('Dana Reyes made a change')
  })
})

describe('describeChange', () => {
  test.each([
    [{ field: 'phone', from: null, to: '+1 555 0100' }, 'set Phone Number to +1 555 0100'],
    [{ field: 'linkedinUrl', from: 'https://x.test', to: null }, 'cleared LinkedIn URL'],
    [{ field: 'fullName', from: 'Ada', to: 'Ada King' }, 'changed Full Name from Ada to Ada King'],
    [
      { field: 'areaOfInterest', from: 'Science', to: 'Law & Ethics' },
      'changed Area of Interest from Science to Law & Ethics',
    ],
    [{ field: 'status', from: ['Hired'], to: [] }, 'removed Hired from Status'],
    [
      { field: 'status', from: ['Interviewed', 'Shortlisted'], to: ['Shortlisted', 'Hired'] },
      'changed Status from Interviewed, Shortlisted to Shortlisted, Hired',
    ],
    [{ field: 'notes', from: '', to: 'Line one\n\nline two' }, 'set Notes to Line one line two'],
    [{ field: 'mystery', from: 1, to: 2 }, 'changed mystery from 1 to 2'],
  ])('%j → %s', (change, text) => {
    expect(describeChange(change)).toBe(text)
  })

  test('long text is cut at 80 characters', () => {
    const phrase = describeChange({ field: 'notes', from: null, to: 'x'.repeat(200) })
    expect(phrase).toBe(`set Notes to ${'x'.repeat(79)}…`)
  })

  test('a custom field is named by its label', () => {
    const change = { field: 'customFields.notice_period', label: 'Notice period', from: 2, to: 4 }
    expect(describeChange(change)).toBe('changed Notice period from 2 to 4')
  })
})
