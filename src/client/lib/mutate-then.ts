import type { UseMutationResult } from '@tanstack/react-query'

type Handlers<TData, TError> = {
  onSuccess?: (data: TData) => void
  onError?: (error: TError) => void
  onSettled?: () => void
}

/**
 * Runs a mutation, then its handlers, even when the component that started it is gone by then.
 *
 * TanStack Query drops the callbacks given to `mutate` once their component unmounts, and a
 * success often unmounts it: the mutation's own refetch removes the thing it acted on (a removed
 * CV's summary, an unlocked account's Unlock button, an undone import's Undo button). The toast
 * that says what happened went with it, now and then, depending on which came first.
 * `mutateAsync`'s promise settles whatever happened to the component.
 */
export function mutateThen<TData, TError, TVariables, TContext>(
  mutation: Pick<UseMutationResult<TData, TError, TVariables, TContext>, 'mutateAsync'>,
  variables: TVariables,
  { onSuccess, onError, onSettled }: Handlers<TData, TError>,
): void {
  void mutation
    .mutateAsync(variables)
    .then(
      (data) => onSuccess?.(data),
      (error: unknown) => onError?.(error as TError),
    )
    .finally(onSettled)
}
