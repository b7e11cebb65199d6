/**
 * The user form's fields, shared by the Add drawer and the edit page: text fields, and selects
 * for role, plan and (when `withStatus`) status. Errors (user-form.ts) show under each field.
 */
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { USER_PLANS, USER_ROLES, USER_STATUSES, type TUserPlan, type TUserRole, type TUserStatus } from '../schema.ts';
import type { UserFormErrors, UserFormValues } from './user-form.ts';

export interface UserFieldsProps {
  values: UserFormValues;
  errors: UserFormErrors;
  onChange: (values: UserFormValues) => void;
  /** Whether to show the status select (the edit page; new users start active). */
  withStatus?: boolean;
  /** Columns per field from md up: 12 (one column, the drawer) or 6 (two, the edit page). */
  columns?: 6 | 12;
  /** Prefix of the fields' `data-testid`s. */
  testIdPrefix: string;
}

type TextKey = 'fullName' | 'username' | 'email' | 'company' | 'country' | 'contact';
const TEXT_FIELDS: readonly { key: TextKey; type?: string; autoComplete: string }[] = [
  { key: 'fullName', autoComplete: 'name' },
  { key: 'username', autoComplete: 'username' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'company', autoComplete: 'organization' },
  { key: 'country', autoComplete: 'country-name' },
  { key: 'contact', type: 'tel', autoComplete: 'tel' },
];

/** The fields (see the module comment). */
export function UserFields({ values, errors, onChange, withStatus = false, columns = 12, testIdPrefix }: UserFieldsProps) {
  const { t } = useTranslation('demo-users');
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => onChange({ ...values, [key]: value });
  const errorOf = (key: keyof UserFormValues) => {
    const error = errors[key];
    return error ? t(`errors.${error}`) : undefined;
  };
  return (
    <Grid container spacing={2.5}>
      {TEXT_FIELDS.map(({ key, type, autoComplete }, index) => (
        <Grid key={key} size={{ xs: 12, md: columns }}>
          <TextField
            fullWidth
            required
            autoFocus={index === 0}
            type={type}
            autoComplete={autoComplete}
            label={t(`fields.${key}`)}
            value={values[key]}
            onChange={(event) => set(key, event.target.value)}
            error={Boolean(errors[key])}
            helperText={errorOf(key)}
            slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}-${key}` } }}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, md: columns }}>
        <TextField select fullWidth label={t('fields.role')} value={values.role} onChange={(event) => set('role', event.target.value as TUserRole)}>
          {USER_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: columns }}>
        <TextField select fullWidth label={t('fields.currentPlan')} value={values.currentPlan} onChange={(event) => set('currentPlan', event.target.value as TUserPlan)}>
          {USER_PLANS.map((plan) => (
            <MenuItem key={plan} value={plan}>
              {t(`plans.${plan}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {withStatus && (
        <Grid size={{ xs: 12, md: columns }}>
          <TextField select fullWidth label={t('fields.status')} value={values.status} onChange={(event) => set('status', event.target.value as TUserStatus)}>
            {USER_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
    </Grid>
  );
}
