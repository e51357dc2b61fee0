import { faker } from '@faker-js/faker'
import type { Area, SeniorityLevel } from '#shared/talent.ts'

/** A generated CV with the truth it carries, for measuring field extraction. */
export type CorpusCv = {
  text: string
  truth: { fullName: string; email: string; phone: string; area: Area; level: SeniorityLevel }
}

const SKILLS: Partial<Record<Area, string[]>> = {
  Engineering: ['Python', 'Kubernetes', 'TypeScript', 'backend services', 'cloud infrastructure'],
  Design: ['Figma', 'user research', 'prototyping', 'design systems', 'typography'],
  Health: ['patient care', 'clinical trials', 'hospital operations', 'medical devices'],
  'Economics & Business': [
    'financial modelling',
    'sales strategy',
    'business analysis',
    'marketing',
  ],
  'Environment & Sustainability': ['climate risk', 'renewable energy', 'carbon accounting'],
}
const TITLES: Record<SeniorityLevel, string> = {
  intern: 'Intern',
  junior: 'Junior',
  mid: '',
  senior: 'Senior',
  exec: 'Director of',
}
const ROLE: Partial<Record<Area, string>> = {
  Engineering: 'Software Engineer',
  Design: 'Product Designer',
  Health: 'Clinical Nurse',
  'Economics & Business': 'Business Analyst',
  'Environment & Sustainability': 'Sustainability Consultant',
}

const LAYOUTS = ['classic', 'labelled', 'uppercase', 'contact-first', 'two-column'] as const

function phoneNumber(): string {
  const formats = [
    '+1 (###) ###-####',
    '+44 20 #### ####',
    '+49 30 ########',
    '(###) ###-####',
    '+33 6 ## ## ## ##',
  ]
  return faker.helpers.replaceSymbols(faker.helpers.arrayElement(formats))
}

/** `count` CVs across layouts, reproducible from `seed`. */
export function generateCorpus(count: number, seed = 16): CorpusCv[] {
  faker.seed(seed)
  return Array.from({ length: count }, (_, i) => {
    const first = faker.person.firstName()
    const last = faker.person.lastName()
    const fullName = `${first} ${last}`
    const email = faker.internet.email({ firstName: first, lastName: last }).toLowerCase()
    const phone = phoneNumber()
    const area = faker.helpers.arrayElement(Object.keys(SKILLS) as Area[])
    const level = faker.helpers.arrayElement(['intern', 'junior', 'mid', 'senior', 'exec'] as const)
    const role = [TITLES[level], level === 'exec' ? (ROLE[area] ?? '').split(' ')[0] : ROLE[area]]
      .filter(Boolean)
      .join(' ')
    const skills = faker.helpers.arrayElements(SKILLS[area] ?? [], 3).join(', ')
    const body = [
      'Experience',
      `${role} at ${faker.company.name()} (${2015 + (i % 8)} - 2024)`,
      `Worked on ${skills}. ${faker.lorem.sentence()}`,
      'Education',
      `${faker.helpers.arrayElement(['BSc', 'MSc', 'BA'])} ${faker.lorem.word()}, ${faker.location.city()} University`,
      'Skills',
      skills,
    ]
    const linkedin = `linkedin.com/in/${first.toLowerCase()}-${last.toLowerCase()}`
    const layout = LAYOUTS[i % LAYOUTS.length] ?? 'classic'
    const head: Record<(typeof LAYOUTS)[number], string[]> = {
      classic: [fullName, role, `${email} | ${phone} | ${linkedin}`],
      labelled: [
        'Curriculum Vitae',
        `Name: ${fullName}`,
        `Email: ${email}`,
        `Phone: ${phone}`,
        role,
      ],
      uppercase: [
        fullName.toUpperCase(),
        role,
        faker.location.streetAddress(),
        `Tel: ${phone}`,
        email,
      ],
      'contact-first': [email, `Mobile ${phone}`, '', fullName, role],
      'two-column': [`${fullName}    ${email}`, `${role}    ${phone}`],
    }
    return {
      text: [...head[layout], '', ...body].join('\n'),
      truth: { fullName, email, phone, area, level },
    }
  })
}
