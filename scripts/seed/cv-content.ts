import type { Faker } from '@faker-js/faker'
import { SENIORITY_LEVELS, type SeniorityLevel } from '#shared/talent.ts'
import {
  LINES_PER_PAGE,
  pageLines,
  paragraphLines,
  paginate,
  type CvDraft,
  type CvItem,
  type CvSection,
} from './cv-layout.ts'
import {
  achievement,
  header,
  jobTitle,
  project,
  summary,
  volunteering,
  type CvPerson,
} from './cv-sentences.ts'
import { AREA_WORDS, INTERESTS, LANGUAGE_LEVELS, LANGUAGES, RARE_TERMS } from './cv-vocabulary.ts'

export type CvContent = CvDraft & {
  /** Pages it fills when laid out (1–3; cv-layout.ts). */
  pages: number
  /** The skills it lists (from the talent's area, plus a rare one if drawn): what search finds. */
  skills: string[]
  /** The RARE_TERMS word it carries, if any. */
  rareTerm: string | undefined
}

const YEARS: Record<SeniorityLevel, [number, number]> = {
  intern: [0, 1],
  junior: [1, 3],
  mid: [3, 7],
  senior: [7, 15],
  exec: [12, 25],
}
const MAX_JOBS: Record<SeniorityLevel, number> = {
  intern: 2,
  junior: 3,
  mid: 5,
  senior: 7,
  exec: 8,
}
const MAX_ACHIEVEMENTS = 6
/** Pages a CV fills by level (weights of 1, 2 and 3 pages): interns one, executives often three. */
const PAGE_WEIGHTS: Record<SeniorityLevel, [number, number, number]> = {
  intern: [9, 1, 0],
  junior: [7, 3, 0],
  mid: [4, 5, 1],
  senior: [2, 6, 2],
  exec: [1, 5, 4],
}
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

type Job = { title: string; employer: string; months: number; achievements: string[] }

const monthYear = (date: Date) => `${MONTHS[date.getUTCMonth()] ?? 'Jan'} ${date.getUTCFullYear()}`

/** The level before: earlier jobs were a step down. */
const stepDown = (level: SeniorityLevel) =>
  SENIORITY_LEVELS[Math.max(0, SENIORITY_LEVELS.indexOf(level) - 1)] ?? 'intern'

function newJob(faker: Faker, person: CvPerson, skills: string[], isCurrent: boolean): Job {
  const level = isCurrent ? person.level : stepDown(person.level)
  return {
    title: jobTitle(level, faker.helpers.arrayElement(AREA_WORDS[person.area].roles)),
    employer: `${faker.company.name()}, ${faker.location.city()}`,
    months: faker.number.int(level === 'intern' ? { min: 3, max: 9 } : { min: 10, max: 60 }),
    achievements: Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, () =>
      achievement(faker, person.area, skills),
    ),
  }
}

const jobHeading = (job: Job) => `${job.title}, ${job.employer}`

/** Lines a job takes: its heading, its dates and its achievements. */
const jobLines = (job: Job) =>
  paragraphLines({ text: jobHeading(job) }) +
  1 +
  job.achievements.reduce((sum, text) => sum + paragraphLines({ text, bullet: true }), 0)

/** Jobs back in time from `writtenAt`, the latest one current; and when the earliest began. */
function experience(jobs: Job[], writtenAt: Date): { items: CvItem[]; began: Date } {
  const items: CvItem[] = []
  const end = new Date(writtenAt)
  jobs.forEach((job, i) => {
    const start = new Date(end)
    start.setUTCMonth(start.getUTCMonth() - job.months)
    items.push({ text: jobHeading(job) })
    items.push({ text: `${monthYear(start)} - ${i === 0 ? 'Present' : monthYear(end)}` })
    items.push(...job.achievements.map((text) => ({ text, bullet: true })))
    // A gap of up to two months between jobs.
    end.setTime(start.getTime())
    end.setUTCMonth(end.getUTCMonth() - (i % 3))
  })
  return { items, began: end }
}

/**
 * A CV for `person`, written at `writtenAt`: summary, experience with employers and dates, skills
 * from the person's area, education and languages; then more jobs, achievements, projects and
 * volunteering until it fills the pages drawn for it (1–3). About 1 CV in 40 carries a RARE_TERMS
 * word. All randomness comes from `faker`, so a seed gives the same CVs.
 */
