import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  deletedFieldSchema,
  fieldDefinitionSchema,
  fieldDeletedSchema,
  fieldDeleteUndoneSchema,
  typeChangePreviewSchema,
  type CreateFieldInput,
  type FieldType,
  type UpdateField,
} from '#shared/fields.ts'
import { api } from '../../lib/api.ts'
import { queryRoots } from '../../lib/query-roots.ts'

// Custom field definitions: read by every signed-in person (private ones by admins only),
// changed by admins. A change moves what talents show, so the talents' cache is dropped too.

export const fieldKeys = {
  all: queryRoots.fields,
  list: [...queryRoots.fields, 'list'] as const,
  deleted: [...queryRoots.fields, 'deleted'] as const,
}

export function fieldsOptions() {
  return queryOptions({
    queryKey: fieldKeys.list,
    queryFn: () => api.get('/api/fields', z.array(fieldDefinitionSchema)),
    staleTime: 60_000,
  })
}

export function fetchTypeChangePreview(id: number, type: FieldType) {
  return api.get(`/api/fields/${id}/type-change-preview`, typeChangePreviewSchema, { type })
}

function useInvalidateFields() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.fields }),
      queryClient.invalidateQueries({ queryKey: queryRoots.talents }),
    ])
}

export function useCreateField() {
  const invalidate = useInvalidateFields()
  return useMutation({
    mutationFn: (input: CreateFieldInput) => api.post('/api/fields', fieldDefinitionSchema, input),
    onSuccess: invalidate,
  })
}

export function useUpdateField() {
  const invalidate = useInvalidateFields()
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateField & { id: number }) =>
      api.patch(`/api/fields/${id}`, fieldDefinitionSchema, input),
    onSuccess: invalidate,
  })
}

export function useDeleteField() {
  const invalidate = useInvalidateFields()
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await api.delete(`/api/fields/${id}`)
      return fieldDeletedSchema.parse(await response.json())
    },
    onSuccess: invalidate,
  })
}

/** Fields deleted in the last 24 hours that Undo can still bring back (admins). */
export function deletedFieldsOptions() {
  return queryOptions({
    queryKey: fieldKeys.deleted,
    queryFn: () => api.get('/api/fields/deleted', z.array(deletedFieldSchema)),
  })
}

export function useUndoFieldDelete() {
  const invalidate = useInvalidateFields()
  return useMutation({
    mutationFn: (undoId: number) =>
      api.post(`/api/fields/deleted/${undoId}/undo`, fieldDeleteUndoneSchema),
    onSuccess: invalidate,
  })
}
