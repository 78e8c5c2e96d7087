/**
 * The success / error dialogs of SPEC §8 ('Excelente' / 'Error'), one mechanism for every screen.
 *
 * A result is kept in a tiny module store rather than in component state, because the screen that
 * saved is usually gone by the time the dialog shows (a create redirects to the new record). The one
 * <ResultDialogHost/> lives in the layout, so the dialog stays put while the page behind it changes.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useRedirect, useTranslate, type RaRecord, type RedirectionSideEffect } from 'react-admin';

export type ResultKind = 'success' | 'error';

export interface Result {
  kind: ResultKind;
  /** Translation key of the message (app.messages.*). */
  message: string;
  /** Its placeholders, e.g. {smart_count: 20}. */
  values?: Record<string, unknown>;
  /** Server-side details (field messages) shown under the message, already in the user's language. */
  details?: string[];
}

let current: Result | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};

export function showResult(result: Result) {
  current = result;
  emit();
}

export function closeResult() {
  current = null;
  emit();
}

/** Field and non-field messages of a DRF-style 400 body, for the dialog's detail lines. */
export function errorDetails(error: unknown): string[] {
  const body = (error as { body?: unknown } | null)?.body;
  if (!body || typeof body !== 'object') return [];
  const lines: string[] = [];
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (typeof value === 'string') lines.push(value);
    else if (Array.isArray(value)) lines.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return lines;
}

/** True when the server answered 400 with `non_field_errors` (e.g. the e-mail is already registered). */
export const hasNonFieldErrors = (error: unknown) => {
  const body = (error as { body?: Record<string, unknown> } | null)?.body;
  return Array.isArray(body?.non_field_errors) && body.non_field_errors.length > 0;
};

export function ResultDialogHost() {
  const result = useSyncExternalStore(subscribe, () => current, () => current);
  const translate = useTranslate();
  if (!result) return null;
  const success = result.kind === 'success';
  const message = translate(result.message, result.values);
  const Icon = success ? CheckCircleOutline : ErrorOutline;
  return (
    <Dialog open onClose={closeResult} aria-labelledby="result-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="result-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon color={success ? 'success' : 'error'} aria-hidden />
        {translate(success ? 'app.dialog.success_title' : 'app.dialog.error_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {result.details?.filter((line) => line !== message).map((line) => (
          <DialogContentText key={line} variant="body2" sx={{ mt: 1 }}>{line}</DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeResult} variant="contained" autoFocus>{translate('app.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export type Action = 'create' | 'update' | 'delete';
const DONE: Record<Action, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/** Message keys of an entity's action: app.messages.<entity>.{created,updated,deleted,create_error,...}. */
const messageKeys = (entity: string, action: Action) => ({
  success: `app.messages.${entity}.${DONE[action]}`,
  error: `app.messages.${entity}.${action}_error`,
});

export interface FeedbackOptions<T> {
  /** Where to go after success (react-admin redirect side effect); nothing by default. */
  redirect?: RedirectionSideEffect;
  resource?: string;
  /** Replaces the default error message key, e.g. depending on the server's answer. */
  errorMessage?: (error: unknown) => string | undefined;
  /** Runs after a success, e.g. to close a form dialog or refresh a list. */
  onDone?: (data: T) => void;
}

/**
 * `mutationOptions` for a create / update / delete of `entity`: the SPEC §8 dialog on success
 * or failure, then the optional redirect. Used by every form and delete button.
 */
export function useResultFeedback<T extends Partial<RaRecord> = RaRecord>(entity: string, action: Action, options: FeedbackOptions<T> = {}) {
  const redirect = useRedirect();
  const { redirect: redirectTo, resource, errorMessage, onDone } = options;
  const keys = messageKeys(entity, action);
  const onSuccess = useCallback((data: T) => {
    showResult({ kind: 'success', message: keys.success });
    onDone?.(data);
    if (redirectTo !== undefined && resource) redirect(redirectTo, resource, data?.id, data);
  }, [keys.success, onDone, redirectTo, resource, redirect]);
  const onError = useCallback((error: unknown) => {
    showResult({ kind: 'error', message: errorMessage?.(error) ?? keys.error, details: errorDetails(error) });
  }, [keys.error, errorMessage]);
  return useMemo(() => ({ onSuccess, onError }), [onSuccess, onError]);
}
