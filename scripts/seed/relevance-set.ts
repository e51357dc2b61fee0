import type { Area, SeniorityLevel } from '#shared/talent.ts'
import type { Db } from '../../src/server/db/open.ts'
import { talents } from '../../src/server/db/schema.ts'

/**
 * Talents planted in every seeded pool with words the generated ones
 * never carry (faker names, lorem notes), and queries whose right answers are therefore known.
 * bench:search --relevance scores them (recall@10, MRR). Keys are stable: `t01` is
 * t01@relevance.scout.test.
 */
export type PlantedTalent = {
  key: string
  fullName: string
  areaOfInterest: Area
  seniorityLevel: SeniorityLevel
  notes: string
}

export const plantedEmail = (key: string) => `${key}@relevance.scout.test`

const planted = (
  key: string,
  fullName: string,
  areaOfInterest: Area,
  seniorityLevel: SeniorityLevel,
  notes: string,
): PlantedTalent => ({ key, fullName, areaOfInterest, seniorityLevel, notes })

export const PLANTED_TALENTS: PlantedTalent[] = [
  planted(
    't01',
    'Aurelio Vantongeren',
    'Engineering',
    'senior',
    'Fortran numerical modelling for climate simulations; some Erlang.',
  ),
  planted(
    't02',
    'Brigida Okonkwo-Lindqvist',
    'Engineering',
    'mid',
    'Erlang and Elixir on telecom switches, OTP supervision trees.',
  ),
  planted('t03', 'Casimir Threlkeld', 'Science', 'senior', 'Haskell type theory and Twelf proofs.'),
  planted(
    't04',
    'Dagny Marchetti-Oyelaran',
    'Engineering',
    'junior',
    'COBOL mainframe batch jobs, JCL and CICS.',
  ),
  planted(
    't05',
    'Eulalia Przybylski',
    'Science',
    'mid',
    'Prolog expert systems and constraint logic programming.',
  ),
  planted(
    't06',
    'Florian Aldecoa',
    'Engineering',
    'senior',
    'Kubernetes operators in Go, Terraform modules, Helm charts.',
  ),
  planted(
    't07',
    'Genoveva Szczepanski',
    'Engineering',
    'mid',
    'Terraform and Ansible for hybrid cloud.',
  ),
  planted(
    't08',
    'Hieronymus Badenhorst',
    'Design',
    'senior',
    'Figma design systems and accessible typography.',
  ),
  planted(
    't09',
    'Ingeborg Vasquez-Tamura',
    'Design',
    'mid',
    'Blender modelling, Figma prototypes.',
  ),
  planted(
    't10',
    'Jovita Rautenbach',
    'Health',
    'senior',
    'Clinical trials biostatistics with SAS and Stata.',
  ),
  planted(
    't11',
    'Kasimir Oyelowo',
    'Health',
    'junior',
    'Epidemiology fieldwork; speaks Quechua and Aymara.',
  ),
  planted(
    't12',
    'Ludmila Castellanos-Ebert',
    'Education',
    'mid',
    'Montessori curriculum design for bilingual schools.',
  ),
  planted(
    't13',
    'Mirabel Achterberg',
    'Law & Ethics',
    'senior',
    'GDPR data protection audits and privacy impact assessments.',
  ),
  planted(
    't14',
    'Nikodem Fairweather',
    'Policy & Governance',
    'exec',
    'Carbon pricing policy adviser to the ministry.',
  ),
  planted(
    't15',
    'Ottilie Brennan-Moxley',
    'Media & Communication',
    'mid',
    'Podcast producer and investigative journalism; Mandarin interpreter.',
  ),
  planted(
    't16',
    'Perpetua Nakashima',
    'Arts & Culture',
    'senior',
    'Baroque harpsichord restoration and museum conservation.',
  ),
  planted(
    't17',
    'Quirinus Delacroix-Amadi',
    'Engineering',
    'senior',
    'Verilog FPGA design, embedded firmware.',
  ),
  planted(
    't18',
    'Rosalind Ekwueme',
    'Science',
    'senior',
    'PyTorch and TensorFlow deep learning for protein folding.',
  ),
  planted(
    't19',
    'Sigismund Halvorsen',
    'Science',
    'mid',
    'TensorFlow serving pipelines; protein crystallography.',
  ),
  planted(
    't20',
    'Theodora Quarshie',
    'Social Sciences',
    'mid',
    'Ethnography of apiculture cooperatives; qualitative methods.',
  ),
  planted(
    't21',
    'Ulrich Montgomery-Baptiste',
    'Engineering',
    'exec',
    'Salesforce architecture and Tableau dashboards.',
  ),
  planted(
    't22',
    'Valentina Oyarzabal',
    'Engineering',
    'mid',
    'Solidity smart contracts audits on Ethereum.',
  ),
  planted(
    't23',
    'Wilhelmina Korhonen',
    'Engineering',
    'junior',
    'Clojure and Datomic, functional programming.',
  ),
  planted(
    't24',
    'Xenophon Abernathy-Lusk',
    'Science',
    'mid',
    'Fortran for computational fluid dynamics.',
  ),
]

