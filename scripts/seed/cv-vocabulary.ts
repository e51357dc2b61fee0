import type { Area } from '#shared/talent.ts'

/*
 * Words the seed's CVs are made of (npm run db:seed -- --cvs N). Skills, roles and degrees follow
 * each talent's area of interest, so a search for "Kubernetes" finds engineers, not nurses. Plain
 * ASCII: the generated PDFs' standard font covers Latin-1 only.
 */

/** 'a, b, c' → ['a', 'b', 'c']: one line per list keeps the tables readable. */
const list = (words: string): string[] => words.split(', ')

type AreaWords = {
  /** Job titles without a seniority prefix. */
  roles: string[]
  skills: string[]
  /** What a bullet says was built, run or improved. */
  work: string[]
  degrees: string[]
  certifications: string[]
}

export const AREA_WORDS: Record<Area, AreaWords> = {
  Science: {
    roles: list('Research Scientist, Lab Analyst, Postdoctoral Researcher, Data Scientist'),
    skills: list(
      'R, Python, mass spectrometry, PCR, statistical modelling, CRISPR, microscopy, Bayesian inference, grant writing, lab safety, MATLAB, LaTeX',
    ),
    work: list(
      'a longitudinal study, the sequencing pipeline, a field sampling campaign, the lab information system, a peer-reviewed replication',
    ),
    degrees: list('BSc Biology, MSc Chemistry, PhD Molecular Biology, BSc Physics'),
    certifications: list('Good Laboratory Practice, Biosafety Level 2 training'),
  },
  Engineering: {
    roles: list(
      'Software Engineer, Backend Developer, DevOps Engineer, Data Engineer, Frontend Developer',
    ),
    skills: list(
      'TypeScript, Python, Go, Kubernetes, PostgreSQL, React, AWS, Terraform, Docker, Kafka, GraphQL, CI/CD, Rust, Java',
    ),
    work: list(
      'a payments API, the CI pipeline, a data platform, the mobile release process, an event-driven billing service, the observability stack',
    ),
    degrees: list('BSc Computer Science, MEng Software Engineering, BSc Mathematics'),
    certifications: list('AWS Certified Solutions Architect, Certified Kubernetes Administrator'),
  },
  Health: {
    roles: list(
      'Registered Nurse, Clinical Research Coordinator, Physiotherapist, Public Health Officer',
    ),
    skills: list(
      'patient care, triage, clinical trials, electronic health records, ICH-GCP, epidemiology, wound care, infection control, phlebotomy, health promotion',
    ),
    work: list(
      'a ward discharge protocol, a vaccination drive, the patient intake process, a multi-site clinical trial, a falls-prevention programme',
    ),
    degrees: list('BSc Nursing, MPH Public Health, BSc Physiotherapy'),
    certifications: list('Basic Life Support, Advanced Cardiac Life Support'),
  },
  Education: {
    roles: list('Teacher, Curriculum Designer, Learning Specialist, Education Coordinator'),
    skills: list(
      'curriculum design, classroom management, assessment design, e-learning, Moodle, special educational needs, differentiated instruction, mentoring',
    ),
    work: list(
      'a blended-learning course, the Year 9 science curriculum, a teacher mentoring scheme, an after-school literacy club',
    ),
    degrees: list('BEd Primary Education, MA Education, PGCE Secondary Mathematics'),
    certifications: list('Qualified Teacher Status, TEFL Certificate'),
  },
  'Social Sciences': {
    roles: list('Research Analyst, Policy Researcher, UX Researcher, Social Researcher'),
    skills: list(
      'survey design, qualitative interviewing, SPSS, Stata, ethnography, regression analysis, NVivo, focus groups, mixed methods',
    ),
    work: list(
      'a national household survey, a community needs assessment, an evaluation of a housing programme, a panel study of 2,000 respondents',
    ),
    degrees: list('BA Sociology, MSc Social Research Methods, BA Psychology'),
    certifications: list('Market Research Society Certificate'),
  },
  'Law & Ethics': {
    roles: list('Associate Lawyer, Compliance Officer, Legal Counsel, Paralegal'),
    skills: list(
      'contract drafting, GDPR, litigation support, regulatory compliance, due diligence, legal research, employment law, intellectual property',
    ),
    work: list(
      'a GDPR compliance programme, the contract review process, a cross-border acquisition, the whistleblowing policy',
    ),
    degrees: list('LLB Law, LLM International Law, JD'),
    certifications: list('Certified Information Privacy Professional, Bar admission'),
  },
  Design: {
    roles: list('Product Designer, UX Designer, Graphic Designer, Service Designer'),
    skills: list(
      'Figma, user research, prototyping, design systems, typography, accessibility, Adobe Illustrator, usability testing, information architecture',
    ),
    work: list('a design system, the onboarding flow, a brand refresh, the checkout redesign'),
    degrees: list('BA Graphic Design, MA Interaction Design, BDes Industrial Design'),
    certifications: list('Nielsen Norman UX Certificate'),
  },
  'Arts & Culture': {
    roles: list('Curator, Arts Programme Manager, Gallery Coordinator, Archivist'),
    skills: list(
      'exhibition planning, collections management, fundraising, art history, event production, digitisation, audience development, conservation',
    ),
    work: list(
      'a touring exhibition, the collection digitisation project, a summer festival, an artist residency programme',
    ),
    degrees: list('BA Art History, MA Museum Studies, BA Fine Art'),
    certifications: list('Collections Care Certificate'),
  },
  'Media & Communication': {
    roles: list('Content Strategist, Journalist, Communications Manager, Social Media Manager'),
    skills: list(
      'copywriting, SEO, press relations, video editing, content strategy, social media analytics, crisis communication, podcast production, Google Analytics',
    ),
    work: list(
      'a newsletter with 40,000 readers, the press office, a rebrand campaign, a weekly podcast',
    ),
    degrees: list('BA Journalism, MA Media and Communication, BA English Literature'),
    certifications: list('Google Analytics Certification, HubSpot Content Marketing'),
  },
  'Policy & Governance': {
    roles: list('Policy Advisor, Programme Officer, Governance Analyst, Public Affairs Manager'),
    skills: list(
      'policy analysis, stakeholder engagement, impact assessment, public consultation, legislative drafting, briefing writing, cost-benefit analysis, risk management',
    ),
    work: list(
      'a regional transport strategy, a public consultation, the ministerial briefing process, a cross-government working group',
    ),
    degrees: list('BA Politics, MPA Public Administration, MSc Public Policy'),
    certifications: list('PRINCE2 Foundation'),
  },
  'Economics & Business': {
    roles: list(
      'Business Analyst, Financial Analyst, Account Manager, Operations Manager, Economist',
    ),
    skills: list(
      'financial modelling, Excel, SQL, forecasting, sales strategy, Salesforce, budgeting, market research, Power BI, econometrics, negotiation',
    ),
    work: list(
      'the quarterly forecast, a pricing review, the sales pipeline, a supplier consolidation, the board reporting pack',
    ),
    degrees: list('BSc Economics, MBA, BA Business Administration, MSc Finance'),
    certifications: list('CFA Level II, ACCA, Certified Scrum Product Owner'),
  },
  'Environment & Sustainability': {
    roles: list('Sustainability Consultant, Environmental Scientist, ESG Analyst, Energy Analyst'),
    skills: list(
      'carbon accounting, life cycle assessment, GIS, renewable energy, ESG reporting, climate risk, environmental impact assessment, biodiversity surveys, ISO 14001',
    ),
    work: list(
      'a net-zero roadmap, the annual ESG report, a solar farm feasibility study, a river restoration project',
    ),
    degrees: list('BSc Environmental Science, MSc Sustainable Development, MSc Energy Systems'),
    certifications: list('GHG Protocol Corporate Standard, LEED Green Associate'),
  },
  'Entrepreneurship & Innovation': {
    roles: list('Founder, Product Manager, Innovation Lead, Venture Analyst'),
    skills: list(
      'product strategy, fundraising, lean startup, go-to-market, pitching, customer discovery, OKRs, growth experiments, roadmapping',
    ),
    work: list('a seed round, an MVP, the innovation lab, a corporate accelerator programme'),
    degrees: list('BSc Management, MBA, MSc Innovation Management'),
    certifications: list('Certified Scrum Product Owner, Design Thinking Certificate'),
  },
}

