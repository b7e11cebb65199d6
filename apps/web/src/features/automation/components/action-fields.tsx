/**
 * The fields of one action in the rule editor: the template pool of a
 * reply or a draft (multi-select of the client's reply templates), a ticket's priority, the
 * teammate to assign (no viewers: they may not work on reviews), the teammates to notify. The
 * error under the fields is the editor's (the contract's verdict, in the screen's words); the
 * multi-selects show it as their helper text, the native selects below them.
 */
import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TICKET_PRIORITIES, type TTicketPriority } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import type { Teammate } from '../api/get-teammates.ts';
import type { FormAction } from '../rule-form.ts';

/** A choice of a multi-select: an id and its name. */
interface Choice {
  id: string;
  name: string;
}

export interface ActionFieldsProps {
  action: FormAction;
  index: number;
  templates: readonly Choice[];
  teammates: readonly Teammate[];
  error: string | null;
  onChange: (action: FormAction) => void;
  onRemove: () => void;
}

/** The chosen ids as choices, naming ids the list does not hold (a deleted template, a former teammate). */
function chosen(ids: readonly string[], choices: readonly Choice[], unknown: string): Choice[] {
  return ids.map((id) => choices.find((c) => c.id === id) ?? { id, name: unknown });
}

export function ActionFields({ action, index, templates, teammates, error, onChange, onRemove }: ActionFieldsProps) {
  const { t } = useTranslation('automation');
  const id = `automation-action-${action.key}`;
  const errorId = `${id}-error`;
  const title = t(`actionType.${action.type}`);
  const describedBy = error ? errorId : undefined;
  const people = teammates.map((m) => ({ id: m.id, name: m.fullName }));

  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: error ? 'error.main' : undefined }} data-testid="automation-action" data-type={action.type} aria-labelledby={`${id}-title`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={`${id}-title`} component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('editor.actionNumber', { number: index + 1, action: title })}
        </Typography>
        <IconButton size="small" onClick={onRemove} aria-label={t('editor.removeAction', { action: title })} data-testid="automation-action-remove">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>

      {(action.type === 'reply' || action.type === 'draft') && (
        <Autocomplete
          multiple
          disableCloseOnSelect
          size="small"
          options={templates}
          value={chosen(action.templateIds, templates, t('editor.deletedTemplate'))}
          getOptionLabel={(choice) => choice.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, next) => onChange({ ...action, templateIds: next.map((c) => c.id) })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('editor.templates')}
              error={error !== null}
              helperText={error ?? (action.type === 'reply' ? `${t('editor.templatesHelp')} ${t('editor.replyHelp')}` : t('editor.templatesHelp'))}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'automation-action-templates' } }}
            />
          )}
        />
      )}

      {action.type === 'create_ticket' && (
        <NativeSelectField id={`${id}-priority`} label={t('editor.priority')} value={action.priority} onChange={(event) => onChange({ ...action, priority: event.target.value as TTicketPriority })} htmlSelect={{ 'data-testid': 'automation-action-priority', 'aria-describedby': describedBy }}>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`editor.priorities.${priority}`)}
            </option>
          ))}
        </NativeSelectField>
      )}

      {action.type === 'assign' && (
        <NativeSelectField id={`${id}-assignee`} label={t('editor.assignee')} value={action.userId} onChange={(event) => onChange({ ...action, userId: event.target.value })} htmlSelect={{ 'data-testid': 'automation-action-assignee', 'aria-invalid': error !== null, 'aria-describedby': describedBy }}>
          <option value="">{t('editor.chooseTeammate')}</option>
          {/* A saved teammate no longer listed stays selectable, named as such, so the select shows the truth. */}
          {action.userId && !teammates.some((m) => m.id === action.userId) && <option value={action.userId}>{t('editor.unknownTeammate')}</option>}
          {teammates
            .filter((m) => !m.viewer)
            .map((m) => (
              <option key={m.id} value={m.id}>
                {m.fullName}
              </option>
            ))}
        </NativeSelectField>
      )}

      {action.type === 'notify' && (
        <Autocomplete
          multiple
          disableCloseOnSelect
          size="small"
          options={people}
          value={chosen(action.userIds, people, t('editor.unknownTeammate'))}
          getOptionLabel={(choice) => choice.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, next) => onChange({ ...action, userIds: next.map((c) => c.id) })}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('editor.notifyWho')}
              error={error !== null}
              helperText={error}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'automation-action-notify' } }}
            />
          )}
        />
      )}

      {/* The selects' error; the multi-selects show theirs as their helper text. */}
      {error && (action.type === 'create_ticket' || action.type === 'assign') && (
        <FormHelperText id={errorId} error data-testid="automation-action-error">
          {error}
        </FormHelperText>
      )}
    </Paper>
  );
}