/** A query and its known answers (any order among them); `absent` must not be in the top 10. */
export type RelevanceQuery = { kind: string; q: string; expect: string[]; absent?: string[] }

const query = (kind: string, q: string, expect: string[], absent?: string[]): RelevanceQuery =>
  absent ? { kind, q, expect, absent } : { kind, q, expect }

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  query('rare skill', 'fortran ', ['t01', 't24']),
  query('rare skill', 'erlang ', ['t02', 't01']),
  query('rare skill', 'twelf ', ['t03']),
  query('rare skill', 'cobol ', ['t04']),
  query('rare skill', 'prolog ', ['t05']),
  query('rare skill', 'kubernetes ', ['t06']),
  query('rare skill', 'terraform ', ['t06', 't07']),
  query('rare skill', 'figma ', ['t08', 't09']),
  query('rare skill', 'blender ', ['t09']),
  query('rare skill', 'biostatistics ', ['t10']),
  query('rare skill', 'quechua ', ['t11']),
  query('rare skill', 'montessori ', ['t12']),
  query('rare skill', 'gdpr ', ['t13']),
  query('rare skill', 'harpsichord ', ['t16']),
  query('rare skill', 'verilog ', ['t17']),
  query('rare skill', 'pytorch ', ['t18']),
  query('rare skill', 'tensorflow ', ['t18', 't19']),
  query('rare skill', 'apiculture ', ['t20']),
  query('rare skill', 'salesforce ', ['t21']),
  query('rare skill', 'solidity ', ['t22']),
  query('rare skill', 'datomic ', ['t23']),
  query('two words', 'tensorflow protein ', ['t18', 't19']),
  query('two words', 'fortran climate ', ['t01']),
  query('two words', 'figma typography ', ['t08']),
  query('either word', 'cobol OR prolog ', ['t04', 't05']),
  query('phrase', '"carbon pricing"', ['t14']),
  query('phrase', '"smart contracts"', ['t22']),
  query('phrase', '"clinical trials"', ['t10']),
  query('phrase', '"design systems"', ['t08']),
  query('phrase', '"museum conservation"', ['t16']),
  query('misspelling', 'fotran ', ['t01', 't24']),
  query('misspelling', 'prolgo ', ['t05']),
  query('misspelling', 'kuberntes ', ['t06']),
  query('misspelling', 'terrafrom ', ['t06', 't07']),
  query('misspelling', 'montesori ', ['t12']),
  query('misspelling', 'harpsichrod ', ['t16']),
  query('misspelling', 'tensorflwo ', ['t18', 't19']),
  query('misspelling', 'salesfroce ', ['t21']),
  query('misspelling', 'clojrue ', ['t23']),
  query('exclusion', 'fortran -climate ', ['t24'], ['t01']),
  query('exclusion', 'tensorflow -pytorch ', ['t19'], ['t18']),
  query('exclusion', 'figma -blender ', ['t08'], ['t09']),
  query('exclusion', 'terraform -kubernetes ', ['t07'], ['t06']),
  query('field term', 'level:senior fortran ', ['t01'], ['t24']),
  query('field term', 'level:junior cobol ', ['t04']),
  query('name', 'vantongeren ', ['t01']),
  query('name', 'przybylski ', ['t05']),
  query('name', 'nakashima ', ['t16']),
  query('prefix', 'harpsi', ['t16']),
  query('prefix', 'datom', ['t23']),
]

/**
 * Adds the planted talents (those whose e-mail is not there yet) and returns how many were added.
 * Their search documents and dictionary words come from the talents table's own triggers.
 */
export async function plantRelevanceSet(db: Db): Promise<number> {
  const rows = await db
    .insert(talents)
    .values(PLANTED_TALENTS.map(({ key, ...talent }) => ({ ...talent, email: plantedEmail(key) })))
    .onConflictDoNothing()
    .returning({ id: talents.id })
  return rows.length
}
