import type { Faker } from '@faker-js/faker'
import type { Area, SeniorityLevel } from '#shared/talent.ts'
import {
  AREA_WORDS,
  CHARITIES,
  LEVEL_TITLE,
  OUTCOMES,
  VERBS,
  VOLUNTEERING,
} from './cv-vocabulary.ts'

/*
 * The lines of a seeded CV (cv-content.ts puts them together). Each has several shapes and draws
 * its words from faker, so 20,000 CVs do not read alike and their texts differ for search.
 */

/** Who a seeded CV belongs to: the talent's own fields, so the CV and the record agree. */
export type CvPerson = {
  fullName: string
  email: string
  phone: string | null
  linkedinUrl: string | null
  area: Area
  level: SeniorityLevel
}

export function jobTitle(level: SeniorityLevel, role: string): string {
  return LEVEL_TITLE[level].replace('{role}', role)
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** One achievement of a job, using one of the CV's skills. */
export function achievement(faker: Faker, area: Area, skills: string[]): string {
  const work = faker.helpers.arrayElement(AREA_WORDS[area].work)
  const skill = faker.helpers.arrayElement(skills)
  const outcome = faker.helpers
    .arrayElement(OUTCOMES)
    .replace('{n}', String(faker.number.int({ min: 3, max: 60 })))
  const verb = faker.helpers.arrayElement(VERBS)
  const { company } = faker
  return faker.helpers.arrayElement([
    () => `${verb} ${work} using ${skill}, ${outcome}.`,
    () => `${verb} ${work}, ${outcome}.`,
    () =>
      `Used ${skill} to ${company.buzzVerb()} ${company.buzzAdjective()} ${company.buzzNoun()}.`,
    () => `${company.catchPhrase()} for ${work}, built on ${skill}.`,
  ])()
}

export function project(faker: Faker, area: Area, skills: string[]): string {
  const work = faker.helpers.arrayElement(AREA_WORDS[area].work)
  const skill = faker.helpers.arrayElement(skills)
  return `${capitalize(work)}: ${faker.company.catchPhrase().toLowerCase()}, with ${skill}.`
}

export function volunteering(faker: Faker, year: number): string {
  const role = capitalize(faker.helpers.arrayElement(VOLUNTEERING))
  const charity = `${faker.location.city()} ${faker.helpers.arrayElement(CHARITIES)}`
  return `${role}, ${charity}, ${year - faker.number.int(8)} - ${year}`
}

const experienceYears = (years: number) =>
  years === 0 ? 'less than a year' : `${years} year${years === 1 ? '' : 's'}`

/** Two sentences: who the person is, and what they are looking for. */
export function summary(
  faker: Faker,
  person: CvPerson,
  headline: string,
  years: number,
  skills: string[],
): string {
  const [first = '', second = '', third = ''] = skills
  const who = faker.helpers.arrayElement([
    () => `${headline} with ${experienceYears(years)} of experience in ${first} and ${second}.`,
    () =>
      `I am a ${headline.toLowerCase()} who enjoys ${third}, ${second} and working with people.`,
    () =>
      `${headline} focused on ${first}; known for the ability to ${faker.company.buzzPhrase()}.`,
  ])()
  const ambition = faker.helpers.arrayElement(['a new challenge', 'a role', 'opportunities'])
  return `${who} Looking for ${ambition} in ${person.area.toLowerCase()}.`
}

/** Name, headline and contact details in one of three common layouts. */
export function header(faker: Faker, person: CvPerson, headline: string): string[] {
  const linkedin = person.linkedinUrl?.replace(/^https:\/\/www\./, '')
  const contact = [person.email, person.phone, linkedin, faker.location.city()].filter(
    (line): line is string => Boolean(line),
  )
  switch (faker.number.int(2)) {
    case 0:
      return [person.fullName, headline, contact.join(' | ')]
    case 1:
      return [
        'Curriculum Vitae',
        `Name: ${person.fullName}`,
        `Email: ${person.email}`,
        ...(person.phone ? [`Phone: ${person.phone}`] : []),
        ...(linkedin ? [`LinkedIn: ${linkedin}`] : []),
        headline,
      ]
    default:
      return [person.fullName.toUpperCase(), headline, ...contact]
  }
}
