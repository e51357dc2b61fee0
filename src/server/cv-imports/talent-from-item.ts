import type { TalentInput } from '#shared/talent.ts'
import { defaultPrivacyRecord, IMPORT_DEFAULT_SOURCE } from '#shared/privacy.ts'
import { recordCreated } from '../changes/change-set.ts'
import { addCvVersion } from '../cvs/service.ts'
import type { Db } from '../db/open.ts'
import type { Actor } from '../db/rows.ts'
import { createTalent } from '../talents/service.ts'

/**
 * Whose import a row belongs to, the change set its writes are recorded in, and how many CV
 * versions a talent keeps (CV_MAX_VERSIONS, security rule 48).
 */
export type ImportContext = { changeSetId: number; actor: Actor; maxCvVersions: number }
export type ImportFile = { sha256: string; fileName: string }

/** The row's CV becomes the current CV of a talent that already has its e-mail. */
export async function attachToTalent(
  tx: Db,
  { changeSetId, actor, maxCvVersions }: ImportContext,
  talentId: number,
  file: ImportFile,
): Promise<void> {
  const cv = await addCvVersion(tx, talentId, file.sha256, file.fileName, actor, maxCvVersions)
  await recordCreated(tx, changeSetId, 'talent_cv', cv.id)
}

/**
 * A new talent from a row, through the talent form's own service (the same rules, the same
 * History entry), with the row's CV attached; both recorded for undo. Answers the talent's id.
 * Its privacy record says `imported` (security rule 49): the files tell nothing of how they
 * were obtained; the Privacy tab corrects it.
 */
export async function createFromItem(
  tx: Db,
  context: ImportContext,
  input: TalentInput,
  file: ImportFile,
): Promise<number> {
  const privacy = input.privacy ?? defaultPrivacyRecord(IMPORT_DEFAULT_SOURCE)
  const talent = await createTalent(tx, { ...input, privacy }, context.actor)
  await recordCreated(tx, context.changeSetId, 'talent', talent.id)
  await attachToTalent(tx, context, talent.id, file)
  return talent.id
}
