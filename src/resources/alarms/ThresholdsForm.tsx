/**
 * The form of the alarm thresholds, shared by the portal's (settings/PortalThresholds.tsx: every value
 * required) and a plant's own (power-plants/AlarmThresholds.tsx: every value optional, empty = null =
 * the portal's). Each field is bounded as the contract bounds it, so the form refuses what the API
 * would answer with a 400; a 400 all the same shows its messages under their fields, and either way
 * the result shows in a dialog.
 */
import { useMemo } from 'react';
import { Box } from '@mui/material';
import { Form, SaveButton } from 'react-admin';
import { DecimalInput } from '../../components/DecimalInput';
import { showResult } from '../../components/ResultDialog';
import { given, numberWithin } from '../../components/validators';
import { useFormatters } from '../../i18n/format';
import { AlarmThresholds, THRESHOLD_NAMES, type ThresholdName } from '../../../contract/alarms';

export type ThresholdValues = Record<ThresholdName, number | null>;

/** The 400's field messages (http.ts puts them in body.errors) of the thresholds only. */
const fieldErrors = (error: unknown) => {
  const errors = (error as { body?: { errors?: Record<string, unknown> } }).body?.errors ?? {};
  const mine = Object.fromEntries(Object.entries(errors).filter(([field]) => (THRESHOLD_NAMES as string[]).includes(field)));
  return Object.keys(mine).length ? mine : undefined;
};

export function ThresholdsForm({ id, values, optional = false, hint, save }: {
  /** The record's id (the form starts again from `values` when they change). */
  id: string | number;
  values: ThresholdValues;
  /** An empty field is allowed and sent as null. */
  optional?: boolean;
  /** What shows under a field while it has no error. */
  hint?: (name: ThresholdName) => string;
  /** Writes every threshold (empty ones as null). */
  save: (data: ThresholdValues) => Promise<unknown>;
}) {
  const f = useFormatters();
  const validate = useMemo(() => Object.fromEntries(THRESHOLD_NAMES.map((name) =>
    [name, numberWithin(AlarmThresholds.properties[name], (n) => f.number(n), { optional })])) as Record<ThresholdName, ReturnType<typeof numberWithin>>, [f, optional]);
  const record = useMemo(() => ({ id, ...values }), [id, values]);

  const submit = async (form: Record<string, unknown>) => {
    try {
      await save(Object.fromEntries(THRESHOLD_NAMES.map((name) => [name, given(form[name]) ? Number(form[name]) : null])) as ThresholdValues);
      showResult({ kind: 'success', message: 'app.messages.alarm.thresholds_saved' });
      return undefined;
    } catch (error) {
      showResult({ kind: 'error', message: 'app.messages.alarm.thresholds_error' });
      return fieldErrors(error);
    }
  };
  return (
    <Form record={record} onSubmit={submit} noValidate>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {THRESHOLD_NAMES.map((name) => {
          const { type, minimum, maximum } = AlarmThresholds.properties[name];
          return (
            <DecimalInput key={name} source={name} label={`app.alarms.thresholds.fields.${name}`} validate={validate[name]}
              min={minimum} max={maximum} step={type === 'integer' ? 1 : 'any'} helperText={hint?.(name) ?? false} margin="none" />
          );
        })}
      </Box>
      <SaveButton label="app.alarms.thresholds.save" sx={{ mt: 2 }} />
    </Form>
  );
}