export function composeCv(faker: Faker, person: CvPerson, writtenAt: Date): CvContent {
  const words = AREA_WORDS[person.area]
  const pages = faker.helpers.weightedArrayElement(
    PAGE_WEIGHTS[person.level]
      .map((weight, i) => ({ weight, value: i + 1 }))
      .filter(({ weight }) => weight > 0),
  )
  const rare = faker.number.int(39) === 0 ? faker.helpers.arrayElement(RARE_TERMS) : undefined
  const skills = faker.helpers.arrayElements(words.skills, { min: 5, max: 9 })
  if (rare?.section === 'skills') skills.splice(faker.number.int(skills.length), 0, rare.term)
  const [minYears, maxYears] = YEARS[person.level]
  const years = faker.number.int({ min: minYears, max: maxYears })
  const headline = jobTitle(person.level, faker.helpers.arrayElement(words.roles))
  const about = summary(faker, person, headline, years, skills)
  const languages = [`English - ${faker.helpers.arrayElement(LANGUAGE_LEVELS.slice(0, 3))}`]
  for (const language of faker.helpers.arrayElements(LANGUAGES, { min: 0, max: 2 })) {
    languages.push(`${language} - ${faker.helpers.arrayElement(LANGUAGE_LEVELS)}`)
  }
  if (rare?.section === 'languages') languages.push(`${rare.term} - Basic (A2)`)
  const degrees = faker.helpers
    .arrayElements(words.degrees, person.level === 'exec' ? 2 : 1)
    .map((degree) => `${degree}, University of ${faker.location.city()}`)
  const interests = faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 })
  if (rare?.section === 'interests') interests.push(rare.term)
  const hasInterests = rare?.section === 'interests' || faker.datatype.boolean(0.5)
  const certification = faker.datatype.boolean(0.3)
    ? faker.helpers.arrayElement(words.certifications)
    : undefined
  const upper = faker.datatype.boolean(0.3)
  const heading = (...options: string[]) => {
    const text = faker.helpers.arrayElement(options)
    return upper ? text.toUpperCase() : text
  }
  const headings = {
    summary: heading('Summary', 'Profile', 'About Me'),
    experience: heading('Experience', 'Work Experience', 'Employment History'),
    skills: heading('Skills', 'Key Skills', 'Core Competencies'),
    education: heading('Education', 'Education and Training'),
    certifications: heading('Certifications'),
    languages: heading('Languages'),
    projects: heading('Projects', 'Selected Projects'),
    volunteering: heading('Volunteering'),
    interests: heading('Interests'),
  }
  const jobs = [newJob(faker, person, skills, true)]
  const projects: string[] = []
  const volunteer: string[] = []

  const build = (): CvSection[] => {
    const { items, began } = experience(jobs, writtenAt)
    const graduated = began.getUTCFullYear() - (person.level === 'intern' ? 0 : 1)
    const section = (key: keyof typeof headings, texts: CvItem[]) =>
      texts.length ? [{ title: headings[key], items: texts }] : []
    const plain = (texts: string[]) => texts.map((text) => ({ text }))
    return [
      ...section('summary', plain([about])),
      ...section('experience', items),
      ...section('skills', plain([skills.join(', ')])),
      ...section('education', plain(degrees.map((d, i) => `${d}, ${graduated - i * 3}`))),
      ...section('certifications', plain(certification ? [certification] : [])),
      ...section('languages', plain(languages)),
      ...section(
        'projects',
        projects.map((text) => ({ text, bullet: true })),
      ),
      ...section('volunteering', plain(volunteer)),
      ...section('interests', plain(hasInterests ? [interests.join(', ')] : [])),
    ]
  }
  /** Adds one thing to the CV: how to take it back, and the lines it added. */
  const grow = (): { undo: () => void; lines: number } => {
    if (jobs.length < MAX_JOBS[person.level]) {
      const job = newJob(faker, person, skills, false)
      jobs.push(job)
      return { undo: () => jobs.pop(), lines: jobLines(job) }
    }
    const job = jobs.find((j) => j.achievements.length < MAX_ACHIEVEMENTS)
    if (job) {
      const text = achievement(faker, person.area, skills)
      job.achievements.push(text)
      return { undo: () => job.achievements.pop(), lines: paragraphLines({ text, bullet: true }) }
    }
    const list = projects.length <= volunteer.length ? projects : volunteer
    const text =
      list === projects
        ? project(faker, person.area, skills)
        : volunteering(faker, writtenAt.getUTCFullYear())
    // A section's first item brings its heading and the blank line before it.
    const lines = paragraphLines({ text, bullet: list === projects }) + (list.length ? 0 : 2)
    list.push(text)
    return { undo: () => list.pop(), lines }
  }

  // Grow until the last page would hold `fill` lines (counting lines is cheap; laying out the
  // CV after each addition was most of the seed's time), then lay it out once and take back the
  // last additions if page breaks pushed it past the pages drawn.
  const draft: CvDraft = { header: header(faker, person, headline), sections: build() }
  const target = (pages - 1) * LINES_PER_PAGE + faker.number.int({ min: 16, max: 38 })
  const undos: (() => void)[] = []
  let lines = paginate(draft).reduce((sum, page) => sum + pageLines(page), 0)
  while (lines < target) {
    const added = grow()
    undos.push(added.undo)
    lines += added.lines
  }
  draft.sections = build()
  let laid = paginate(draft)
  while (laid.length > pages && undos.length > 0) {
    undos.pop()?.()
    draft.sections = build()
    laid = paginate(draft)
  }
  return { ...draft, pages: laid.length, skills, rareTerm: rare?.term }
}