/** A role's title at each level ('{role}' is the role); mid-level titles are the role alone. */
export const LEVEL_TITLE = {
  intern: '{role} Intern',
  junior: 'Junior {role}',
  mid: '{role}',
  senior: 'Senior {role}',
  exec: 'Principal {role}',
} as const

export const VOLUNTEERING = list('mentor, coordinator, treasurer, coach, trustee, event volunteer')
export const CHARITIES = list(
  'Food Bank, Youth Club, Public Library, Hospice, Animal Shelter, Refugee Welcome Centre',
)

export const VERBS = list(
  'Led, Built, Designed, Delivered, Coordinated, Improved, Launched, Managed, Ran, Introduced, Automated, Reorganised, Analysed, Scaled',
)

export const OUTCOMES = list(
  'cutting turnaround time by {n}%, raising satisfaction scores by {n}%, saving {n},000 a year, for {n} people, ahead of schedule, reducing errors by {n}%, with a team of {n}, growing usage by {n}%',
)

export const LANGUAGES = list(
  'Spanish, French, German, Portuguese, Italian, Mandarin, Japanese, Arabic, Hindi, Dutch, Polish, Swedish, Korean, Turkish',
)

export const LANGUAGE_LEVELS = list(
  'Native, Fluent, Professional working proficiency, Intermediate (B1), Basic (A2)',
)

export const INTERESTS = list(
  'running, chess, photography, cooking, climbing, choir singing, cycling, volunteering at a food bank, open-water swimming, gardening, board games',
)

/**
 * Rare words, each in few CVs, so a search feature has needles to find.
 * About 1 CV in 40 gets one; `section` says where it is written.
 */
export const RARE_TERMS = [
  { term: 'COBOL', section: 'skills' },
  { term: 'Fortran 77', section: 'skills' },
  { term: 'Erlang/OTP', section: 'skills' },
  { term: 'Prolog', section: 'skills' },
  { term: 'dendrochronology', section: 'skills' },
  { term: 'hydroponics', section: 'skills' },
  { term: 'stenography', section: 'skills' },
  { term: 'bookbinding', section: 'interests' },
  { term: 'beekeeping', section: 'interests' },
  { term: 'glassblowing', section: 'interests' },
  { term: 'falconry', section: 'interests' },
  { term: 'Antarctic field season', section: 'interests' },
  { term: 'Quechua', section: 'languages' },
  { term: 'Icelandic', section: 'languages' },
  { term: 'Esperanto', section: 'languages' },
  { term: 'Basque', section: 'languages' },
] as const

export type RareTerm = (typeof RARE_TERMS)[number]
